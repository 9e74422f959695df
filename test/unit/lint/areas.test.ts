import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callableAreas, callableNames, type CallableArea } from '#contracts/callables';
import { callableHandlers } from '#lambdas/callable-handlers';

/** Web features with no callable area of their own: public pages, and Cognito's sign-in and sign-up screens. */
const WEB_ONLY_FEATURES = ['about', 'auth', 'landing', 'legal'];

const areas = Object.keys(callableAreas) as CallableArea[];
const foldersOf = (dir: string) =>
  readdirSync(new URL(`../../../${dir}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('one name per area across contracts, handlers and web features', () => {
  it.each(areas)('%s: its contracts are lambdas/contracts/<area>.ts, exported as <area>Callables', async (area) => {
    const module = (await import(`../../../lambdas/contracts/${area}.ts`)) as Record<string, unknown>;
    expect(module[`${area}Callables`]).toBe(callableAreas[area]);
  });

  it.each(areas)('%s: every handler module of its callables is in lambdas/handlers/<area>/', (area) => {
    for (const name of Object.keys(callableAreas[area]) as (keyof typeof callableHandlers)[]) {
      expect(callableHandlers[name].entry, name).toMatch(new RegExp(`^handlers/${area}/[^/]+$`));
    }
  });

  it('gathers every callable of every area into the registry, once', () => {
    expect(areas.flatMap((area) => Object.keys(callableAreas[area])).sort()).toEqual([...callableNames].sort());
  });

  it('has a handler folder for every area and no folder that is not one', () => {
    expect(foldersOf('lambdas/handlers').sort()).toEqual([...areas].sort());
  });

  it('names every web feature for its area, or lists it as web-only', () => {
    const stray = foldersOf('web/src/features').filter((feature) => !areas.includes(feature as CallableArea) && !WEB_ONLY_FEATURES.includes(feature));
    expect(stray).toEqual([]);
    for (const feature of WEB_ONLY_FEATURES) expect(existsSync(new URL(`../../../web/src/features/${feature}`, import.meta.url)), feature).toBe(true);
  });
});
