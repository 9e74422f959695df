import { describe, expect, inject, it } from 'vitest';
import { listLiveConnections } from '#data/live';
import { LIVE_SOCKETS_PER_MEMBER } from '../../lambdas/domain/live-sockets.ts';
import { createMember, useLocalCloudData } from '../support/local-cloud-members.ts';
import { openLive, refusedStatus, type TestSocket, useLiveSockets } from '../support/live-sockets.ts';

/**
 * At most LIVE_SOCKETS_PER_MEMBER open sockets a member: each one costs a
 * registration, a push per change and a slot of the stage, so one account cannot open thousands.
 * The count and the registration are one transaction on the member's socket version, so
 * concurrent connects cannot pass it. A refused handshake is 429.
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const openPage = useLiveSockets(endpoints);

/** Waits until `check` holds (the registry follows a close asynchronously, as $disconnect does on AWS). */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(`at most ${LIVE_SOCKETS_PER_MEMBER} open sockets a member`, () => {
  it(`accepts ${LIVE_SOCKETS_PER_MEMBER} tabs, refuses the next with 429, and accepts it again once a tab closes`, async () => {
    const member = await createMember(endpoints, 'live-cap');
    const tabs: TestSocket[] = [];
    for (let i = 0; i < LIVE_SOCKETS_PER_MEMBER; i++) tabs.push(await openPage(member.accessToken));
    expect(await listLiveConnections(member.uid)).toHaveLength(LIVE_SOCKETS_PER_MEMBER);

    expect(await refusedStatus(endpoints, member.accessToken)).toBe(429);
    expect(await listLiveConnections(member.uid)).toHaveLength(LIVE_SOCKETS_PER_MEMBER);

    await tabs[0]?.close();
    await eventually(async () => (await listLiveConnections(member.uid)).length < LIVE_SOCKETS_PER_MEMBER);
    await openPage(member.accessToken);
    expect(await listLiveConnections(member.uid)).toHaveLength(LIVE_SOCKETS_PER_MEMBER);
  });

  it('holds against concurrent connects: of 16 at once, exactly 10 open', async () => {
    const member = await createMember(endpoints, 'live-cap-race');
    const attempts = await Promise.allSettled(Array.from({ length: 16 }, () => openLive(endpoints, member.accessToken)));
    const opened = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []));
    try {
      expect(opened).toHaveLength(LIVE_SOCKETS_PER_MEMBER);
      for (const attempt of attempts) if (attempt.status === 'rejected') expect(String(attempt.reason)).toContain('429');
      expect(await listLiveConnections(member.uid)).toHaveLength(LIVE_SOCKETS_PER_MEMBER);
    } finally {
      await Promise.all(opened.map((socket) => socket.close()));
    }
  });

  it('counts per member: another member’s tabs are not refused for it', async () => {
    const [busy, other] = await Promise.all([createMember(endpoints, 'live-cap-busy'), createMember(endpoints, 'live-cap-other')]);
    await Promise.all(Array.from({ length: LIVE_SOCKETS_PER_MEMBER }, () => openPage(busy.accessToken)));
    const tabs = await Promise.all([openPage(other.accessToken), openPage(other.accessToken)]);
    expect(tabs.every((tab) => tab.socket.readyState === tab.socket.OPEN)).toBe(true);
  });
});
