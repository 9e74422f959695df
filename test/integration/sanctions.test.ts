import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { INVITE_MESSAGES } from '../../lambdas/contracts/joining.ts';
import { MODERATION_MESSAGES } from '../../lambdas/contracts/moderation.ts';
import { ACCOUNT_DELETION_CONFIRMATION } from '../../lambdas/contracts/removal.ts';
import { call, expectRefusal, ok } from '../support/callable-client.ts';
import { confirmSignUp, mailbox, proxiedFrom, signIn, signUp, signUpAsSpa, signUpTicketFor, uniqueEmail } from '../support/local-cloud-client.ts';
import { clientAddress, createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { moderationClient } from '../support/moderation.ts';

/**
 * Resolving reports with graduated sanctions: dismiss, remove-content,
 * warn, suspend, disable-invites, remove-member (invitees move to the inviter), remove-member-and-
 * tree; every open report on the target resolved together, the reporters told the outcome only,
 * the inviter told of a suspension or removal, the public log naming nobody but removed members,
 * the founder and admins protected, a double click applied once.
 */
const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
const { dynamo, tableName } = await import('#data/table');
const { keys } = await import('#data/table');

let founderToken = '';
const m = moderationClient(endpoints, () => founderToken);
const AUSTIN = { city: 'Austin', state: 'Texas' } as const;
const DAY_MS = 86_400_000;

let reporter: TestMember;
let other: TestMember;

beforeAll(async () => {
  founderToken = (await signIn(endpoints, founder.email, founder.password)).accessToken;
  [reporter, other] = await Promise.all([
    createMember(endpoints, 'sanction-reporter', { displayName: 'Rae Reporter' }),
    createMember(endpoints, 'sanction-other', { displayName: 'Otto Other' }),
  ]);
}, 60_000);

/** A member invited by `inviter` (their record names them: GSI byInviter). */
function invitee(label: string, inviter: TestMember | null, displayName = `${label} ${Date.now().toString(36)}`) {
  return createMember(endpoints, label, { displayName, location: AUSTIN, ...(inviter && { inviteSystem: { invitedBy: inviter.uid } }) });
}

async function record(uid: string) {
  return (await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid), ConsistentRead: true }))).Item;
}

async function postItem(postId: string) {
  return (await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `POST#${postId}`, sk: 'POST' }, ConsistentRead: true }))).Item;
}

async function logEntries() {
  return (await ok(endpoints, 'listModerationLog', { token: other.accessToken, data: {} })).entries;
}

async function auditEntriesAbout(uid: string) {
  const { entries } = await ok(endpoints, 'listAuditLog', { token: founderToken });
  return entries.filter((entry) => entry.targetId === uid && entry.action === 'resolveReport');
}

describe('every action', () => {
  it('resolves all open reports on the target together, tells each reporter the outcome only, audits the reason and logs publicly without names', async () => {
    const author = await invitee('dismiss-author', null);
    const second = await createMember(endpoints, 'dismiss-second');
    const { postId } = await m.post(author, 'borderline');
    const first = await m.reported(reporter, { type: 'post', id: postId }, 'spam', 'secret note one');
    const next = await m.reported(second, { type: 'post', id: postId }, 'other', 'secret note two');
    const resolved = await m.resolve(first, 'dismiss', { reason: 'Private: looks fine to me' });
    expect(resolved).toMatchObject({ status: 200, body: { result: { reportId: first, action: 'dismiss', resolvedReports: 2 } } });
    expect(await postItem(postId)).toBeDefined();
    const queued = (await m.queue()).map((report) => report.reportId);
    expect(queued).not.toContain(first);
    expect(queued).not.toContain(next);
    for (const [member, reportId] of [
      [reporter, first],
      [second, next],
    ] as const) {
      const { reports } = await ok(endpoints, 'listMyReports', { token: member.accessToken });
      expect(reports.find((report) => report.reportId === reportId)).toMatchObject({ status: 'resolved', outcome: 'dismiss' });
      const { notices } = await m.standing(member);
      expect(notices[0]).toEqual({
        noticeId: expect.any(String),
        kind: 'report-resolved',
        at: expect.any(String),
        noteToMember: null,
        until: null,
        targetType: 'post',
        outcome: 'dismiss',
        memberName: null,
      });
      const text = JSON.stringify({ reports, notices });
      for (const hidden of ['secret note', 'Private:', member === reporter ? second.uid : reporter.uid]) expect(text).not.toContain(hidden);
    }
    const [audit] = await auditEntriesAbout(author.uid);
    expect(audit).toMatchObject({
      action: 'resolveReport',
      actorId: founder.userId,
      reason: 'Private: looks fine to me',
      outcome: expect.stringContaining('dismiss'),
    });
    const entry = (await logEntries())[0];
    expect(entry).toMatchObject({ action: 'dismiss', targetType: 'post', reason: 'spam', memberName: null });
    expect(JSON.stringify(await logEntries())).not.toContain('Private:');
    // Once resolved, the reporter may report it again.
    await m.reported(reporter, { type: 'post', id: postId });
  });

  it(
    'resolves more open reports on one target than one transaction holds (the rest in further transactions), each reporter told',
    { timeout: 60_000 },
    async () => {
      const author = await invitee('crowd-author', null);
      const { postId } = await m.post(author, 'reported by a crowd');
      const crowd = await Promise.all(Array.from({ length: 40 }, (_, index) => createMember(endpoints, `crowd-${index}`)));
      const reportIds = await Promise.all(crowd.map((member) => m.reported(member, { type: 'post', id: postId }, 'spam')));
      const answer = await m.resolve(reportIds[7] ?? '', 'warn', { noteToMember: 'Many people flagged this.' });
      expect(answer).toMatchObject({ status: 200, body: { result: { resolvedReports: 40 } } });
      const queued = new Set((await m.queue()).map((report) => report.reportId));
      expect(reportIds.filter((id) => queued.has(id))).toEqual([]);
      const told = await Promise.all(crowd.map(async (member) => (await m.standing(member)).notices.map((notice) => notice.kind)));
      expect(told.every((kinds) => kinds.length === 1 && kinds[0] === 'report-resolved')).toBe(true);
      expect((await m.standing(author)).notices.filter((notice) => notice.kind === 'warning')).toHaveLength(1);
    },
  );

  it('answers 404 for an unknown report, 409 for one already resolved, and applies a double click once', async () => {
    expectRefusal(await m.resolve('01JZZZZZZZZZZZZZZZZZZZZZZZ', 'dismiss'), 404, 'NOT_FOUND', MODERATION_MESSAGES.reportNotFound);
    const inviter = await invitee('double-inviter', null);
    const target = await invitee('double-target', inviter);
    const reportId = await m.reported(reporter, { type: 'member', id: target.uid }, 'harassment');
    const until = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const answers = await Promise.all([m.resolve(reportId, 'suspend', { until }), m.resolve(reportId, 'suspend', { until })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    if (refused) expectRefusal(refused, 409, 'ABORTED', MODERATION_MESSAGES.reportAlreadyResolved);
    expect((await m.standing(target)).notices.filter((notice) => notice.kind === 'suspension')).toHaveLength(1);
    expect((await m.standing(inviter)).notices.filter((notice) => notice.kind === 'invitee-suspended')).toHaveLength(1);
    expect(await auditEntriesAbout(target.uid)).toHaveLength(1);
    expectRefusal(await m.resolve(reportId, 'warn'), 409, 'ABORTED', MODERATION_MESSAGES.reportAlreadyResolved);
  });

  it('spares the founder and admins every sanction but dismissal and removing their content (403)', async () => {
    // A founder of its own (marked as the seed marks one): the run's founder must stay untouched by
    // this file (removal-protection checks that nothing was ever done to them).
    const standIn = await createMember(endpoints, 'sanction-founder', { extra: { isFounder: true } });
    const onFounder = await m.reported(reporter, { type: 'member', id: standIn.uid }, 'other');
    for (const action of ['warn', 'suspend', 'disable-invites', 'remove-member', 'remove-member-and-tree'] as const) {
      const until = new Date(Date.now() + DAY_MS).toISOString();
      expectRefusal(await m.resolve(onFounder, action, { until }), 403, 'PERMISSION_DENIED', MODERATION_MESSAGES.founderProtected);
    }
    const admin = await createMember(endpoints, 'sanction-admin', { extra: { isAdmin: true } });
    const { postId } = await m.post(admin, 'an admin post');
    const onAdmin = await m.reported(reporter, { type: 'post', id: postId }, 'other');
    expectRefusal(await m.resolve(onAdmin, 'warn'), 403, 'PERMISSION_DENIED', MODERATION_MESSAGES.adminProtected);
    expect((await m.resolve(onAdmin, 'remove-content')).status).toBe(200);
    expect(await postItem(postId)).toBeUndefined();
    expect((await m.resolve(onFounder, 'dismiss')).status).toBe(200);
  });
});

describe('remove-content', () => {
  it("deletes a post as its author's delete would, and tells the author with the admin's note", async () => {
    const author = await invitee('removed-post-author', null);
    const { postId } = await m.post(author, 'offensive post');
    await ok(endpoints, 'togglePostLike', { token: other.accessToken, data: { postId, liked: true } });
    const reportId = await m.reported(reporter, { type: 'post', id: postId }, 'harassment');
    expect((await m.resolve(reportId, 'remove-content', { noteToMember: 'Personal attacks are not allowed.' })).status).toBe(200);
    expect(await postItem(postId)).toBeUndefined();
    expectRefusal(await call(endpoints, 'getPost', { token: other.accessToken, data: { postId } }), 404, 'NOT_FOUND');
    expect((await m.standing(author)).notices[0]).toMatchObject({
      kind: 'content-removed',
      noteToMember: 'Personal attacks are not allowed.',
      targetType: 'post',
    });
    expect((await logEntries())[0]).toMatchObject({ action: 'remove-content', targetType: 'post', reason: 'harassment', memberName: null });
  });

  it("deletes a comment and lowers its post's count; a member report has nothing to remove (400)", async () => {
    const author = await invitee('removed-comment-author', null);
    const { postId } = await m.post(other, 'a calm post');
    const { comment } = await m.comment(author, postId, 'a rude comment');
    const reportId = await m.reported(reporter, { type: 'comment', id: comment.commentId }, 'harassment');
    expect((await m.resolve(reportId, 'remove-content')).status).toBe(200);
    expect((await postItem(postId))?.commentCount).toBe(0);
    const { comments } = await ok(endpoints, 'listComments', { token: other.accessToken, data: { postId } });
    expect(comments).toEqual([]);
    const onMember = await m.reported(reporter, { type: 'member', id: author.uid }, 'spam');
    expectRefusal(await m.resolve(onMember, 'remove-content'), 400, 'INVALID_ARGUMENT', MODERATION_MESSAGES.nothingToRemove);
  });
});

describe('warn', () => {
  it('gives the member a warning notice with the note, and changes nothing else', async () => {
    const member = await invitee('warned', null);
    const reportId = await m.reported(reporter, { type: 'member', id: member.uid }, 'not-a-real-person');
    expect((await m.resolve(reportId, 'warn', { noteToMember: 'Please use your real name.' })).status).toBe(200);
    const { standing, notices } = await m.standing(member);
    expect(standing).toEqual({ suspendedUntil: null, suspensionNote: null, invitesDisabled: false });
    expect(notices[0]).toMatchObject({ kind: 'warning', noteToMember: 'Please use your real name.', until: null });
    expect((await m.post(member, 'still here')).postId).toEqual(expect.any(String));
  });
});

describe('suspend', () => {
  it('needs a future date within the limit', async () => {
    const member = await invitee('suspend-dates', null);
    const reportId = await m.reported(reporter, { type: 'member', id: member.uid }, 'spam');
    expectRefusal(await m.resolve(reportId, 'suspend'), 400, 'INVALID_ARGUMENT', MODERATION_MESSAGES.untilRequired);
    expectRefusal(await m.resolve(reportId, 'suspend', { until: 'soon' }), 400, 'INVALID_ARGUMENT', MODERATION_MESSAGES.untilInvalid);
    expectRefusal(await m.resolve(reportId, 'suspend', { until: '2020-01-01' }), 400, 'INVALID_ARGUMENT', MODERATION_MESSAGES.untilInPast);
    const tooFar = new Date(Date.now() + 400 * DAY_MS).toISOString().slice(0, 10);
    expectRefusal(await m.resolve(reportId, 'suspend', { until: tooFar }), 400, 'INVALID_ARGUMENT', MODERATION_MESSAGES.untilTooFar);
    expect((await m.queue()).map((report) => report.reportId)).toContain(reportId);
  });

  it("refuses the member's writes (post, comment, like, anchor request and accept) with the date and lets them read; the inviter is told; it ends by itself", async () => {
    const inviter = await invitee('suspend-inviter', null);
    const member = await invitee('suspended', inviter, 'Sue Suspended');
    const friend = await invitee('suspend-friend', null);
    const requester = await invitee('suspend-requester', null);
    await m.anchor(member, friend);
    const { postId } = await m.post(friend, 'a post to read', 'anchors');
    await ok(endpoints, 'sendAnchorRequest', { token: requester.accessToken, data: { userId: member.uid } });
    const reportId = await m.reported(reporter, { type: 'member', id: member.uid }, 'harassment');
    const until = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10);
    expect((await m.resolve(reportId, 'suspend', { until, noteToMember: 'Two weeks to cool off.' })).status).toBe(200);

    const { standing, notices } = await m.standing(member);
    expect(standing).toEqual({ suspendedUntil: `${until}T00:00:00.000Z`, suspensionNote: 'Two weeks to cool off.', invitesDisabled: false });
    expect(notices[0]).toMatchObject({ kind: 'suspension', until: `${until}T00:00:00.000Z`, noteToMember: 'Two weeks to cool off.' });
    expect((await m.standing(inviter)).notices[0]).toMatchObject({ kind: 'invitee-suspended', memberName: 'Sue Suspended', noteToMember: null });

    const refusal = MODERATION_MESSAGES.suspended(`${until}T00:00:00.000Z`);
    const token = member.accessToken;
    for (const answer of [
      await call(endpoints, 'createPost', { token, data: { content: 'still posting', privacy: 'public' } }),
      await call(endpoints, 'addComment', { token, data: { postId, content: 'a comment' } }),
      await call(endpoints, 'togglePostLike', { token, data: { postId, liked: true } }),
      await call(endpoints, 'sendAnchorRequest', { token, data: { userId: other.uid } }),
      await call(endpoints, 'acceptAnchorRequest', { token, data: { userId: requester.uid } }),
    ]) {
      expectRefusal(answer, 403, 'PERMISSION_DENIED', refusal);
    }
    expect(refusal).toContain(until);
    for (const answer of [
      await call(endpoints, 'getFeed', { token }),
      await call(endpoints, 'getPost', { token, data: { postId } }),
      await call(endpoints, 'listComments', { token, data: { postId } }),
      await call(endpoints, 'getMe', { token }),
      await call(endpoints, 'listAnchors', { token, data: {} }),
    ]) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    // The queue shows the member as suspended.
    const reportAfter = await m.reported(other, { type: 'member', id: member.uid }, 'other');
    expect((await m.queue()).find((report) => report.reportId === reportAfter)?.content.member).toMatchObject({ isSuspended: true });

    // The end comes: nothing clears it, it simply stops counting.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(member.uid),
        UpdateExpression: 'SET suspendedUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expect((await call(endpoints, 'createPost', { token, data: { content: 'back again', privacy: 'public' } })).status).toBe(200);
    expect((await m.standing(member)).standing).toMatchObject({ suspendedUntil: null, suspensionNote: null });
  });

  it('refuses every write others see or that spends community resources (name, bio, pictures, photos, invite code, wider privacy, dev tools) and lets through what protects or frees the member', async () => {
    const member = await invitee('suspended-writer', null, 'Sam Suspended');
    const bystander = await invitee('suspended-bystander', null);
    const { postId } = await m.post(member, 'a post of my own', 'public');
    const { inviteCode } = (await record(member.uid))?.inviteSystem as { inviteCode: string };
    const reportId = await m.reported(reporter, { type: 'member', id: member.uid }, 'spam');
    const until = new Date(Date.now() + 5 * DAY_MS).toISOString().slice(0, 10);
    expect((await m.resolve(reportId, 'suspend', { until })).status).toBe(200);
    const before = await record(member.uid);

    const refusal = MODERATION_MESSAGES.suspended(`${until}T00:00:00.000Z`);
    const token = member.accessToken;
    const profile = {
      displayName: 'A New Name',
      birthday: '',
      graduationYear: null,
      major: '',
      bio: 'a new bio',
      location: AUSTIN,
      contactInfo: { phoneNumber: '', personalEmail: '' },
    };
    const narrower = {
      profileVisibility: 'friends',
      birthdayVisibility: 'private',
      photosVisibility: 'private',
      contactVisibility: 'private',
      phoneVisibility: 'private',
      emailVisibility: 'private',
    } as const;
    for (const [name, answer] of [
      ['updateProfile', await call(endpoints, 'updateProfile', { token, data: profile })],
      [
        'completeProfile',
        await call(endpoints, 'completeProfile', {
          token,
          data: { displayName: 'A New Name', bio: 'x', birthday: '', location: AUSTIN, contactInfo: { phoneNumber: '', personalEmail: '' } },
        }),
      ],
      ['createProfilePictureUpload', await call(endpoints, 'createProfilePictureUpload', { token, data: { contentType: 'image/jpeg', purpose: 'settings' } })],
      ['confirmProfilePicture', await call(endpoints, 'confirmProfilePicture', { token, data: { purpose: 'settings' } })],
      ['createPhotoUpload', await call(endpoints, 'createPhotoUpload', { token, data: { contentType: 'image/png' } })],
      ['confirmPhotoUpload', await call(endpoints, 'confirmPhotoUpload', { token, data: { uploadId: '7f3e0c8a-1b2c-4d5e-8f90-123456789abc' } })],
      ['replaceInviteCode', await call(endpoints, 'replaceInviteCode', { token, data: { currentCode: inviteCode } })],
      ['createDummyAnchors', await call(endpoints, 'createDummyAnchors', { token })],
      ['setAdminClaim', await call(endpoints, 'setAdminClaim', { token, data: { userId: member.uid } })],
      ['updatePrivacy (wider)', await call(endpoints, 'updatePrivacy', { token, data: { ...narrower, profileVisibility: 'public' } })],
    ] as const) {
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(403);
      expectRefusal(answer, 403, 'PERMISSION_DENIED', refusal);
    }
    const unchanged = await record(member.uid);
    expect(unchanged?.displayName).toBe(before?.displayName);
    expect(unchanged?.bio).toBe(before?.bio);
    expect(unchanged?.privacy).toEqual(before?.privacy);
    expect(unchanged?.isAdmin).toBe(false);
    expect((unchanged?.inviteSystem as { inviteCode: string }).inviteCode).toBe(inviteCode);

    // What protects or frees the member still works: narrowing privacy, block, mute, report,
    // deleting their own post, export; sign out and account deletion spend nothing of anyone's.
    expect((await call(endpoints, 'updatePrivacy', { token, data: narrower })).status).toBe(200);
    expect((await record(member.uid))?.privacy).toEqual(narrower);
    for (const [name, answer] of [
      ['blockMember', await call(endpoints, 'blockMember', { token, data: { userId: bystander.uid } })],
      ['muteMember', await call(endpoints, 'muteMember', { token, data: { userId: other.uid } })],
      ['reportContent', await call(endpoints, 'reportContent', { token, data: { target: { type: 'member', id: other.uid }, reason: 'spam' } })],
      ['deletePost', await call(endpoints, 'deletePost', { token, data: { postId } })],
      ['requestDataExport', await call(endpoints, 'requestDataExport', { token })],
    ] as const) {
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
    // Unblocking is not protection: it waits for the suspension's end.
    expectRefusal(await call(endpoints, 'unblockMember', { token, data: { userId: bystander.uid } }), 403, 'PERMISSION_DENIED', refusal);
  });
});

describe('disable-invites', () => {
  it("makes the member's code admit nobody (validateInviteCode and sign-up answer it as invalid) while an invite already held stands", async () => {
    const member = await invitee('disabled-inviter', null);
    // Someone signed up with the code before: their invite is held.
    const heldEmail = uniqueEmail('held-before');
    const held = await signUpAsSpa(endpoints, {
      email: heldEmail,
      password: 'newcomer horse 42',
      displayName: 'Held Hal',
      inviteCode: member.inviteCode,
      headers: proxiedFrom(clientAddress()),
    });
    const ticket = await signUpTicketFor(endpoints, member.inviteCode, proxiedFrom(clientAddress()));

    const reportId = await m.reported(reporter, { type: 'member', id: member.uid }, 'spam');
    expect((await m.resolve(reportId, 'disable-invites', { noteToMember: 'Your invites are paused.' })).status).toBe(200);
    expect((await record(member.uid))?.invitesDisabled).toBe(true);
    expect(await m.standing(member)).toMatchObject({
      standing: { invitesDisabled: true },
      notices: [expect.objectContaining({ kind: 'invites-disabled', noteToMember: 'Your invites are paused.' })],
    });

    const check = await call(endpoints, 'validateInviteCode', {
      data: { inviteCode: member.inviteCode, userLocation: AUSTIN },
      headers: proxiedFrom(clientAddress()),
    });
    expectRefusal(check, 404, 'NOT_FOUND', INVITE_MESSAGES.invalidCode);
    // A ticket taken before cannot carry a sign-up through PreSignUp either.
    await expect(signUp(endpoints, uniqueEmail('after-disable'), 'newcomer horse 42', member.inviteCode, ticket)).rejects.toThrow(/Invalid invite code/);
    // The invite held before stands.
    const reservation = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.inviteReservation(held.UserSub ?? ''), ConsistentRead: true }));
    expect(reservation.Item).toMatchObject({ invitedBy: member.uid });
    expect((await ok(endpoints, 'getMyInvites', { token: member.accessToken })).pending).toBe(1);
    // …and turns into a member at the newcomer's profile save.
    const [message] = await mailbox(endpoints, heldEmail);
    await confirmSignUp(endpoints, heldEmail, message?.code ?? '');
    const { accessToken } = await signIn(endpoints, heldEmail, 'newcomer horse 42');
    await ok(endpoints, 'createUserRecord', { token: accessToken });
    const used = await call(endpoints, 'useInviteCode', { token: accessToken, data: { inviteCode: member.inviteCode, userLocation: AUSTIN } });
    expect(used).toMatchObject({ status: 200, body: { result: { invitedBy: member.uid, inviteType: 'local' } } });
  });

  it("also closes a suspended member's code while the suspension lasts", async () => {
    const member = await invitee('suspended-inviter', null);
    const reportId = await m.reported(reporter, { type: 'member', id: member.uid }, 'spam');
    expect((await m.resolve(reportId, 'suspend', { until: new Date(Date.now() + DAY_MS).toISOString() })).status).toBe(200);
    const check = await call(endpoints, 'validateInviteCode', {
      data: { inviteCode: member.inviteCode, userLocation: AUSTIN },
      headers: proxiedFrom(clientAddress()),
    });
    expectRefusal(check, 404, 'NOT_FOUND', INVITE_MESSAGES.invalidCode);
  });
});

describe('remove-member', () => {
  it("removes the member alone: their invitees move to the removed member's inviter, who is told; the public log names the removed member", async () => {
    const top = await invitee('reparent-top', null, `Top ${Date.now().toString(36)}`);
    const removed = await invitee('reparent-removed', top, `Removed ${Date.now().toString(36)}`);
    const [kidA, kidB] = await Promise.all([invitee('reparent-kid-a', removed), invitee('reparent-kid-b', removed)]);
    const grandkid = await invitee('reparent-grandkid', kidA);
    const { postId } = await m.post(removed, 'spam spam spam');
    const reportId = await m.reported(reporter, { type: 'post', id: postId }, 'spam');

    const answer = await m.resolve(reportId, 'remove-member', { reason: 'Private: a spam account' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await record(removed.uid)).toBeUndefined();
    expect(await postItem(postId)).toBeUndefined();
    for (const kid of [kidA, kidB])
      expect(await record(kid.uid)).toMatchObject({ invitedBy: top.uid, inviteSystem: expect.objectContaining({ invitedBy: top.uid }) });
    expect(await record(grandkid.uid)).toMatchObject({ invitedBy: kidA.uid });
    const { tree } = await ok(endpoints, 'getUserInviteTree', { token: founderToken, data: { userId: top.uid } });
    expect(tree.invitedUsers.map((node) => node.id).sort()).toEqual([kidA.uid, kidB.uid].sort());
    expect(tree.invitedUsers.find((node) => node.id === kidA.uid)?.invitedUsers.map((node) => node.id)).toEqual([grandkid.uid]);

    const removedName = (await m.standing(top)).notices[0]?.memberName;
    expect(removedName).toMatch(/^Removed /);
    expect((await m.standing(top)).notices[0]).toMatchObject({ kind: 'invitee-removed', memberName: removedName });
    expect((await logEntries())[0]).toMatchObject({ action: 'remove-member', targetType: 'post', reason: 'spam', memberName: removedName });
    expect((await ok(endpoints, 'listMyReports', { token: reporter.accessToken })).reports.find((report) => report.reportId === reportId)).toMatchObject({
      outcome: 'remove-member',
    });
    // Their invitees go on as members.
    expect((await m.post(kidB, 'still a member')).postId).toEqual(expect.any(String));
  });
});

describe("remove-member's job", () => {
  it('re-parents before the member goes, once, whatever run crashes after it: a re-run moves nobody twice and finishes the removal', async () => {
    const { startMemberRemoval, runRemoval } = await import('../../lambdas/workflows/removal-runner.ts');
    const { getRemovalState } = await import('#data/removal');
    const top = await invitee('rerun-top', null);
    const removed = await invitee('rerun-removed', top);
    const kid = await invitee('rerun-kid', removed);
    const key = { rootUid: removed.uid, kind: 'member' as const };
    await startMemberRemoval(removed.uid, 'Rerun Removed', founder.userId);
    const crashed = runRemoval(key, {
      budgetMs: 60_000,
      hardStopMs: 60_000,
      retryFailed: true,
      beforeStep: (_uid, step) => {
        if (step === 'anchors') throw new Error('injected crash');
      },
    });
    await expect(crashed).rejects.toThrow('injected crash');
    // Moved already; the member's record still there (it goes last), their code gone (frozen).
    expect(await record(kid.uid)).toMatchObject({ invitedBy: top.uid });
    expect(await record(removed.uid)).toMatchObject({ removalPending: removed.uid });
    const before = await record(kid.uid);
    const report = await runRemoval(key, { budgetMs: 60_000, hardStopMs: 60_000, retryFailed: true });
    expect(report).toMatchObject({ complete: true, totalRemoved: 1, errors: [] });
    expect(await record(removed.uid)).toBeUndefined();
    expect(await record(kid.uid)).toEqual(before);
    expect((await getRemovalState(key)).finished).toMatchObject({ totalRemoved: 1 });
  });
});

describe('reports naming a member who left', () => {
  it('stay resolvable: the queue shows the content as gone, dismiss resolves them, a sanction of nobody is 404', async () => {
    const leaver = await invitee('leaver', null);
    const { postId } = await m.post(leaver, 'soon to leave');
    const onPost = await m.reported(reporter, { type: 'post', id: postId }, 'spam');
    const onMember = await m.reported(reporter, { type: 'member', id: leaver.uid }, 'spam');
    // The leaver reported someone and was told the outcome: their MYREPORT# and NOTICE# items.
    const byLeaver = await m.reported(leaver, { type: 'member', id: other.uid }, 'other');
    expect((await m.resolve(byLeaver, 'dismiss')).status).toBe(200);
    expect((await m.standing(leaver)).notices).toHaveLength(1);
    await ok(endpoints, 'deleteMyAccount', { token: leaver.accessToken, data: { confirmationText: ACCOUNT_DELETION_CONFIRMATION } });
    // Removal takes their whole partition, the moderation items in it too.
    const { queryAll } = await import('#data/table');
    const left = await queryAll({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${leaver.uid}` } });
    expect(left).toEqual([]);
    const queued = (await m.queue()).filter((report) => [onPost, onMember].includes(report.reportId));
    expect(queued).toHaveLength(2);
    for (const report of queued) expect(report.content).toEqual({ member: null, post: null, comment: null });
    expectRefusal(await m.resolve(onMember, 'warn'), 404, 'NOT_FOUND', MODERATION_MESSAGES.userNotFound);
    expect((await m.resolve(onMember, 'dismiss')).status).toBe(200);
    expect((await m.resolve(onPost, 'remove-content')).status).toBe(200);
  });
});

describe('remove-member-and-tree', () => {
  it('removes the member and everyone they invited; the inviter is told; a tree holding an admin is refused whole', async () => {
    const top = await invitee('tree-top', null);
    const root = await invitee('tree-root', top, `Root ${Date.now().toString(36)}`);
    const leaf = await invitee('tree-leaf', root);
    const reportId = await m.reported(reporter, { type: 'member', id: root.uid }, 'impersonation');
    const answer = await m.resolve(reportId, 'remove-member-and-tree');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await record(root.uid)).toBeUndefined();
    expect(await record(leaf.uid)).toBeUndefined();
    expect((await m.standing(top)).notices[0]).toMatchObject({ kind: 'invitee-removed', memberName: expect.stringMatching(/^Root /) });
    expect((await logEntries())[0]).toMatchObject({ action: 'remove-member-and-tree', targetType: 'member', memberName: expect.stringMatching(/^Root /) });

    const guarded = await invitee('tree-guarded', null);
    await createMember(endpoints, 'tree-admin', { extra: { isAdmin: true }, inviteSystem: { invitedBy: guarded.uid } });
    const onGuarded = await m.reported(reporter, { type: 'member', id: guarded.uid }, 'spam');
    expectRefusal(await m.resolve(onGuarded, 'remove-member-and-tree'), 403, 'PERMISSION_DENIED', /Cannot remove this tree/);
    expect(await record(guarded.uid)).toBeDefined();
    expect((await m.queue()).map((report) => report.reportId)).toContain(onGuarded);
  });
});

describe('the public moderation log', () => {
  it('names nobody but removed members, newest first, a page at a time', async () => {
    const { entries, nextCursor } = await ok(endpoints, 'listModerationLog', { token: other.accessToken, data: {} });
    expect(entries.length).toBeGreaterThan(0);
    const ids = entries.map((entry) => entry.entryId);
    expect(ids).toEqual([...ids].sort().reverse());
    for (const entry of entries) {
      if (entry.action === 'remove-member' || entry.action === 'remove-member-and-tree') expect(entry.memberName).toEqual(expect.any(String));
      else expect(entry.memberName).toBeNull();
    }
    const text = JSON.stringify(entries);
    for (const hidden of [reporter.uid, 'Rae Reporter', 'Private:', 'Sue Suspended']) expect(text).not.toContain(hidden);
    if (nextCursor) {
      const next = await ok(endpoints, 'listModerationLog', { token: other.accessToken, data: { cursor: nextCursor } });
      expect(next.entries.every((entry) => entry.entryId < (ids.at(-1) ?? ''))).toBe(true);
    }
  });
});
