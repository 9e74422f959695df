import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BatchWriteCommand, DeleteCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Endpoints } from '../../local/cloud-files.ts';
import { ensureTable } from '../../local/dynamodb-local.ts';
import { runMigrate as runMigrateMain } from '../../local/migrate/migrate-cli.ts';
import { runCliInProcess, runCliProcess, type CliRun } from '../support/cli-runs.ts';
import { useLocalCloudData } from '../support/local-cloud-members.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
// The data layer's raw client: the old-shape items are written as a stage deployed before this wave held them.
const { dynamo } = await import('#data/table');
// What the presence check of every member callable makes of a stored record.
const { presenceOf } = await import('#data/members');

const CLI = fileURLToPath(new URL('../../local/migrate/migrate-cli.ts', import.meta.url));
const DAY = 24 * 60 * 60;

/** `npm run …` as an operator runs it: its own process and environment (seconds: tsx starts). */
const runMigrateProcess = (...args: string[]): Promise<CliRun> => runCliProcess(CLI, args);

/** Its main function in this process, the environment it sets put back afterwards. */
const runMigrate = (...args: string[]): Promise<CliRun> => runCliInProcess(runMigrateMain, args);

const T_A = '2026-01-10T09:00:00.000Z';
const T_B = '2026-02-01T12:00:00.000Z';
const POSTED = '2026-03-01T08:00:00.000Z';

/** Member records as the code before invites that hold wrote them: no joinedAt, no invitesReserved. */
function oldMember(uid: string, options: { invitedBy?: string; invitedAt?: string }) {
  const inviteSystem: Record<string, unknown> = {
    invitesRemaining: 10,
    invitesUsed: 0,
    inviteCode: `${uid.toUpperCase()}2345`.slice(0, 8),
    localInvitesUsed: 0,
  };
  if (options.invitedBy) Object.assign(inviteSystem, { invitedBy: options.invitedBy, inviteType: 'local', invitedAt: options.invitedAt });
  return {
    pk: `USER#${uid}`,
    sk: 'PROFILE',
    uid,
    email: `${uid}@example.org`,
    displayName: uid.toUpperCase(),
    createdAt: '2026-01-01T00:00:00.000Z',
    isSuperuser: false,
    isAdmin: false,
    ...(options.invitedBy && { invitedBy: options.invitedBy }),
    inviteSystem,
  };
}

/** A feed entry of the first shape, which the migration rewrites: a full copy of the post, with no expiresAt. */
const oldFeedEntry = (reader: string) => ({
  pk: `USER#${reader}`,
  sk: 'FEED#01OLDPOSTAAAAAAAAAAAAAAAA',
  postId: '01OLDPOSTAAAAAAAAAAAAAAAA',
  authorId: 'ann',
  content: 'Hello',
  createdAt: POSTED,
  likeCount: 2,
  likedByMe: false,
});

const OLD_STAGE = [
  // ann was invited by someone gone; bob used ann's invite; cal signed up and never used one.
  // ann picked the suggestion "Portland, Oregon" and it was saved whole as her city;
  // bob's invite was judged on such a place; cal typed a comma the repair must leave alone.
  { ...oldMember('ann', { invitedBy: 'root', invitedAt: T_A }), location: { city: 'Portland, Oregon', state: 'Oregon', country: 'United States' } },
  (() => {
    const bob = oldMember('bob', { invitedBy: 'ann', invitedAt: T_B });
    return { ...bob, inviteSystem: { ...bob.inviteSystem, invitedFrom: { city: 'portland, OR, United States', state: 'OR' } } };
  })(),
  { ...oldMember('cal', {}), location: { city: 'Portland, Maine', state: 'Oregon', country: 'United States' } },
  // A post written before counts lived on it, with its likes (no likerId) and a comment.
  { pk: 'POST#01OLDPOSTAAAAAAAAAAAAAAAA', sk: 'POST', postId: '01OLDPOSTAAAAAAAAAAAAAAAA', authorId: 'ann', content: 'Hello', createdAt: POSTED },
  { pk: 'POST#01OLDPOSTAAAAAAAAAAAAAAAA', sk: 'LIKE#bob', postId: '01OLDPOSTAAAAAAAAAAAAAAAA', uid: 'bob', displayName: 'BOB', likedAt: POSTED },
  { pk: 'POST#01OLDPOSTAAAAAAAAAAAAAAAA', sk: 'LIKE#cal', postId: '01OLDPOSTAAAAAAAAAAAAAAAA', uid: 'cal', displayName: 'CAL', likedAt: POSTED },
  { pk: 'POST#01OLDPOSTAAAAAAAAAAAAAAAA', sk: 'COMMENT#01COMMENTAAAAAAAAAAAAAAA', authorId: 'bob', content: 'Hi', createdAt: POSTED },
  oldFeedEntry('ann'),
  oldFeedEntry('bob'),
  // Written by the new code since it went live (a live write the backfill must not clobber):
  // a post whose likeCount a like already ADDed to (1 like item, count 5 stays), a new-shape member and feed entry.
  { pk: 'POST#01NEWPOSTAAAAAAAAAAAAAAAA', sk: 'POST', postId: '01NEWPOSTAAAAAAAAAAAAAAAA', authorId: 'bob', createdAt: POSTED, likeCount: 5 },
  { pk: 'POST#01NEWPOSTAAAAAAAAAAAAAAAA', sk: 'LIKE#ann', postId: '01NEWPOSTAAAAAAAAAAAAAAAA', uid: 'ann', likerId: 'ann', likedAt: POSTED },
  {
    ...oldMember('dee', { invitedBy: 'ann', invitedAt: T_B }),
    joinedAt: '2026-04-01T00:00:00.000Z',
    anchorCount: 0,
    inviteSystem: { inviteCode: 'DEE23456', invitesReserved: 0 },
  },
  { pk: 'USER#dee', sk: 'FEED#01NEWPOSTAAAAAAAAAAAAAAAA', postId: '01NEWPOSTAAAAAAAAAAAAAAAA', authorId: 'bob', likedByMe: false, expiresAt: 1 },
  // The founder, whose record said 'verified' before verification in person said how; eve, verified by an admin since it went live.
  {
    ...oldMember('fay', {}),
    isFounder: true,
    isAdmin: true,
    isSuperuser: true,
    verificationLevel: 'verified',
    joinedAt: null,
    inviteSystem: { inviteCode: 'FAY23456', invitesReserved: 0 },
  },
  // The founder's welcome post, from before posts carried the author's badge.
  {
    pk: 'POST#01FAYPOSTAAAAAAAAAAAAAAAA',
    sk: 'POST',
    postId: '01FAYPOSTAAAAAAAAAAAAAAAA',
    postKey: '01FAYPOSTAAAAAAAAAAAAAAAA',
    authorId: 'fay',
    content: 'Welcome',
    createdAt: POSTED,
    likeCount: 0,
    commentCount: 0,
    countsVersion: 0,
  },
  {
    ...oldMember('eve', { invitedBy: 'ann', invitedAt: T_B }),
    joinedAt: '2026-04-02T00:00:00.000Z',
    verificationLevel: 'verified',
    verifiedVia: 'admin',
    inviteSystem: { inviteCode: 'EVE23456', invitesReserved: 0 },
  },
];

describe('npm run migrate on a stage deployed before this wave', () => {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  const tableName = `migrations-${Date.now()}`;
  const endpointsFile = join(dir, 'endpoints.json');
  const args = ['--stage', 'local', '--endpoints', endpointsFile];

  async function snapshot(): Promise<Map<string, Record<string, unknown>>> {
    const items = new Map<string, Record<string, unknown>>();
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await dynamo().send(new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey: startKey }));
      for (const item of page.Items ?? []) items.set(`${String(item.pk)}|${String(item.sk)}`, item);
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  }
  const item = async (pk: string, sk: string) => (await snapshot()).get(`${pk}|${sk}`);

  beforeAll(async () => {
    // A stage of its own, without a stream (nothing reacts to the backfill here; the notification rule's unit test covers joinedAt).
    await ensureTable(endpoints.dynamodb.endpoint, tableName, { stream: false });
    const stage: Endpoints = { ...endpoints, dynamodb: { ...endpoints.dynamodb, tableName } };
    writeFileSync(endpointsFile, JSON.stringify(stage));
    await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName]: OLD_STAGE.map((Item) => ({ PutRequest: { Item } })) } }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a dry run (npm run migrate, its own process) writes nothing and prints what each migration would change', async () => {
    const before = await snapshot();
    // Why 0001 matters: every callable beyond the joining path refuses ann and bob (403, still joining).
    expect(presenceOf(before.get('USER#ann|PROFILE'))).toBe('unjoined');
    expect(presenceOf(before.get('USER#bob|PROFILE'))).toBe('unjoined');
    const run = await runMigrateProcess(...args, '--dry-run');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Dry run on the local cloud (table ${tableName}): 6 migrations known.`);
    // Members: ann, bob (joinedAt, invitesReserved) and cal (invitesReserved only); dee is whole.
    expect(run.stdout).toContain('0001 would change 3 items of 3 scanned');
    expect(run.stdout).toContain('0002 would change 2 items of 2 scanned');
    expect(run.stdout).toContain('0003 would change 2 items of 2 scanned');
    expect(run.stdout).toContain('0004 would change 2 items of 2 scanned');
    // Cities with a comma: ann's and bob's places are repaired, cal's comma is hers.
    expect(run.stdout).toContain('0005 would change 2 items of 3 scanned');
    // As the table is before 0001: fay (the founder) and dee (joined, pending); ann and bob have no joinedAt yet.
    expect(run.stdout).toContain('0006 would change 2 items of 6 scanned');
    expect(run.stdout).toContain('Dry run: nothing was written. 6 migrations pending.');
    expect(await snapshot()).toEqual(before);
  });

  it('a real run fills what older items lack from the table itself, and records each migration', async () => {
    const run = await runMigrate(...args);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('0001 changed 3 items of 3 scanned');
    expect(run.stdout).toContain('0006 changed 4 items of 6 scanned');
    expect(run.stdout).toContain('Applied 6 migrations.');

    const table = await snapshot();
    const get = (pk: string, sk: string) => table.get(`${pk}|${sk}`) as Record<string, unknown> & { inviteSystem?: Record<string, unknown> };
    expect(get('USER#ann', 'PROFILE')).toMatchObject({ joinedAt: T_A, inviteSystem: { invitesReserved: 0 } });
    expect(get('USER#bob', 'PROFILE')).toMatchObject({ joinedAt: T_B, inviteSystem: { invitesReserved: 0 } });
    // cal never used an invite: still joining, so no joinedAt.
    expect(get('USER#cal', 'PROFILE')).toMatchObject({ inviteSystem: { invitesReserved: 0 } });
    expect(get('USER#cal', 'PROFILE')).not.toHaveProperty('joinedAt');
    expect(get('USER#dee', 'PROFILE')).toMatchObject({ joinedAt: '2026-04-01T00:00:00.000Z' });
    expect(['ann', 'bob', 'cal'].map((uid) => presenceOf(get(`USER#${uid}`, 'PROFILE')))).toEqual(['member', 'member', 'unjoined']);

    expect(get('POST#01OLDPOSTAAAAAAAAAAAAAAAA', 'POST')).toMatchObject({ likeCount: 2, commentCount: 1, countsVersion: 0 });
    // The live write's count stays (never clobbered); only the missing ones are filled.
    expect(get('POST#01NEWPOSTAAAAAAAAAAAAAAAA', 'POST')).toMatchObject({ likeCount: 5, commentCount: 0, countsVersion: 0 });
    expect(get('POST#01OLDPOSTAAAAAAAAAAAAAAAA', 'LIKE#bob')).toMatchObject({ likerId: 'bob' });
    expect(get('POST#01OLDPOSTAAAAAAAAAAAAAAAA', 'LIKE#cal')).toMatchObject({ likerId: 'cal' });
    const expiresAt = Date.parse(POSTED) / 1000 + 90 * DAY;
    expect(get('USER#ann', 'FEED#01OLDPOSTAAAAAAAAAAAAAAAA')).toMatchObject({ expiresAt });
    expect(get('USER#bob', 'FEED#01OLDPOSTAAAAAAAAAAAAAAAA')).toMatchObject({ expiresAt });
    expect(get('USER#dee', 'FEED#01NEWPOSTAAAAAAAAAAAAAAAA')).toMatchObject({ expiresAt: 1 });
    // City and state apart (0005); what was not a trailing state of the same place stays.
    expect(get('USER#ann', 'PROFILE')).toMatchObject({ location: { city: 'Portland', state: 'Oregon', country: 'United States' } });
    expect(get('USER#bob', 'PROFILE')).toMatchObject({ inviteSystem: { invitedFrom: { city: 'Portland', state: 'Oregon' } } });
    expect(get('USER#cal', 'PROFILE')).toMatchObject({ location: { city: 'Portland, Maine', state: 'Oregon' } });
    // Verified in person (0006): the founder from the start; joined pending members listed for the admins, by joinedAt#uid.
    expect(get('USER#fay', 'PROFILE')).toMatchObject({ verificationLevel: 'verified', verifiedVia: 'founder', verifiedAt: expect.any(String) });
    expect(get('POST#01FAYPOSTAAAAAAAAAAAAAAAA', 'POST')).toMatchObject({ authorId: 'fay', authorVerified: true });
    expect(get('USER#ann', 'PROFILE')).toMatchObject({ queue: 'UNVERIFIED', queueKey: `${T_A}#ann` });
    expect(get('USER#bob', 'PROFILE')).toMatchObject({ queue: 'UNVERIFIED', queueKey: `${T_B}#bob` });
    expect(get('USER#dee', 'PROFILE')).toMatchObject({ queue: 'UNVERIFIED', queueKey: '2026-04-01T00:00:00.000Z#dee' });
    for (const uid of ['cal', 'eve', 'fay']) expect(get(`USER#${uid}`, 'PROFILE'), uid).not.toHaveProperty('queue');
    expect(get('USER#eve', 'PROFILE')).toMatchObject({ verificationLevel: 'verified', verifiedVia: 'admin' });

    const records = [...table.values()].filter((stored) => stored.pk === 'MIGRATION');
    expect(records.map((record) => record.sk)).toEqual(['0001', '0002', '0003', '0004', '0005', '0006']);
    expect(records[0]).toMatchObject({ scanned: 3, changed: 3, description: expect.stringContaining('joinedAt'), appliedAt: expect.any(String) });
    expect(records[3]).toMatchObject({ scanned: 2, changed: 2 });
  });

  it('a second run changes nothing and records nothing twice', async () => {
    const before = await snapshot();
    const run = await runMigrate(...args);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('0001 already applied');
    expect(run.stdout).toContain('Nothing to run: every migration is applied on this stage.');
    expect(await snapshot()).toEqual(before);
  });

  it('a backfill run again finds nothing to change (cal alone is looked at: an account still joining keeps no joinedAt)', async () => {
    await dynamo().send(new DeleteCommand({ TableName: tableName, Key: { pk: 'MIGRATION', sk: '0001' } }));
    const before = await snapshot();
    const run = await runMigrate(...args);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('0001 changed 0 items of 1 scanned');
    const after = await snapshot();
    after.delete('MIGRATION|0001');
    before.delete('MIGRATION|0001');
    expect(after).toEqual(before);
    expect(await item('MIGRATION', '0001')).toMatchObject({ scanned: 1, changed: 0 });
  });

  it('refuses while another run holds the lease, saying whose; a dry run only notes it; a lapsed lease is taken', async () => {
    await dynamo().send(new DeleteCommand({ TableName: tableName, Key: { pk: 'MIGRATION', sk: '0004' } }));
    const until = Date.now() + 10 * 60 * 1000;
    await dynamo().send(
      new PutCommand({ TableName: tableName, Item: { pk: 'MIGRATION', sk: 'LEASE', leaseOwner: 'grace@ops-laptop #abc123', leaseUntil: until } }),
    );

    const refused = await runMigrate(...args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `Another migration run holds this stage: grace@ops-laptop #abc123, until ${new Date(until).toISOString()}. Wait for it to finish (or, if it died, for its lease to lapse) and run again.\n`,
    );
    expect(await item('MIGRATION', '0004')).toBeUndefined();

    const dryRun = await runMigrate(...args, '--dry-run');
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toContain('Note: Another migration run holds this stage: grace@ops-laptop #abc123');
    expect(dryRun.stdout).toContain('0004 would change 0 items of 0 scanned');
    expect(await item('MIGRATION', 'LEASE')).toMatchObject({ leaseOwner: 'grace@ops-laptop #abc123', leaseUntil: until });

    await dynamo().send(
      new PutCommand({ TableName: tableName, Item: { pk: 'MIGRATION', sk: 'LEASE', leaseOwner: 'grace@ops-laptop #abc123', leaseUntil: Date.now() - 1 } }),
    );
    const taken = await runMigrate(...args);
    expect(taken.code).toBe(0);
    expect(taken.stdout).toContain('0004 changed 0 items of 0 scanned');
    // The run gave its lease back.
    expect(await item('MIGRATION', 'LEASE')).toBeUndefined();
  });
});
