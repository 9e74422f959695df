import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callableNames, callables } from '#contracts/callables';
import { ACCOUNT_MESSAGES } from '#contracts/account';
import { MODERATION_MESSAGES } from '#contracts/moderation';
import { AppError } from '#domain/app-error';

/**
 * The DynamoDB client is replaced by one that records every request and answers the caller's
 * record as each test sets it (no local cloud in the unit project): so the count below is of
 * requests the real presence check sends, not of calls to a stand-in for it.
 */
const sent: unknown[] = [];
let stored: Record<string, unknown> | undefined;
vi.mock('../../../lambdas/data/table/aws-clients.ts', () => ({
  tableName: () => 'table',
  dynamo: () => ({
    send: (command: unknown) => {
      sent.push(command);
      return Promise.resolve({ Item: stored });
    },
  }),
}));
const { BEFORE_RECORD_CALLABLES, JOINING_CALLABLES, NO_RECORD_MESSAGE, NOT_JOINED_MESSAGE, OWN_READ_CALLABLES, requireMemberRecord } =
  await import('#http/member-presence');

const caller = { uid: 'u1', username: 'u1', groups: [] };
// getFeed (presence 'own-read') checks it from its own read instead: the authorization matrix covers it.
const guarded = callableNames.filter((name) => callables[name].access !== 'public' && !BEFORE_RECORD_CALLABLES.has(name) && !OWN_READ_CALLABLES.has(name));

beforeEach(() => {
  sent.length = 0;
  stored = undefined;
});

describe("requireMemberRecord: a removed member's token is refused", () => {
  it('reads the record once (one strongly consistent GetItem of the key, the removal mark and what says they joined) for every callable that needs a member, and lets a member through', async () => {
    // isAdmin: admin callables also need the record to say admin (the next test).
    stored = { pk: 'USER#u1', joinedAt: '2026-01-01T00:00:00.000Z', isAdmin: true };
    for (const name of guarded) await requireMemberRecord(name, caller);
    expect(sent).toHaveLength(guarded.length);
    for (const command of sent) {
      expect(command).toBeInstanceOf(GetCommand);
      expect((command as GetCommand).input).toEqual({
        TableName: 'table',
        Key: { pk: 'USER#u1', sk: 'PROFILE' },
        ProjectionExpression: 'pk, #pending, joinedAt, isSuperuser, isAdmin, suspendedUntil, sessionEpoch',
        ExpressionAttributeNames: { '#pending': 'removalPending' },
        ConsistentRead: true,
      });
    }
  });

  it('refuses admin callables, from the same read, when the record no longer says admin (a revoked admin whose token still carries the group)', async () => {
    stored = { pk: 'USER#u1', joinedAt: '2026-01-01T00:00:00.000Z', isAdmin: false };
    const revoked = { ...caller, groups: ['admin'] };
    for (const name of guarded) {
      const outcome = await requireMemberRecord(name, revoked).then(
        () => 'through',
        (error: unknown) => error,
      );
      if (callables[name].access === 'admin')
        expect(outcome, name).toMatchObject({ status: 'permission-denied', message: 'Access denied. Admin privileges required.' });
      else expect(outcome, name).toBe('through');
    }
    expect(sent).toHaveLength(guarded.length);
  });

  it('refuses, from the same read, the community writes of a suspended member (403 with the end date) and lets their reads through; an expired suspension stops counting', async () => {
    const now = new Date('2026-06-01T00:00:00.000Z');
    stored = { pk: 'USER#u1', joinedAt: '2026-01-01T00:00:00.000Z', suspendedUntil: '2026-06-15T00:00:00.000Z' };
    const members = guarded.filter((name) => callables[name].access === 'member');
    for (const name of members) {
      const outcome = await requireMemberRecord(name, caller, now).then(
        () => 'through',
        (error: unknown) => error,
      );
      if ('refusedWhileSuspended' in callables[name]) {
        expect(outcome, name).toMatchObject({ status: 'permission-denied', message: MODERATION_MESSAGES.suspended('2026-06-15T00:00:00.000Z') });
      } else expect(outcome, name).toBe('through');
    }
    expect(sent).toHaveLength(members.length);
    await expect(requireMemberRecord('createPost', caller, new Date('2026-06-15T00:00:00.000Z'))).resolves.toBeUndefined();
    for (const name of ['createPost', 'addComment', 'togglePostLike', 'sendAnchorRequest', 'acceptAnchorRequest', 'editPost', 'editComment'] as const) {
      expect('refusedWhileSuspended' in callables[name], name).toBe(true);
    }
  });

  it('refuses a suspended member every write others see or that spends community resources, and nothing that protects or frees them', () => {
    const refused = [
      'updateProfile',
      'completeProfile',
      'createProfilePictureUpload',
      'confirmProfilePicture',
      'createPhotoUpload',
      'confirmPhotoUpload',
      'replaceInviteCode',
      'unblockMember',
      'createDummyAnchors',
      'calculateMetricsManually',
      'setAdminClaim',
    ] as const;
    for (const name of refused) expect('refusedWhileSuspended' in callables[name], name).toBe(true);
    // updatePrivacy is judged by its handler: narrowing passes, widening is refused.
    const allowed = [
      'updatePrivacy',
      'blockMember',
      'muteMember',
      'unmuteMember',
      'deletePost',
      'deleteComment',
      'deletePhoto',
      'removeAnchor',
      'removeAnchorRequest',
      'reportContent',
      'requestDataExport',
      'getDataExport',
      'signOutEverywhere',
      'deleteMyAccount',
      'markNotificationsRead',
      'updateNotificationSettings',
      'syncAccountEmail',
    ] as const;
    for (const name of allowed) expect('refusedWhileSuspended' in callables[name], name).toBe(false);
  });

  it("answers 404 'User not found' when the record is gone", async () => {
    const refusal = await requireMemberRecord('createPost', caller).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 'not-found', message: NO_RECORD_MESSAGE });
  });

  it('answers a member being removed (their record marked by a frozen removal job) exactly as one removed, from every guarded callable, admin ones included', async () => {
    stored = { pk: 'USER#u1', removalPending: 'root-uid' };
    const admin = { ...caller, groups: ['admin'] };
    for (const name of guarded) {
      const refusal = await requireMemberRecord(name, admin).catch((error: unknown) => error);
      expect(refusal, name).toBeInstanceOf(AppError);
      expect(refusal, name).toMatchObject({ status: 'not-found', message: NO_RECORD_MESSAGE });
    }
    expect(sent).toHaveLength(guarded.length);
  });

  it('lets getMe, createUserRecord and deleteMyAccount through without the record, a member being removed or one not joined (they must work before it), and never reads for public callables', async () => {
    expect([...BEFORE_RECORD_CALLABLES].sort()).toEqual(['createUserRecord', 'deleteMyAccount', 'getMe']);
    for (const record of [undefined, { pk: 'USER#u1', removalPending: 'root-uid' }, { pk: 'USER#u1', joinedAt: null }]) {
      stored = record;
      for (const name of BEFORE_RECORD_CALLABLES) await expect(requireMemberRecord(name, caller), name).resolves.toBeUndefined();
    }
    // They read the record for the session epoch alone (the next describe).
    expect(sent).toHaveLength(3 * BEFORE_RECORD_CALLABLES.size);
    sent.length = 0;
    await requireMemberRecord('validateInviteCode', caller);
    await requireMemberRecord('validateInviteCode', null);
    expect(sent).toHaveLength(0);
  });
});

describe('requireMemberRecord: a token from before a sign out everywhere is refused by every callable that takes a member', () => {
  const epoch = 1_800_000_000;
  // Presence 'own-read' callables check it from their own read: the authorization matrix covers them.
  const checked = callableNames.filter((name) => callables[name].access !== 'public' && !OWN_READ_CALLABLES.has(name));

  it('401 for a token issued before the epoch, the before-record callables included, from the one read', async () => {
    expect(checked).toEqual(expect.arrayContaining(['getMe', 'createUserRecord', 'deleteMyAccount']));
    stored = { pk: 'USER#u1', joinedAt: '2026-01-01T00:00:00.000Z', isAdmin: true, sessionEpoch: epoch };
    const admin = { ...caller, groups: ['admin'], issuedAt: epoch - 1 };
    for (const name of checked) {
      const refusal = await requireMemberRecord(name, admin).catch((error: unknown) => error);
      expect(refusal, name).toMatchObject({ status: 'unauthenticated', message: ACCOUNT_MESSAGES.sessionEnded });
    }
    expect(sent).toHaveLength(checked.length);
  });

  it('lets a token issued at or after the epoch through', async () => {
    stored = { pk: 'USER#u1', joinedAt: '2026-01-01T00:00:00.000Z', sessionEpoch: epoch };
    for (const name of ['getMe', 'createUserRecord', 'deleteMyAccount', 'createPost'] as const) {
      await expect(requireMemberRecord(name, { ...caller, issuedAt: epoch }), name).resolves.toBeUndefined();
    }
  });
});

describe('requireMemberRecord: an account that signed up and has not joined takes no part', () => {
  const outside = guarded.filter((name) => !JOINING_CALLABLES.has(name));

  it('refuses it 403 with a sentence that sends it back to its profile, from every callable outside the joining path', async () => {
    stored = { pk: 'USER#u1', joinedAt: null, isSuperuser: false, isAdmin: false };
    expect(outside.length).toBeGreaterThan(30);
    for (const name of outside) {
      const refusal = await requireMemberRecord(name, caller).catch((error: unknown) => error);
      expect(refusal, name).toMatchObject({ status: 'permission-denied', message: NOT_JOINED_MESSAGE });
    }
  });

  it('lets it finish joining: its picture, the invite, the profile, and leaving', async () => {
    stored = { pk: 'USER#u1' };
    for (const name of ['useInviteCode', 'suggestCities', 'createProfilePictureUpload', 'confirmProfilePicture', 'completeProfile'] as const) {
      await expect(requireMemberRecord(name, caller), name).resolves.toBeUndefined();
    }
  });

  it('lets superusers and admins through without a used invite (record or Cognito group)', async () => {
    stored = { pk: 'USER#u1', isSuperuser: true };
    await expect(requireMemberRecord('createPost', caller)).resolves.toBeUndefined();
    stored = { pk: 'USER#u1', isAdmin: true };
    await expect(requireMemberRecord('createPost', caller)).resolves.toBeUndefined();
    stored = { pk: 'USER#u1' };
    await expect(requireMemberRecord('createPost', { ...caller, groups: ['admin'] })).resolves.toBeUndefined();
  });
});
