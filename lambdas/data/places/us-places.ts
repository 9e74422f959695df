import { readFileSync } from 'node:fs';
import { normalizeCity, normalizePlace, normalizeState, US_STATES, type UsStateName } from '#contracts/location';
import { cityKey, type LatLon } from '#domain/places';

/**
 * The US city-centre table (us-places.txt, built by build-us-places.ts from the `zipcodes`
 * package). It is read from the file beside this module — in a Lambda, the file CDK copies beside
 * the bundle (see the row's `assets` in callable-handlers.ts) — once per process, on first use.
 */
interface City extends LatLon {
  name: string;
  rank: number;
}

let byState: Map<UsStateName, Map<string, City>> | undefined;

const STATE_BY_CODE = new Map<string, UsStateName>(US_STATES.map((state) => [state.code, state.name]));

function table(): Map<UsStateName, Map<string, City>> {
  if (byState) return byState;
  const text = readFileSync(new URL('./us-places.txt', import.meta.url), 'utf8');
  const states = new Map<UsStateName, Map<string, City>>();
  let cities: Map<string, City> | undefined;
  for (const line of text.split('\n')) {
    if (!line) continue;
    if (line.startsWith('=')) {
      const state = STATE_BY_CODE.get(line.slice(1));
      cities = new Map();
      if (state) states.set(state, cities);
      continue;
    }
    const [name = '', lat = '', lon = '', rank = '1'] = line.split(';');
    cities?.set(cityKey(name), { name, lat: Number(lat), lon: Number(lon), rank: Number(rank) });
  }
  byState = states;
  return states;
}

/**
 * The centre of a city in a state (full name, code or prefix), or null if the table lacks it. The
 * place is normalized first ("Portland, Oregon" is Portland: normalizePlace).
 */
export function findCityCentre(city: string, state: string): LatLon | null {
  const place = normalizePlace(city, state);
  const stateName = normalizeState(place.state);
  if (!stateName) return null;
  const found = table().get(stateName)?.get(cityKey(place.city));
  return found ? { lat: found.lat, lon: found.lon } : null;
}

export interface CitySuggestion {
  city: string;
  state: UsStateName;
}

/**
 * Up to `limit` known cities whose name starts with the query, larger places first (by how many
 * ZIP codes they have), within one state when it is given and recognised.
 */
export function suggestCities(query: string, state: string | undefined, limit = 10): CitySuggestion[] {
  const prefix = cityKey(query);
  if (!prefix) return [];
  const onlyState = state ? normalizeState(state) : null;
  const matches: (City & { state: UsStateName })[] = [];
  for (const [stateName, cities] of table()) {
    if (onlyState && stateName !== onlyState) continue;
    for (const [key, city] of cities) if (key.startsWith(prefix)) matches.push({ ...city, state: stateName });
  }
  matches.sort((a, b) => b.rank - a.rank || a.name.localeCompare(b.name) || a.state.localeCompare(b.state));
  return matches.slice(0, limit).map((match) => ({ city: normalizeCity(match.name), state: match.state }));
}
