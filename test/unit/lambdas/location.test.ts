import { describe, expect, it } from 'vitest';
import { normalizeCity, normalizeState, US_STATES, formatCityState } from '#contracts/location';

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
