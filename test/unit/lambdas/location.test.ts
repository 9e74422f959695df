import { describe, expect, it } from 'vitest';
import { normalizeCity, normalizePlace, normalizeState, US_STATES, formatCityState } from '#contracts/location';

describe('normalizeState', () => {
  it('knows the 50 states with unique codes', () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES.map((state) => state.code)).size).toBe(50);
  });

  it.each([
    ['California', 'California'],
    ['california', 'California'],
    ['CA', 'California'],
    ['ca', 'California'],
    ['  new   york ', 'New York'],
    ['Cal', 'California'],
    ['wyo', 'Wyoming'],
    ['Rhode', 'Rhode Island'],
    ['TX.', 'Texas'],
  ])('%s → %s', (typed, expected) => {
    expect(normalizeState(typed)).toBe(expected);
  });

  it.each(['New', 'North', 'M', '', 'Ontario', 'DC', 'Unknown'])('refuses %j (ambiguous or not a state)', (typed) => {
    expect(normalizeState(typed)).toBeNull();
  });
});

describe('normalizeCity', () => {
  it.each([
    ['  san   francisco ', 'San Francisco'],
    ['AUSTIN', 'Austin'],
    ['st. louis', 'St. Louis'],
    ['ST. LOUIS', 'St. Louis'],
    ['winston-salem', 'Winston-Salem'],
    ['mcallen', 'McAllen'],
    ['MCKINNEY', 'McKinney'],
    ['macon', 'Macon'],
    ["o'fallon", "O'Fallon"],
    ['isle of palms', 'Isle of Palms'],
    ['', ''],
  ])('%j → %j', (typed, expected) => {
    expect(normalizeCity(typed)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const city of ['St. Louis', 'Winston-Salem', 'McAllen', 'Isle of Palms']) expect(normalizeCity(normalizeCity(city))).toBe(city);
  });
});

describe('formatCityState', () => {
  it('joins the parts that exist', () => {
    expect(formatCityState('Austin', 'Texas')).toBe('Austin, Texas');
    expect(formatCityState('', 'Texas')).toBe('Texas');
  });
});

describe('normalizePlace', () => {
  it.each([
    // A picked suggestion once saved whole as the city.
    [['Portland, Oregon', 'Oregon'], { city: 'Portland', state: 'Oregon' }],
    [['Portland, Oregon, Oregon, United States', 'Oregon'], { city: 'Portland', state: 'Oregon' }],
    [['portland, OR', 'or'], { city: 'Portland', state: 'Oregon' }],
    [['Portland, Oregon', ''], { city: 'Portland', state: 'Oregon' }],
    [['Austin, TX, USA', 'Texas'], { city: 'Austin', state: 'Texas' }],
    [['  st. louis ', 'MO'], { city: 'St. Louis', state: 'Missouri' }],
    // A different state after the comma is left for the member to see, not silently dropped.
    [['Portland, Maine', 'Oregon'], { city: 'Portland, Maine', state: 'Oregon' }],
    // Only whole state names or codes are cut: "Or" alone is not a suffix here, it is the city.
    [['Or', 'Oregon'], { city: 'Or', state: 'Oregon' }],
    [['Unknown', 'Unknown'], { city: 'Unknown', state: 'Unknown' }],
    // Never an empty city from a non-empty one.
    [[' , ,', 'Texas'], { city: ', ,', state: 'Texas' }],
  ])('%j → %j', ([city, state], expected) => {
    expect(normalizePlace(city ?? '', state ?? '')).toEqual(expected);
  });
});
