import {
  listAppliedMigrations,
  readMigrationLease,
  recordAppliedMigration,
  releaseMigrationLease,
  renewMigrationLease,
  takeMigrationLease,
  type MigrationLease,
} from '#data/migrations';
import type { Migration, MigrationCounts } from './migration.ts';
import { assertSoundRegistry, pendingMigrations, unknownAppliedVersions } from './plan.ts';

/**
 * npm run migrate's runner, on the table the data layer is pointed at (TABLE_NAME): the stage's
 * pending migrations in registry order, each recorded once its backfill completed, under a lease so
 * two operators never run at once. A dry run reads only (the lease too) and reports what each
 * pending migration would change.
 */

/** Long enough for one migration on a community of thousands; renewed before each, and lapses by itself if the run dies. */
export const LEASE_MS = 15 * 60 * 1000;

export interface RunOptions {
  dryRun: boolean;
  /** Who runs: stored on the lease and on each record (user@host and a random tag). */
  owner: string;
  print: (line: string) => void;
  now?: () => Date;
}

export interface MigrationResult extends MigrationCounts {
  version: string;
  description: string;
}

export interface RunResult {
  alreadyApplied: string[];
  /** The pending migrations with their counts (a dry run's: what they would change). */
  ran: MigrationResult[];
}

/** A problem the operator can act on, in one sentence: the CLI prints it without a stack trace. */
export class MigrationRunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationRunError';
  }
}

function heldMessage(lease: MigrationLease): string {
  return `Another migration run holds this stage: ${lease.owner}, until ${new Date(lease.until).toISOString()}. Wait for it to finish (or, if it died, for its lease to lapse) and run again.`;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export async function runMigrations(registry: readonly Migration[], options: RunOptions): Promise<RunResult> {
  const now = options.now ?? (() => new Date());
  const { print, owner, dryRun } = options;
  assertSoundRegistry(registry);

  const applied = await listAppliedMigrations();
  const unknown = unknownAppliedVersions(
    registry,
    applied.map((record) => record.version),
  );
  if (unknown.length > 0) {
    throw new MigrationRunError(`This stage has applied ${unknown.join(', ')}, which this checkout does not know: run npm run migrate from a newer checkout.`);
  }
  for (const record of applied)
    print(`${record.version} already applied ${record.appliedAt} (changed ${record.changed} of ${record.scanned}): ${record.description}`);
  const pending = pendingMigrations(
    registry,
    applied.map((record) => record.version),
  );
  const result: RunResult = { alreadyApplied: applied.map((record) => record.version), ran: [] };
  if (pending.length === 0) {
    print('Nothing to run: every migration is applied on this stage.');
    return result;
  }

  if (dryRun) {
    // Read only: a held lease is reported, not taken, and the counts are as of now.
    const lease = await readMigrationLease();
    if (lease && lease.until >= now().getTime()) print(`Note: ${heldMessage(lease)}`);
    for (const migration of pending) {
      const counts = await migration.run({ now: now() }, { dryRun: true });
      result.ran.push({ version: migration.version, description: migration.description, ...counts });
      print(`${migration.version} would change ${plural(counts.changed, 'item')} of ${counts.scanned} scanned: ${migration.description}`);
    }
    print(`Dry run: nothing was written. ${plural(pending.length, 'migration')} pending.`);
    return result;
  }

  const held = await takeMigrationLease(owner, now().getTime(), LEASE_MS);
  if (held) throw new MigrationRunError(heldMessage(held));
  try {
    for (const migration of pending) {
      if (!(await renewMigrationLease(owner, now().getTime(), LEASE_MS))) {
        throw new MigrationRunError(`The lease lapsed and another run took this stage before ${migration.version}: let it finish, then run again.`);
      }
      const started = now();
      let counts: MigrationCounts;
      try {
        counts = await migration.run({ now: started }, { dryRun: false });
      } catch (error) {
        throw new MigrationRunError(
          `${migration.version} failed and is not recorded (${(error as Error).name}: ${(error as Error).message}); what it wrote stays, and running again finishes it.`,
        );
      }
      // Recorded only now that its backfill completed; a lost race to record keeps the first record.
      await recordAppliedMigration({
        version: migration.version,
        description: migration.description,
        appliedAt: now().toISOString(),
        appliedBy: owner,
        ...counts,
      });
      result.ran.push({ version: migration.version, description: migration.description, ...counts });
      print(`${migration.version} changed ${plural(counts.changed, 'item')} of ${counts.scanned} scanned: ${migration.description}`);
    }
  } finally {
    await releaseMigrationLease(owner);
  }
  print(`Applied ${plural(pending.length, 'migration')}.`);
  return result;
}
