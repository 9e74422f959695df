import { rerankInviters, countedFactsOf, applyCounterDeltas } from '#data/metrics';
import type { ClassifiedChange } from '#data/table';
import { invitersTouchedBy } from '#domain/inviter-ranking';
import { contributionOf, deltaOf } from '#domain/metrics-counters';

/**
 * Keeps the daily metrics' counters: a change of a member record or an anchor pair moves them by
 * what the item counts for now minus what it counted for before (nothing for anything else, or for
 * a change the metrics do not see), once per stream record however often it is delivered. Then
 * the inviters whose counters moved are re-ranked, also when the deltas were applied by an earlier
 * delivery (it may have failed before re-ranking); a re-ranking reads what the counters say now,
 * so running it again is harmless. A member who is no longer counted (their record deleted) is
 * re-ranked too, which takes their ranking entry and the uid their ranking record held.
 */
export async function countForMetrics(change: ClassifiedChange): Promise<void> {
  const before = countedFactsOf(change.key, change.oldImage);
  const after = countedFactsOf(change.key, change.newImage);
  const delta = deltaOf(contributionOf(before), contributionOf(after));
  await applyCounterDeltas(change, delta);
  await rerankInviters(invitersTouchedBy(delta, before, after));
}
