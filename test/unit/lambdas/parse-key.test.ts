import { describe, expect, it } from 'vitest';
import type { InviterDigest } from '#domain/metrics-counters';
import { keys, parseKey, postKeys, type ParsedKey } from '#data/table';

type Builders = typeof keys & typeof postKeys;

/**
 * Every key builder with arguments and the item parseKey must read back from its key. Typed by
 * builder name and by kind, so a new builder or a new kind fails the typecheck until it has a row.
 */
const rows: { [B in keyof Builders]: { key: { pk: string; sk: string }; parsed: Exclude<ParsedKey, { kind: 'unknown' }> } } = {
  user: { key: keys.user('u1'), parsed: { kind: 'member', uid: 'u1' } },
  inviteCode: { key: keys.inviteCode('ABCD2345'), parsed: { kind: 'invite-code', code: 'ABCD2345' } },
  inviteReservation: { key: keys.inviteReservation('u1'), parsed: { kind: 'invite-reservation', username: 'u1' } },
  spentSignUpTicket: { key: keys.spentSignUpTicket('n1'), parsed: { kind: 'spent-sign-up-ticket', nonce: 'n1' } },
  metrics: { key: keys.metrics('2026-01-02'), parsed: { kind: 'daily-metrics', date: '2026-01-02' } },
  metricsCounter: { key: keys.metricsCounter('inviter', 'i#abc#members'), parsed: { kind: 'metrics-counter', scope: 'inviter', name: 'i#abc#members' } },
  inviterRankEntry: { key: keys.inviterRankEntry('000#111#75'), parsed: { kind: 'inviter-rank-entry', rankKey: '000#111#75' } },
  inviterRankOf: { key: keys.inviterRankOf('d1' as InviterDigest), parsed: { kind: 'inviter-rank-of', inviter: 'd1' } },
  metricsApplied: { key: keys.metricsApplied('42', keys.user('u1')), parsed: { kind: 'metrics-applied', sequenceNumber: '42' } },
  rateWindow: { key: keys.rateWindow('createPost', 'abc', 1700), parsed: { kind: 'rate-window', limit: 'createPost', client: 'abc', windowStart: 1700 } },
  anchorEdge: { key: keys.anchorEdge('u1', 'u2'), parsed: { kind: 'anchor-edge', uid: 'u1', otherUid: 'u2' } },
  friendship: { key: keys.friendship('u1_u2'), parsed: { kind: 'friendship', friendshipId: 'u1_u2' } },
  auditEntry: { key: keys.auditEntry('e1'), parsed: { kind: 'audit-entry', entryId: 'e1' } },
  liveConnection: { key: keys.liveConnection('u1', 'c1'), parsed: { kind: 'live-connection', uid: 'u1', connectionId: 'c1' } },
  liveSockets: { key: keys.liveSockets('u1'), parsed: { kind: 'live-sockets', uid: 'u1' } },
  liveConnectionOwner: { key: keys.liveConnectionOwner('c1'), parsed: { kind: 'live-connection-owner', connectionId: 'c1' } },
  block: { key: keys.block('u1', 'u2'), parsed: { kind: 'block', uid: 'u1', otherUid: 'u2' } },
  mute: { key: keys.mute('u1', 'u2'), parsed: { kind: 'mute', uid: 'u1', otherUid: 'u2' } },
  report: { key: keys.report('r1'), parsed: { kind: 'report', reportId: 'r1' } },
  openReportOnTarget: {
    key: keys.openReportOnTarget('comment', 'c1', 'u1'),
    parsed: { kind: 'open-report-on-target', targetType: 'comment', targetId: 'c1', reporterUid: 'u1' },
  },
  ownReport: { key: keys.ownReport('u1', 'r1'), parsed: { kind: 'own-report', uid: 'u1', reportId: 'r1' } },
  notice: { key: keys.notice('u1', 'n1'), parsed: { kind: 'notice', uid: 'u1', noticeId: 'n1' } },
  notification: { key: keys.notification('u1', 'n1'), parsed: { kind: 'notification', uid: 'u1', notificationId: 'n1' } },
  notificationState: { key: keys.notificationState('u1'), parsed: { kind: 'notification-state', uid: 'u1' } },
  toldOnce: { key: keys.toldOnce('u1', 'd1'), parsed: { kind: 'told-once', uid: 'u1', digest: 'd1' } },
  moderationLogEntry: { key: keys.moderationLogEntry('e1'), parsed: { kind: 'moderation-log-entry', entryId: 'e1' } },
  dataExportJob: { key: keys.dataExportJob('u1'), parsed: { kind: 'data-export-job', uid: 'u1' } },
  migrationApplied: { key: keys.migrationApplied('0003'), parsed: { kind: 'migration-applied', version: '0003' } },
  migrationLease: { key: keys.migrationLease(), parsed: { kind: 'migration-lease' } },
  removalJob: { key: keys.removalJob('u1', 'SELF'), parsed: { kind: 'removal-job', rootUid: 'u1', job: 'SELF' } },
  post: { key: postKeys.post('p1'), parsed: { kind: 'post', postId: 'p1' } },
  feedEntry: { key: postKeys.feedEntry('u1', 'p1'), parsed: { kind: 'feed-entry', ownerUid: 'u1', postId: 'p1' } },
  like: { key: postKeys.like('p1', 'u1'), parsed: { kind: 'like', postId: 'p1', uid: 'u1' } },
  comment: { key: postKeys.comment('p1', 'c1'), parsed: { kind: 'comment', postId: 'p1', commentId: 'c1' } },
  postRequest: { key: postKeys.postRequest('u1', 'q1'), parsed: { kind: 'post-request', uid: 'u1', clientRequestId: 'q1' } },
  commentRequest: { key: postKeys.commentRequest('u1', 'q1'), parsed: { kind: 'comment-request', uid: 'u1', clientRequestId: 'q1' } },
  commentedMarker: { key: postKeys.commentedMarker('u1', 'p1', 'c1'), parsed: { kind: 'commented-marker', uid: 'u1', postId: 'p1', commentId: 'c1' } },
  deletedMarker: { key: postKeys.deletedMarker('u1', 'p1', 'c1'), parsed: { kind: 'deleted-marker', uid: 'u1', postId: 'p1', commentId: 'c1' } },
  vouchReceived: { key: keys.vouchReceived('u1', 'u2'), parsed: { kind: 'vouch-received', subjectUid: 'u1', voucherUid: 'u2' } },
  vouchGiven: { key: keys.vouchGiven('u2', 'u1'), parsed: { kind: 'vouch-given', voucherUid: 'u2', subjectUid: 'u1' } },
  vouchMonth: { key: keys.vouchMonth('u1', '2026-11'), parsed: { kind: 'vouch-month', uid: 'u1', month: '2026-11' } },
  vouchNonce: { key: keys.vouchNonce('d1'), parsed: { kind: 'vouch-nonce', nonceDigest: 'd1' } },
  vouchShortCode: { key: keys.vouchShortCode('ABC234'), parsed: { kind: 'vouch-short-code', code: 'ABC234' } },
  dueItem: { key: keys.dueItem('verification-lapse', 'u1'), parsed: { kind: 'due-item', dueKind: 'verification-lapse', subjectId: 'u1' } },
};

describe('parseKey reads back every key a builder makes', () => {
  it.each(Object.entries(rows))('%s', (_builder, { key, parsed }) => {
    expect(parseKey(key)).toEqual(parsed);
  });

  it('has a row for every builder, and no two builders make the same kind', () => {
    const builders = [...Object.keys(keys), ...Object.keys(postKeys)].sort();
    expect(Object.keys(rows).sort()).toEqual(builders);
    const kinds = Object.values(rows).map((row) => row.parsed.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  it('reads a deleted post (no comment id) apart from a deleted comment', () => {
    expect(parseKey(postKeys.deletedMarker('u1', 'p1'))).toEqual({ kind: 'deleted-marker', uid: 'u1', postId: 'p1' });
  });

  it.each([
    ['an unknown partition', { pk: 'NOPE#1', sk: 'X' }],
    ['an unknown sort key in a member partition', { pk: 'USER#u1', sk: 'SOMETHING' }],
    ['an unknown sort key in a post partition', { pk: 'POST#p1', sk: 'VIEW#u1' }],
    ['a comment marker without its comment id', { pk: 'USER#u1', sk: 'COMMENTED#p1' }],
    ['no key at all', {}],
  ])('answers unknown for %s', (_what, key) => {
    expect(parseKey(key)).toEqual({ kind: 'unknown' });
  });
});
