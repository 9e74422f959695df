/** Pure geography for the invite rules: comparable city keys and great-circle distance. */

export interface LatLon {
  lat: number;
  lon: number;
}

/** Within this distance of the inviter's city centre a different place counts as distant (spec §9). */
export const DISTANT_RADIUS_MILES = 50;

const EARTH_RADIUS_MILES = 3958.8;

/** Haversine distance between two points, in miles. */
export function distanceMiles(a: LatLon, b: LatLon): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

const ABBREVIATIONS: Record<string, string> = { st: 'saint', ste: 'sainte', ft: 'fort', mt: 'mount', pt: 'point' };

/**
 * A city name reduced to what identifies it: lower case, punctuation as spaces, common
 * abbreviations spelled out — so "St. Louis", "saint louis" and "Saint-Louis" are one city, as are
 * "Winston-Salem" and "Winston Salem". Two members live in the same city when their keys (and
 * states) are equal.
 */
export function cityKey(city: string): string {
  return city
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');
}
