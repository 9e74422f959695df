import { afterAll, describe, expect, inject, it } from 'vitest';
import { ANCHOR_MESSAGES, MAX_ANCHORS } from '../../lambdas/contracts/anchors.ts';
import { call, errorOf, ok } from '../support/callable-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { streamCaughtUp } from '../support/stream-barrier.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { getUser } = await import('#data/members');
const { listAcceptedAnchorIds } = await import('#data/graph');
const { seedAcceptedAnchors } = await import('../support/anchor-seed.ts');

// About 9,000 seeded edges (93 members at 99) each pass through the table's stream, whose consumer
// reacts to every accepted edge: some 40 s of backlog on a loaded machine. The file waits it out, so
// the next file's own waits on the stream (seconds each) do not queue behind it (a rerun of the lanes saw them fail).
afterAll(() => streamCaughtUp(endpoints), 660_000);

const AUSTIN = { city: 'Austin', state: 'Texas' };
const MEMBERS = 30;

/** `count` members, each already at 99 accepted anchors (edges and counter seeded directly). */
async function membersAt99(label: string, count: number): Promise<TestMember[]> {
  const members = await Promise.all(Array.from({ length: count }, (_, index) => createMember(endpoints, `${label}-${index}`, { location: AUSTIN })));
  await Promise.all(members.map((member) => seedAcceptedAnchors(member.uid, MAX_ANCHORS - 1)));
  return members;
}

async function send(from: TestMember, to: TestMember) {
  await ok(endpoints, 'sendAnchorRequest', { token: from.accessToken, data: { userId: to.uid } });
}

function accept(who: TestMember, from: TestMember) {
  return call(endpoints, 'acceptAnchorRequest', { token: who.accessToken, data: { userId: from.uid } });
}

/** Nobody passes the cap, and every counter equals the member's accepted edges. */
async function expectCountersEqualEdges(members: TestMember[]) {
  for (const member of members) {
    const [record, edges] = await Promise.all([getUser(member.uid), listAcceptedAnchorIds(member.uid)]);
    expect(record?.anchorCount).toBe(edges.length);
    expect(edges.length).toBeLessThanOrEqual(MAX_ANCHORS);
  }
}

describe('the cap of 100 under concurrency (30 members at 99 accepting at once)', () => {
  it('towards one member at 99: exactly one accept wins, the others are refused, nobody passes 100', async () => {
    const [hub] = await membersAt99('hub', 1);
    if (!hub) throw new Error('no hub');
    const members = await membersAt99('spoke', MEMBERS);
    // The hub (at 99, still allowed to send) asks all 30; all 30 accept at the same moment.
    for (const member of members) await send(hub, member);
    const answers = await Promise.all(members.map((member) => accept(member, hub)));
    const accepted = answers.filter((answer) => answer.status === 200);
    expect(accepted).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(errorOf(answer)?.message).toBe(ANCHOR_MESSAGES.otherMaxReached);
    }
    expect((await getUser(hub.uid))?.anchorCount).toBe(MAX_ANCHORS);
    await expectCountersEqualEdges([hub, ...members]);
  }, 120_000);

  it('one member at 99 accepting 30 requests at once: exactly one wins, the rest are refused with the cap message', async () => {
    const [hub] = await membersAt99('busy', 1);
    if (!hub) throw new Error('no hub');
    const members = await membersAt99('asker', MEMBERS);
    for (const member of members) await send(member, hub);
    const answers = await Promise.all(members.map((member) => accept(hub, member)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(errorOf(answer)?.message).toBe(ANCHOR_MESSAGES.maxReached);
    }
    await expectCountersEqualEdges([hub, ...members]);
  }, 120_000);

  it('in a ring where each member sends to the next: every member accepts and is accepted at once, nobody passes 100', async () => {
    const ring = await membersAt99('ring', MEMBERS);
    for (let index = 0; index < ring.length; index++) await send(ring[index] as TestMember, ring[(index + 1) % ring.length] as TestMember);
    const answers = await Promise.all(ring.map((member, index) => accept(member, ring[(index + ring.length - 1) % ring.length] as TestMember)));
    const wins = answers.filter((answer) => answer.status === 200).length;
    // Each member is in two pairs and can take only one more anchor: between 10 and 15 pairs win.
    // Every refusal is caused by a winner on one side, so the winners form a maximal matching.
    expect(wins).toBeGreaterThanOrEqual(MEMBERS / 3);
    expect(wins).toBeLessThanOrEqual(MEMBERS / 2);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer.status).toBe(409);
      expect([ANCHOR_MESSAGES.maxReached, ANCHOR_MESSAGES.otherMaxReached]).toContain(errorOf(answer)?.message);
    }
    await expectCountersEqualEdges(ring);
  }, 120_000);

  it('crossing requests and double removes: one pair, one refusal, counters never below zero', async () => {
    const [a, b] = await Promise.all([createMember(endpoints, 'cross-a', { location: AUSTIN }), createMember(endpoints, 'cross-b', { location: AUSTIN })]);
    const sends = await Promise.all([
      call(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } }),
      call(endpoints, 'sendAnchorRequest', { token: b.accessToken, data: { userId: a.uid } }),
    ]);
    expect(sends.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(sends.map((answer) => errorOf(answer)?.message)).toContain(ANCHOR_MESSAGES.alreadyPending);
    const winner = sends[0]?.status === 200 ? a : b;
    const recipient = winner === a ? b : a;
    expect((await accept(recipient, winner)).status).toBe(200);
    const removes = await Promise.all([
      call(endpoints, 'removeAnchor', { token: a.accessToken, data: { userId: b.uid } }),
      call(endpoints, 'removeAnchor', { token: b.accessToken, data: { userId: a.uid } }),
    ]);
    expect(removes.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect(removes.map((answer) => errorOf(answer)?.message)).toContain(ANCHOR_MESSAGES.connectionNotFound);
    await expectCountersEqualEdges([a, b]);
    expect((await getUser(a.uid))?.anchorCount).toBe(0);
  });
});
