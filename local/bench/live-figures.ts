/**
 * Pure arithmetic of `npm run bench:live` (local/bench/live.ts): percentiles, a count over a
 * window turned into a rate per hour, and what one DynamoDB command writes and consumes, read from
 * its input and its ConsumedCapacity. Kept apart so the unit tests check it without a cloud.
 */

/** Nearest-rank percentile (as bench:feed), rounded to 0.01; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[index] as number) * 100) / 100;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/** `a / b` to `digits` decimals. */
export function ratio(a: number, b: number, digits = 2): number {
  const scale = 10 ** digits;
  return Math.round((a / b) * scale) / scale;
}

/** A count seen over `windowMs`, as a rate per hour (one decimal). */
export function perHour(count: number, windowMs: number): number {
  if (!(windowMs > 0)) throw new Error('The window must be longer than 0 ms');
  return Math.round(((count * 3_600_000) / windowMs) * 10) / 10;
}

/** The partition key of an item or key, plain (document client) or marshalled ({ S: … }). */
function partitionKeyOf(item: unknown): string {
  const pk = (item as { pk?: unknown } | undefined)?.pk;
  if (typeof pk === 'string') return pk;
  const marshalled = (pk as { S?: unknown } | undefined)?.S;
  return typeof marshalled === 'string' ? marshalled : '';
}

/** Rate-limit windows (`RATE#<limit>#<subject>`): the abuse budgets' counters, not the callable's data. */
export const BUDGET_PARTITION_PREFIX = 'RATE#';

/** A number's size as DynamoDB counts it: about one byte per two significant digits, plus one. */
function numberSize(value: number | bigint): number {
  const digits = String(value)
    .replace(/e[+-]?\d+$/i, '')
    .replace(/[^0-9]/g, '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}

/** A value's size by DynamoDB's rules (UTF-8 strings, numbers as above, 3 bytes plus 1 per element for lists and maps). */
export function attributeSize(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number' || typeof value === 'bigint') return numberSize(value);
  if (typeof value === 'boolean' || value === null) return 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...(value as Set<unknown>)].reduce<number>((sum, member) => sum + attributeSize(member), 0);
  if (Array.isArray(value)) return value.reduce<number>((sum, element) => sum + 1 + attributeSize(element), 3);
  if (typeof value === 'object' && value !== undefined) return 3 + itemSize(value as Record<string, unknown>) + Object.keys(value).length;
  return 0;
}

/** An item's size: each attribute's name (UTF-8) and value; undefined attributes are not written. */
export function itemSize(item: Record<string, unknown>): number {
  let size = 0;
  for (const [name, value] of Object.entries(item)) if (value !== undefined) size += Buffer.byteLength(name, 'utf8') + attributeSize(value);
  return size;
}

/** The pairs of key attributes of the table's indexes that an item may carry (table-schema.ts GSIS). */
export type IndexKeys = readonly (readonly [string, string])[];

export interface WrittenItems {
  /** Items the command puts, updates or deletes (a ConditionCheck writes nothing). */
  data: number;
  /** Of the same, the abuse budgets' counters (their partitions start with RATE#), not in `data`. */
  budget: number;
  /**
   * Write units AWS would charge for the `data` items: 1 per KB of each item (a Put's own size; an
   * Update's or Delete's item is taken as under 1 KB, since its size is not in the request),
   * doubled inside TransactWriteItems.
   */
  dataUnits: number;
  /** The same for the budget counters. */
  budgetUnits: number;
  /** Index writes of the Puts: one per index whose two key attributes the item carries (an Update's or Delete's are not counted). */
  indexWrites: number;
}

const WRITE_OPERATIONS = ['Put', 'Update', 'Delete'] as const;
const SINGLE_WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand']);

/** What one DynamoDB command writes, from its input (the document client's, before marshalling). */
export function writtenItems(commandName: string, input: Record<string, unknown>, indexKeys: IndexKeys = []): WrittenItems {
  const written: WrittenItems = { data: 0, budget: 0, dataUnits: 0, budgetUnits: 0, indexWrites: 0 };
  const count = (item: unknown, isPut: boolean, transactional: boolean) => {
    const size = isPut ? itemSize(item as Record<string, unknown>) : 0;
    const units = Math.max(1, Math.ceil(size / 1024)) * (transactional ? 2 : 1);
    if (partitionKeyOf(item).startsWith(BUDGET_PARTITION_PREFIX)) {
      written.budget++;
      written.budgetUnits += units;
      return;
    }
    written.data++;
    written.dataUnits += units;
    if (isPut) {
      const attributes = item as Record<string, unknown>;
      written.indexWrites += indexKeys.filter(([partition, sort]) => attributes[partition] !== undefined && attributes[sort] !== undefined).length;
    }
  };
  if (SINGLE_WRITES.has(commandName)) count(input.Item ?? input.Key, commandName === 'PutItemCommand', false);
  if (commandName === 'BatchWriteItemCommand') {
    for (const requests of Object.values((input.RequestItems ?? {}) as Record<string, unknown[]>)) {
      for (const request of requests) {
        const { PutRequest, DeleteRequest } = request as { PutRequest?: { Item: unknown }; DeleteRequest?: { Key: unknown } };
        count(PutRequest?.Item ?? DeleteRequest?.Key, PutRequest !== undefined, false);
      }
    }
  }
  if (commandName === 'TransactWriteItemsCommand') {
    for (const entry of (input.TransactItems ?? []) as Record<string, { Item?: unknown; Key?: unknown } | undefined>[]) {
      for (const operation of WRITE_OPERATIONS) {
        const write = entry[operation];
        if (write) count(write.Item ?? write.Key, operation === 'Put', true);
      }
    }
  }
  return written;
}

const WRITE_COMMANDS = new Set([...SINGLE_WRITES, 'BatchWriteItemCommand', 'TransactWriteItemsCommand']);

export interface Capacity {
  read: number;
  write: number;
  /** Of `write`, the units the global secondary indexes took. */
  indexWrite: number;
}

interface ConsumedEntry {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number; WriteCapacityUnits?: number }>;
}

/**
 * The units a command consumed, from its ConsumedCapacity (one entry, or a list for the batch and
 * transaction commands) as DynamoDB answers `ReturnConsumedCapacity: 'INDEXES'`: split into read
 * and write by the fields it names, else by the kind of command.
 */
export function capacityOf(commandName: string, consumed: unknown): Capacity {
  const capacity: Capacity = { read: 0, write: 0, indexWrite: 0 };
  const entries = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) as ConsumedEntry[];
  const isWrite = WRITE_COMMANDS.has(commandName);
  for (const entry of entries) {
    const total = entry.CapacityUnits ?? 0;
    if (entry.WriteCapacityUnits !== undefined || entry.ReadCapacityUnits !== undefined) {
      capacity.write += entry.WriteCapacityUnits ?? 0;
      capacity.read += entry.ReadCapacityUnits ?? 0;
    } else if (isWrite) capacity.write += total;
    else capacity.read += total;
    if (isWrite) {
      for (const index of Object.values(entry.GlobalSecondaryIndexes ?? {})) capacity.indexWrite += index.WriteCapacityUnits ?? index.CapacityUnits ?? 0;
    }
  }
  return capacity;
}
