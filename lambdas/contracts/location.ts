import * as z from 'zod';

/** The 50 US states (the spec's location dropdown), with their postal codes. */
export const US_STATES = [
  { name: 'Alabama', code: 'AL' },
  { name: 'Alaska', code: 'AK' },
  { name: 'Arizona', code: 'AZ' },
  { name: 'Arkansas', code: 'AR' },
  { name: 'California', code: 'CA' },
  { name: 'Colorado', code: 'CO' },
  { name: 'Connecticut', code: 'CT' },
  { name: 'Delaware', code: 'DE' },
  { name: 'Florida', code: 'FL' },
  { name: 'Georgia', code: 'GA' },
  { name: 'Hawaii', code: 'HI' },
  { name: 'Idaho', code: 'ID' },
  { name: 'Illinois', code: 'IL' },
  { name: 'Indiana', code: 'IN' },
  { name: 'Iowa', code: 'IA' },
  { name: 'Kansas', code: 'KS' },
  { name: 'Kentucky', code: 'KY' },
  { name: 'Louisiana', code: 'LA' },
  { name: 'Maine', code: 'ME' },
  { name: 'Maryland', code: 'MD' },
  { name: 'Massachusetts', code: 'MA' },
  { name: 'Michigan', code: 'MI' },
  { name: 'Minnesota', code: 'MN' },
  { name: 'Mississippi', code: 'MS' },
  { name: 'Missouri', code: 'MO' },
  { name: 'Montana', code: 'MT' },
  { name: 'Nebraska', code: 'NE' },
  { name: 'Nevada', code: 'NV' },
  { name: 'New Hampshire', code: 'NH' },
  { name: 'New Jersey', code: 'NJ' },
  { name: 'New Mexico', code: 'NM' },
  { name: 'New York', code: 'NY' },
  { name: 'North Carolina', code: 'NC' },
  { name: 'North Dakota', code: 'ND' },
  { name: 'Ohio', code: 'OH' },
  { name: 'Oklahoma', code: 'OK' },
  { name: 'Oregon', code: 'OR' },
  { name: 'Pennsylvania', code: 'PA' },
  { name: 'Rhode Island', code: 'RI' },
  { name: 'South Carolina', code: 'SC' },
  { name: 'South Dakota', code: 'SD' },
  { name: 'Tennessee', code: 'TN' },
  { name: 'Texas', code: 'TX' },
  { name: 'Utah', code: 'UT' },
  { name: 'Vermont', code: 'VT' },
  { name: 'Virginia', code: 'VA' },
  { name: 'Washington', code: 'WA' },
  { name: 'West Virginia', code: 'WV' },
  { name: 'Wisconsin', code: 'WI' },
  { name: 'Wyoming', code: 'WY' },
] as const;

export type UsStateName = (typeof US_STATES)[number]['name'];
export type UsStateCode = (typeof US_STATES)[number]['code'];

export const US_STATE_NAMES = US_STATES.map((state) => state.name) as [UsStateName, ...UsStateName[]];

export const usStateNameSchema = z.enum(US_STATE_NAMES, { error: 'Please choose one of the 50 US states' });

/** What validateInviteCode receives when the member has not said where they live yet. */
export const UNKNOWN_LOCATION = 'Unknown';

function collapseSpaces(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ');
}

/**
 * A state as typed → its full name: the full name, the 2-letter code, or a prefix that only one
 * state's name starts with ("Cal" → California; "New" is ambiguous → null). Case-insensitive.
 */
export function normalizeState(raw: string): UsStateName | null {
  const typed = collapseSpaces(raw).toLowerCase().replace(/\.$/, '');
  if (!typed) return null;
  const exact = US_STATES.find((state) => state.name.toLowerCase() === typed || state.code.toLowerCase() === typed);
  if (exact) return exact.name;
  const byPrefix = US_STATES.filter((state) => state.name.toLowerCase().startsWith(typed));
  return byPrefix.length === 1 && byPrefix[0] ? byPrefix[0].name : null;
}

export function stateCode(name: UsStateName): UsStateCode {
  const state = US_STATES.find((candidate) => candidate.name === name);
  if (!state) throw new Error(`Not a US state: ${name}`);
  return state.code;
}

/** Small words stay lower-case inside a name ("Port of Spain" style), never at its start. */
const LOWER_CASE_WORDS = new Set(['of', 'the', 'on', 'upon', 'in', 'de', 'la', 'du', 'at']);

/** "mcallen" → "McAllen", "macon" stays "Macon" (Mac is too often a plain syllable). */
function capitalizePart(part: string): string {
  if (!part) return part;
  const lower = part.toLowerCase();
  if (/^mc[a-z]{2,}/.test(lower)) return `Mc${lower.charAt(2).toUpperCase()}${lower.slice(3)}`;
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** Capitalizes each piece of a word split at hyphens, apostrophes and dots ("winston-salem", "o'fallon", "st.louis"). */
function capitalizeWord(word: string): string {
  return word
    .split(/([-'’.])/)
    .map((piece) => capitalizePart(piece))
    .join('');
}

/**
 * A city as typed → a consistent spelling: trimmed, single spaces, each word capitalized
 * ("st. louis" → "St. Louis", "WINSTON-SALEM" → "Winston-Salem", "mcallen" → "McAllen",
 * "coeur d'alene" → "Coeur D'Alene"). Local invites compare cities after this step.
 */
export function normalizeCity(raw: string): string {
  const words = collapseSpaces(raw).split(' ').filter(Boolean);
  return words.map((word, index) => (index > 0 && LOWER_CASE_WORDS.has(word.toLowerCase()) ? word.toLowerCase() : capitalizeWord(word))).join(' ');
}

/** "City, State" as shown to a newcomer (inviterLocation). */
export function formatCityState(city: string, state: string): string {
  return [city, state].filter(Boolean).join(', ');
}

/** How a country may trail a typed or pasted city ("Portland, Oregon, United States"). */
const COUNTRY_NAMES = new Set(['united states', 'united states of america', 'usa', 'us', 'u.s', 'u.s.a']);

/** A state named exactly (full name or 2-letter code, any case): no prefixes, so "Or" in a city stays. */
function exactState(raw: string): UsStateName | null {
  const typed = collapseSpaces(raw).toLowerCase().replace(/\.$/, '');
  return US_STATES.find((state) => state.name.toLowerCase() === typed || state.code.toLowerCase() === typed)?.name ?? null;
}

/**
 * A place as a member typed, pasted or picked it → the city alone (normalizeCity) and the state's
 * full name. A trailing ", <state>" or ", <country>" is not part of the city's name: a picked
 * suggestion once saved "Portland, Oregon" as the city, and places are compared, counted
 * and shown as city and state apart. The trailing state is dropped when it is the place's state (or
 * the state is missing, then it becomes the state); a different one is left for the member to see.
 * A state that names none of the 50 is kept as typed.
 */
export function normalizePlace(city: string, state: string): { city: string; state: string } {
  const parts = city
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  let stateName = normalizeState(state);
  // Nothing but commas: kept as typed (normalizeCity), never saved as an empty city.
  if (parts.length === 0) return { city: normalizeCity(city), state: stateName ?? collapseSpaces(state) };
  while (parts.length > 1) {
    const last = parts.at(-1) ?? '';
    if (COUNTRY_NAMES.has(last.toLowerCase().replace(/\.$/, ''))) {
      parts.pop();
      continue;
    }
    const named = exactState(last);
    if (!named || (stateName && named !== stateName)) break;
    stateName = named;
    parts.pop();
  }
  return { city: normalizeCity(parts.join(', ')), state: stateName ?? collapseSpaces(state) };
}
