import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * About how many seconds each slow file takes alone (a CI run's own figures, rounded); any other
 * file counts as DEFAULT_SECONDS. Only the balance of the shards rests on them: a file missing here
 * still runs, in whichever shard has least so far.
 */
export const SLOW_FILE_SECONDS: Readonly<Record<string, number>> = {
  'test/integration/anchors-concurrency.test.ts': 170,
  'test/integration/removal.test.ts': 115,
  'test/integration/hostile-input-joining.test.ts': 98,
  'test/integration/hostile-input-anchors.test.ts': 70,
  'test/integration/faults.test.ts': 67,
  'test/integration/abuse-limits.test.ts': 60,
  'test/integration/hostile-input-admin.test.ts': 59,
  // Waits for the local cloud's minute sweep (up to a minute) and the stream after it.
  'test/integration/due-items.test.ts': 45,
  'test/integration/live.test.ts': 43,
  'test/integration/block-mute.test.ts': 39,
  'test/integration/costly-actions.test.ts': 38,
  'test/integration/hostile-input-posts.test.ts': 35,
  'test/integration/sanctions.test.ts': 34,
  'test/integration/feed-concurrency.test.ts': 32,
  'test/integration/restore-drill.test.ts': 29,
  'test/integration/invite-reservations.test.ts': 26,
  'test/integration/authz-matrix.test.ts': 25,
  'test/integration/vouching-effects.test.ts': 23,
  'test/integration/pictures.test.ts': 22,
  'test/integration/vouching.test.ts': 18,
  'test/integration/hostile-input-vouching.test.ts': 15,
  'test/integration/table-stream.test.ts': 18,
  'test/integration/feed.test.ts': 18,
  'test/integration/admin-roles.test.ts': 17,
  'test/integration/metrics-job.test.ts': 15,
  'test/integration/persistent-cloud.test.ts': 15,
  'test/e2e/accessibility.test.ts': 75,
  'test/e2e/live.test.ts': 50,
  'test/e2e/account-controls.test.ts': 40,
  'test/e2e/moderation.test.ts': 35,
  'test/e2e/joining.test.ts': 30,
  'test/e2e/admin.test.ts': 25,
  'test/e2e/edit-delete.test.ts': 22,
  'test/e2e/web-shell.test.ts': 20,
  'test/e2e/settings.test.ts': 20,
  'test/e2e/admin-roles.test.ts': 17,
  'test/e2e/social-core.test.ts': 16,
  'test/e2e/wall-likers-links.test.ts': 15,
  'test/e2e/invites.test.ts': 13,
  'test/e2e/notifications.test.ts': 12,
};

export const DEFAULT_SECONDS = 5;

/**
 * Splits files into `count` shards of about equal time: the slowest first, each into the shard with
 * least so far. Vitest's own split hashes the paths, which put 380 s of integration files in one
 * shard and 250 s in the other. Deterministic: every shard's process computes the same split.
 */
export function balancedShards(files: string[], count: number): string[][] {
  const shards = Array.from({ length: count }, () => ({ seconds: 0, files: [] as string[] }));
  const weight = (file: string) => SLOW_FILE_SECONDS[file] ?? DEFAULT_SECONDS;
  const bySlowest = [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  for (const file of bySlowest) {
    const lightest = shards.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
    lightest.seconds += weight(file);
    lightest.files.push(file);
  }
  return shards.map((shard) => shard.files);
}

/** `vitest run --shard i/n` with balancedShards instead of the hash split (the order within a shard is vitest's). */
export default class LaneSequencer extends BaseSequencer {
  override async shard(specs: TestSpecification[]): Promise<TestSpecification[]> {
    const { root, shard } = this.ctx.config;
    if (!shard) return specs;
    const pathOf = (spec: TestSpecification) => spec.moduleId.slice(root.length + 1).replaceAll('\\', '/');
    const mine = new Set(balancedShards(specs.map(pathOf), shard.count)[shard.index - 1]);
    return specs.filter((spec) => mine.has(pathOf(spec)));
  }
}
