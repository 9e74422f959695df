import { scanItemsLacking, setIfMissing, type BackfilledKind, type ItemKey, type LackingRequest, type ScannedItem } from '#data/migrations';

/**
 * A migration: a versioned, idempotent backfill that npm run migrate runs once per deployed stage,
 * in version order (registry.ts). It computes what older items lack from the table itself and
 * writes only where the attribute is still missing (lambdas/data/migrations/migrations-store.ts), so a second
 * run, or one racing the live app, changes nothing that is already right.
 */
export interface Migration {
  /** Four digits, unique, in the registry's order: `0001`, `0002`, … (plan.ts checks). */
  version: string;
  /** One line an operator reads: what it fills and why the app needs it. */
  description: string;
  /** With `dryRun` it reads and counts what it would write, and writes nothing. */
  run(context: MigrationContext, options: { dryRun: boolean }): Promise<MigrationCounts>;
}

export interface MigrationContext {
  /** The run's clock (a test sets it). */
  now: Date;
}

export interface MigrationCounts {
  /** Items the backfill looked at (those lacking what it fills). */
  scanned: number;
  /** Items it wrote (with dryRun: would write). */
  changed: number;
}

/**
 * Fills an item's missing attributes (path → value; an empty map writes nothing) and answers
 * whether it changed the item. Every backfill writes through here, so a dry run cannot write by
 * accident: it answers what a real run would do to the item as scanned.
 */
async function fillMissing(key: ItemKey, values: Record<string, unknown>, dryRun: boolean): Promise<boolean> {
  const paths = Object.keys(values);
  if (dryRun || paths.length === 0) return paths.length > 0;
  // One conditional write per attribute: each fills its own gap, whatever the other finds.
  const written = await Promise.all(paths.map((path) => setIfMissing(key, path, values[path])));
  return written.includes(true);
}

/**
 * The shape of every backfill: each item of `kind` lacking what `request` names gets the values
 * `valuesOf` computes for it (an empty map: left as it is, counted as scanned only).
 */
export async function backfill(
  kind: BackfilledKind,
  request: LackingRequest,
  valuesOf: (item: ScannedItem) => Record<string, unknown> | Promise<Record<string, unknown>>,
  dryRun: boolean,
): Promise<MigrationCounts> {
  let changed = 0;
  const scanned = await scanItemsLacking(kind, request, async (item) => {
    if (await fillMissing(item.key, await valuesOf(item), dryRun)) changed += 1;
  });
  return { scanned, changed };
}
