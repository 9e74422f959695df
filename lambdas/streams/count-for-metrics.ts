import { countedFactsOf } from '#data/metrics';
import { applyCounterDeltas } from '#data/metrics-counters';
import type { ChangedItem } from '#data/table-changes';
import { contributionOf, deltaOf } from '#domain/metrics-counters';

/**
 * Keeps the daily metrics' counters: a change of a member record or an anchor pair moves them by
 * what the item counts for now minus what it counted for before (nothing for anything else, or for
 * a change the metrics do not see), once per stream record however often it is delivered.
 */
export async function countForMetrics(change: ChangedItem): Promise<void> {
  const before = contributionOf(countedFactsOf(change.oldImage));
  const after = contributionOf(countedFactsOf(change.newImage));
  await applyCounterDeltas(change, deltaOf(before, after));
}
