/** The landing page's rotating phrase (spec §2 Landing, §9: every 2.5 seconds). */
export const ROTATING_PHRASES = ['to Friends', 'to Family', 'to Community', 'to What Matters'] as const;

export const PHRASE_INTERVAL_MS = 2_500;

export function nextPhraseIndex(index: number): number {
  return (index + 1) % ROTATING_PHRASES.length;
}
