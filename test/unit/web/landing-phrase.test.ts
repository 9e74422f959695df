import { describe, expect, it } from 'vitest';
import { nextPhraseIndex, PHRASE_INTERVAL_MS, ROTATING_PHRASES } from '../../../web/src/features/landing/rotating-phrase.ts';
import { STATS } from '../../../web/src/features/landing/content.ts';

describe('landing page', () => {
  it('rotates to Friends / to Family / to Community / to What Matters every 2.5 s, then starts again', () => {
    expect(ROTATING_PHRASES).toEqual(['to Friends', 'to Family', 'to Community', 'to What Matters']);
    expect(PHRASE_INTERVAL_MS).toBe(2_500);
    const seen = [0];
    for (let step = 0; step < 4; step += 1) seen.push(nextPhraseIndex(seen.at(-1) ?? 0));
    expect(seen).toEqual([0, 1, 2, 3, 0]);
  });

  it("shows the spec's stats", () => {
    expect(STATS.map((stat) => `${stat.value} ${stat.label}`)).toEqual(['100% Real People', '10 invites per person', '0 algorithms']);
  });
});
