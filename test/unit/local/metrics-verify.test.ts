import { describe, expect, it } from 'vitest';
import { differencesBetween } from '../../../local/metrics/compare.ts';

/** npm run metrics:verify's comparison (local/metrics/compare.ts): what it reports as a difference. */

describe('differences between the scan’s record and the counters’', () => {
  const record = {
    totalUsers: 8,
    geographicClusters: { 'Austin, TX': 3 },
    topInviters: [{ userId: 'ann', inviteCount: 2, acceptanceRate: 0.6667 }],
    basis: { refugees: 2 },
  };

  it('none for equal records, whatever the key order', () => {
    const { basis, totalUsers, ...rest } = record;
    expect(differencesBetween(record, { basis, ...rest, totalUsers })).toEqual([]);
  });

  it('names every leaf that differs, and what is on one side only', () => {
    const counted = {
      ...record,
      totalUsers: 9,
      geographicClusters: { 'Austin, TX': 3, 'Boston, MA': 1 },
      topInviters: [{ userId: 'ann', inviteCount: 2, acceptanceRate: 1 }],
    };
    expect(differencesBetween(record, counted)).toEqual([
      { path: 'totalUsers', scanned: 8, counted: 9 },
      { path: 'geographicClusters.Boston, MA', scanned: undefined, counted: 1 },
      { path: 'topInviters.0.acceptanceRate', scanned: 0.6667, counted: 1 },
    ]);
  });

  it('an array and an object are different values, not an empty difference', () => {
    expect(differencesBetween({ a: [] }, { a: {} })).toEqual([{ path: 'a', scanned: [], counted: {} }]);
    expect(differencesBetween(1, 2)).toEqual([{ path: '(record)', scanned: 1, counted: 2 }]);
  });
});
