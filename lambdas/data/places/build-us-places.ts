/**
 * Builds us-places.txt, the compact city-centre table the location Lambdas read, from the npm
 * package `zipcodes` (a dev dependency: its 5 MB of ZIP records never reach a bundle). A city's
 * centre is the mean of its ZIP codes' centroids. Run: `npm run build:places`.
 *
 * Format (UTF-8 text, about 0.6 MB): a line `=XX` starts a state (postal code), then one line per
 * city, `City Name;lat;lon[;zipCount]`, the name as normalizeCity spells it, coordinates to 3 decimals.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { US_STATES, normalizeCity } from '#contracts/location';

interface ZipRecord {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

export function buildUsPlaces(codes: Record<string, ZipRecord>): string {
  const sums = new Map<string, Map<string, { lat: number; lon: number; n: number }>>();
  const stateCodes = new Set<string>(US_STATES.map((state) => state.code));
  for (const record of Object.values(codes)) {
    if (!stateCodes.has(record.state) || !Number.isFinite(record.latitude) || !Number.isFinite(record.longitude)) continue;
    const city = normalizeCity(record.city);
    if (!city) continue;
    const cities = sums.get(record.state) ?? new Map<string, { lat: number; lon: number; n: number }>();
    sums.set(record.state, cities);
    const sum = cities.get(city) ?? { lat: 0, lon: 0, n: 0 };
    cities.set(city, { lat: sum.lat + record.latitude, lon: sum.lon + record.longitude, n: sum.n + 1 });
  }
  const lines: string[] = [];
  for (const code of [...sums.keys()].sort()) {
    lines.push(`=${code}`);
    const cities = sums.get(code) ?? new Map();
    for (const [city, sum] of [...cities.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      // The ZIP count ranks suggestions (a rough size of the place); 1 is left out.
      const rank = sum.n > 1 ? `;${sum.n}` : '';
      lines.push(`${city};${(sum.lat / sum.n).toFixed(3)};${(sum.lon / sum.n).toFixed(3)}${rank}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function loadZipcodes(): Record<string, ZipRecord> {
  const require = createRequire(import.meta.url);
  return (require('zipcodes/lib/codes.js') as { codes: Record<string, ZipRecord> }).codes;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const target = new URL('./us-places.txt', import.meta.url);
  writeFileSync(target, buildUsPlaces(loadZipcodes()));
  console.log(`Wrote ${target.pathname}`);
}
