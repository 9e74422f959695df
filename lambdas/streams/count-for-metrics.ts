import { rerankInviters } from '#data/inviter-ranking';
import { countedFactsOf } from '#data/metrics';
import { applyCounterDeltas } from '#data/metrics-counters';
import type { ChangedItem } from '#data/table-changes';
import { invitersTouchedBy } from '#domain/inviter-ranking';
import { contributionOf, deltaOf } from '#domain/metrics-counters';

/**
 * Keeps the daily metrics' counters: a change of a member record or an anchor pair moves them by
 * what the item counts for now minus what it counted for before (nothing for anything else, or for
 * a change the metrics do not see), once per stream record however often it is delivered. Then
 * the inviters whose counters moved are re-ranked, also when the deltas were applied by an earlier
 * delivery (it may have failed before re-ranking); a re-ranking reads what the counters say now,
 * so running it again is harmless.
 */
export async function countForMetrics(change: ChangedItem): Promise<void> {
  const before = contributionOf(countedFactsOf(change.oldImage));
  const after = contributionOf(countedFactsOf(change.newImage));
  const delta = deltaOf(before, after);
  await applyCounterDeltas(change, delta);
  await rerankInviters(invitersTouchedBy(delta));
}
