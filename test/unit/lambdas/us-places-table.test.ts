import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildUsPlaces, loadZipcodes } from '../../../lambdas/data/places/build-us-places.ts';

describe('the committed city-centre table', () => {
  it('is what `npm run build:places` makes from the pinned zipcodes package', () => {
    const committed = readFileSync(new URL('../../../lambdas/data/places/us-places.txt', import.meta.url), 'utf8');
    expect(committed === buildUsPlaces(loadZipcodes())).toBe(true);
  });
});
