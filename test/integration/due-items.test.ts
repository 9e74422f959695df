import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ok } from '../support/callable-client.ts';
import { createMember, useLocalCloudData } from '../support/local-cloud-members.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { dueQueueOf, dynamo, keys, tableName, transact } = await import('#data/table');
const { cancelDueItem, dueItemsIn, scheduleDueItem } = await import('#data/due');
const { DUE_ITEMS_PER_QUEUE, DUE_WORK_CONCURRENCY, FAILURES_BEFORE_PARKING, sweepDueItems } = await import('../../lambdas/jobs/due-items-sweep.ts');

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Kinds of work only this file knows: the local cloud's own scheduler (which sweeps this table every
 * minute with the real work) leaves their items alone, so what happens to them is this file's runs.
 */
const TEST_KIND = 'test-work';
const scheduled = new Map<string, { kind: string; subject: string }>();

async function schedule(kind: string, subject: string, dueAt: Date): Promise<void> {
  scheduled.set(`${kind}\n${subject}`, { kind, subject });
  expect(await transact([scheduleDueItem('due', kind, subject, dueAt.toISOString())])).toEqual({ ok: true });
}

async function storedDueAt(kind: string, subject: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.dueItem(kind, subject), ConsistentRead: true }));
  return Item?.dueAt as string | undefined;
}

/** A run over this test's subjects only (the table is shared with the other files of the shard). */
const only = (subjects: readonly string[]) => ({ select: (item: { subjectId: string }) => subjects.includes(item.subjectId) });

const subjectsFor = (label: string, count = 1) => Array.from({ length: count }, (_, index) => `${label}-${index}-${randomUUID()}`);

afterAll(async () => {
  // What a failed test left behind would otherwise be tried by the cloud's scheduler every minute.
  const cancels = [...scheduled.values()].map(({ kind, subject }, index) => cancelDueItem(`item${index}`, kind, subject));
  // A transaction holds at most 100 items.
  for (let start = 0; start < cancels.length; start += 100) await transact(cancels.slice(start, start + 100));
});

describe('the due-items sweep', () => {
  it('does the work of an item whose time has passed, then deletes it; an item not yet due is left alone', async () => {
    const [past = '', future = ''] = subjectsFor('sweep', 2);
    const now = new Date();
    await schedule(TEST_KIND, past, new Date(now.getTime() - MINUTE_MS));
    await schedule(TEST_KIND, future, new Date(now.getTime() + 10 * MINUTE_MS));
    const done: { subject: string; now: Date }[] = [];
    const work = { [TEST_KIND]: async (subject: string, at: Date) => void done.push({ subject, now: at }) };

    expect(await sweepDueItems(now, { work, ...only([past, future]) })).toEqual({ done: 1, failed: 0, stuck: 0, left: 0 });
    expect(done).toEqual([{ subject: past, now }]);
    expect(await storedDueAt(TEST_KIND, past)).toBeUndefined();
    expect(await storedDueAt(TEST_KIND, future)).toBeDefined();

    // Its time comes: the next run takes it.
    expect(await sweepDueItems(new Date(now.getTime() + 10 * MINUTE_MS), { work, ...only([past, future]) })).toEqual({ done: 1, failed: 0, stuck: 0, left: 0 });
    expect(done.map((entry) => entry.subject)).toEqual([past, future]);
    expect(await storedDueAt(TEST_KIND, future)).toBeUndefined();
  });

  it('keeps an item rescheduled while its work ran (its dueAt moved after the read), for its new time', async () => {
    const [subject = ''] = subjectsFor('rescheduled');
    const now = new Date();
    await schedule(TEST_KIND, subject, new Date(now.getTime() - MINUTE_MS));
    const later = new Date(now.getTime() + 30 * DAY_MS);
    // A renewal landing while the lapse is handled: it writes the item's new time.
    const work = { [TEST_KIND]: () => schedule(TEST_KIND, subject, later) };

    expect(await sweepDueItems(now, { work, ...only([subject]) })).toEqual({ done: 1, failed: 0, stuck: 0, left: 0 });
    expect(await storedDueAt(TEST_KIND, subject)).toBe(later.toISOString());
  });

  it('leaves an item whose work failed, or whose kind nobody handles, for the next run; the next run that succeeds deletes it; one that failed 60 runs is parked', async () => {
    const [failing = '', unknown = ''] = subjectsFor('failing', 2);
    // Due three hours from now and swept on a clock past that: the cloud's own scheduler (real time,
    // for which these kinds are unknown) neither tries nor counts them meanwhile.
    const dueAt = new Date(Date.now() + 3 * 60 * MINUTE_MS);
    const clock = new Date(dueAt.getTime() + MINUTE_MS);
    await schedule(TEST_KIND, failing, dueAt);
    await schedule('test-kind-nobody-handles', unknown, dueAt);
    let attempts = 0;
    const work = {
      [TEST_KIND]: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('The table throttled this once');
      },
    };

    expect(await sweepDueItems(clock, { work, ...only([failing, unknown]) })).toEqual({ done: 0, failed: 2, stuck: 0, left: 0 });
    expect(await storedDueAt(TEST_KIND, failing)).toBeDefined();
    expect(await storedDueAt('test-kind-nobody-handles', unknown)).toBeDefined();

    expect(await sweepDueItems(clock, { work, ...only([failing]) })).toEqual({ done: 1, failed: 0, stuck: 0, left: 0 });
    expect(attempts).toBe(2);
    expect(await storedDueAt(TEST_KIND, failing)).toBeUndefined();

    // An item that keeps failing is counted on itself, and at its 60th failure (an hour of runs)
    // parked out of the queue: that run fails (an operator's alarm), and no later run takes it.
    const stored = async () =>
      (await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.dueItem('test-kind-nobody-handles', unknown), ConsistentRead: true }))).Item;
    expect(await stored()).toMatchObject({ failures: 1, lastError: expect.stringContaining('No work is registered'), queue: expect.any(String) });
    for (let run = 2; run < FAILURES_BEFORE_PARKING; run++) {
      expect(await sweepDueItems(clock, { work, ...only([unknown]) }), `run ${run}`).toEqual({ done: 0, failed: 1, stuck: 0, left: 0 });
    }
    expect(await sweepDueItems(clock, { work, ...only([unknown]) })).toEqual({ done: 0, failed: 1, stuck: 1, left: 0 });
    const parked = await stored();
    expect(parked).toMatchObject({ failures: FAILURES_BEFORE_PARKING, parkedAt: clock.toISOString() });
    expect(parked).not.toHaveProperty('queue');
    expect(await sweepDueItems(clock, { work, ...only([unknown]) })).toEqual({ done: 0, failed: 0, stuck: 0, left: 0 });
  });

  it(`works on at most ${DUE_WORK_CONCURRENCY} items at once, oldest first, and starts none once its time is up`, async () => {
    const subjects = subjectsFor('many', 20);
    const now = new Date();
    // Spread over the queue shards by their digest; each a second apart, the first the oldest.
    for (const [index, subject] of subjects.entries()) await schedule(TEST_KIND, subject, new Date(now.getTime() - 30 * MINUTE_MS + index * 1000));

    // Out of time from the start: nothing is started, everything stays.
    expect(await sweepDueItems(now, { work: { [TEST_KIND]: async () => undefined }, stopAt: Date.now(), ...only(subjects) })).toEqual({
      done: 0,
      failed: 0,
      stuck: 0,
      left: 20,
    });

    let running = 0;
    let most = 0;
    const started: string[] = [];
    const work = {
      [TEST_KIND]: async (subject: string) => {
        started.push(subject);
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
      },
    };
    expect(await sweepDueItems(now, { work, ...only(subjects) })).toEqual({ done: 20, failed: 0, stuck: 0, left: 0 });
    expect(most).toBe(DUE_WORK_CONCURRENCY);
    expect(started).toEqual(subjects);
    for (const subject of subjects) expect(await storedDueAt(TEST_KIND, subject)).toBeUndefined();
  });
});

describe('a backlog', () => {
  it(`takes at most ${DUE_ITEMS_PER_QUEUE} items of a shard a run, oldest first; the next run takes the rest`, async () => {
    // 101 items in one shard, due three hours from now (the cloud's own scheduler, on real time, leaves them to these runs).
    const shard = dueQueueOf(TEST_KIND, 'backlog-probe');
    const subjects: string[] = [];
    while (subjects.length < DUE_ITEMS_PER_QUEUE + 1) {
      const subject = `backlog-${randomUUID()}`;
      if (dueQueueOf(TEST_KIND, subject) === shard) subjects.push(subject);
    }
    const base = Date.now() + 3 * 60 * MINUTE_MS;
    for (const [index, subject] of subjects.entries()) await schedule(TEST_KIND, subject, new Date(base + index * 1000));
    const clock = new Date(base + 5 * MINUTE_MS);
    // Another file's item due before these would take a place among the shard's first 100.
    const firstHundred = await dueItemsIn(shard, clock, DUE_ITEMS_PER_QUEUE);
    const mineFirst = firstHundred.filter((item) => subjects.includes(item.subjectId)).length;
    expect(mineFirst).toBeLessThanOrEqual(DUE_ITEMS_PER_QUEUE);

    const done: string[] = [];
    const work = { [TEST_KIND]: async (subject: string) => void done.push(subject) };
    expect(await sweepDueItems(clock, { work, ...only(subjects) })).toMatchObject({ done: mineFirst, failed: 0 });
    expect(done).toEqual(subjects.slice(0, mineFirst));
    expect(await sweepDueItems(clock, { work, ...only(subjects) })).toMatchObject({ done: subjects.length - mineFirst, failed: 0 });
    expect(done).toEqual(subjects);
  });
});

describe('the work of each kind', () => {
  it('a notice or a lapse for a member who is not verified by vouches (any more) changes nothing, and the item goes', async () => {
    const member = await createMember(endpoints, 'not-verified');
    // Due an hour from now, and swept with a clock an hour on: the cloud's own scheduler (real time) leaves them to this run.
    const dueAt = new Date(Date.now() + 60 * MINUTE_MS);
    const now = new Date(dueAt.getTime() + MINUTE_MS);
    await schedule('verification-notice', member.uid, dueAt);
    await schedule('verification-lapse', member.uid, dueAt);
    const before = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(member.uid), ConsistentRead: true }));

    expect(await sweepDueItems(now, only([member.uid]))).toEqual({ done: 2, failed: 0, stuck: 0, left: 0 });
    expect(await storedDueAt('verification-notice', member.uid)).toBeUndefined();
    expect(await storedDueAt('verification-lapse', member.uid)).toBeUndefined();
    const after = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(member.uid), ConsistentRead: true }));
    expect(after.Item).toMatchObject({ verificationLevel: 'pending' });
    expect(after.Item).not.toHaveProperty('lapseNoticeUntil');
    expect(after.Item?.verificationLevel).toBe(before.Item?.verificationLevel);
  });
});

describe("the local cloud's scheduler", () => {
  it("runs the sweep every minute: a member's verification notice due now reaches their notifications within two minutes", { timeout: 200_000 }, async () => {
    const member = await createMember(endpoints, 'expiring');
    const until = new Date(Date.now() + 30 * DAY_MS).toISOString();
    // As a verification by vouches leaves the record (the vouches themselves are the vouching tests').
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(member.uid),
        UpdateExpression: 'SET verificationLevel = :verified, verifiedVia = :vouches, verifiedAt = :at, verifiedUntil = :until',
        ExpressionAttributeValues: { ':verified': 'verified', ':vouches': 'vouches', ':at': new Date().toISOString(), ':until': until },
      }),
    );
    await schedule('verification-notice', member.uid, new Date());

    // The scheduler's next minute (no sweep of this file's): generous for a busy machine.
    await expect.poll(() => storedDueAt('verification-notice', member.uid), { timeout: 180_000, interval: 2_000 }).toBeUndefined();
    // The notice is written on the record; the table stream makes the notification from it.
    const expiring = async () =>
      (await ok(endpoints, 'listNotifications', { token: member.accessToken })).notifications.filter((n) => n.vouchNotice === 'expiring');
    await expect.poll(expiring, { timeout: 30_000, interval: 1_000 }).toEqual([expect.objectContaining({ kind: 'vouching', vouchUntil: until, actor: null })]);
  });
});
