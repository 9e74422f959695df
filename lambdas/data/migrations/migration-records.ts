import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#data/table';
import { conditionalWrite } from '#data/table';
import { keys, MIGRATION_PARTITION } from '#data/table';
import { queryAll } from '#data/table';

/**
 * What a stage remembers of npm run migrate: one item per applied migration (`MIGRATION / <version>`),
 * written once its backfill finished, and the runner's lease (`MIGRATION / LEASE`), a conditional put
 * with an expiry, so two operators never run at once and a run that died frees the stage by itself.
 */

export interface AppliedMigration {
  version: string;
  description: string;
  appliedAt: string;
  /** Items the backfill looked at, and those it wrote. */
  scanned: number;
  changed: number;
  /** Who ran it (the lease's owner). */
  appliedBy: string;
}

export interface MigrationLease {
  owner: string;
  /** Epoch milliseconds: after this anyone may take it. */
  until: number;
}

const LEASE_SK = keys.migrationLease().sk;

/** The applied migrations, oldest version first (one strongly consistent Query of the partition). */
export async function listAppliedMigrations(): Promise<AppliedMigration[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': MIGRATION_PARTITION },
    ConsistentRead: true,
  });
  return items
    .filter((item) => item.sk !== LEASE_SK)
    .map((item) => ({
      version: String(item.sk),
      description: String(item.description ?? ''),
      appliedAt: String(item.appliedAt ?? ''),
      scanned: Number(item.scanned ?? 0),
      changed: Number(item.changed ?? 0),
      appliedBy: String(item.appliedBy ?? ''),
    }));
}

/** Records a finished migration; false when its version was recorded already (it then keeps the first record). */
export async function recordAppliedMigration(applied: AppliedMigration): Promise<boolean> {
  const { version, ...rest } = applied;
  const written = await conditionalWrite(
    new PutCommand({ TableName: tableName(), Item: { ...keys.migrationApplied(version), ...rest }, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  return written !== null;
}

/** The lease as stored (expired or not), or null. */
export async function readMigrationLease(): Promise<MigrationLease | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.migrationLease(), ConsistentRead: true }));
  return Item ? { owner: String(Item.leaseOwner), until: Number(Item.leaseUntil) } : null;
}

/** Takes the lease unless someone else holds one that has not expired: answers null when taken, else the holder's. */
export async function takeMigrationLease(owner: string, now: number, durationMs: number): Promise<MigrationLease | null> {
  const taken = await conditionalWrite(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.migrationLease(), leaseOwner: owner, leaseUntil: now + durationMs, takenAt: new Date(now).toISOString() },
      ConditionExpression: 'attribute_not_exists(pk) OR leaseUntil < :now OR leaseOwner = :owner',
      ExpressionAttributeValues: { ':now': now, ':owner': owner },
    }),
  );
  if (taken) return null;
  // Held: say by whom (read after the refusal; it may have lapsed since, and a retry then takes it).
  return (await readMigrationLease()) ?? { owner: 'someone', until: now };
}

/** Extends our own lease before each migration; false when it lapsed and someone else took it. */
export async function renewMigrationLease(owner: string, now: number, durationMs: number): Promise<boolean> {
  const renewed = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.migrationLease(),
      UpdateExpression: 'SET leaseUntil = :until',
      ConditionExpression: 'leaseOwner = :owner',
      ExpressionAttributeValues: { ':until': now + durationMs, ':owner': owner },
    }),
  );
  return renewed !== null;
}

/** Gives the lease back (only our own: a lease someone took after ours lapsed stays theirs). */
export async function releaseMigrationLease(owner: string): Promise<void> {
  await conditionalWrite(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.migrationLease(),
      ConditionExpression: 'leaseOwner = :owner',
      ExpressionAttributeValues: { ':owner': owner },
    }),
  );
}
