import { AdminAddUserToGroupCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { REMOVAL_MESSAGES, type InviteTreeNode } from '../../lambdas/contracts/removal.ts';
import { call, expectRefusal, ok } from '../support/callable-client.ts';
import { cognito, signIn } from '../support/local-cloud-client.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData, type MemberOptions, type TestMember } from '../support/local-cloud-members.ts';

/**
 * Admins and the founder are never removed: a tree removal that reaches one is refused whole
 * (403, naming them) before anything is written; the founder cannot delete their own account; and
 * a member who became an admin after a removal began is kept by the run that reaches them.
 */
const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
Object.assign(process.env, { LAMBDA_ENDPOINT: endpoints.apiUrl.replace(/\/api$/, ''), REMOVAL_WORKER_FUNCTION: 'RemovalWorker' });
const { getUser } = await import('#data/members');
const { findInviteCodeOwner } = await import('#data/invites');
const { findReservation, reserveInvite } = await import('#data/invites');
const { listAuditEntries } = await import('#data/members');
const { markAdmin } = await import('#data/members');
const { runRemoval, startTreeRemoval } = await import('../../lambdas/workflows/removal-runner.ts');
const { dynamo, tableName } = await import('#data/table');
const { keys } = await import('#data/table');

let founderToken: string;

beforeAll(async () => {
  founderToken = (await signIn(endpoints, founder.email, founder.password)).accessToken;
});

function member(label: string, options: MemberOptions = {}): Promise<TestMember> {
  return createMember(endpoints, label, { displayName: `${label[0]?.toUpperCase()}${label.slice(1)} ${Date.now().toString(36)}`, ...options });
}

function invitedBy(inviter: TestMember, options: MemberOptions = {}): MemberOptions {
  return { ...options, inviteSystem: { invitedBy: inviter.uid } };
}

async function addToAdminGroup(target: TestMember): Promise<void> {
  await cognito(endpoints).send(new AdminAddUserToGroupCommand({ UserPoolId: endpoints.cognito.userPoolId, Username: target.email, GroupName: 'admin' }));
}

/** An admin as the product makes one: the Cognito group, isAdmin on the record, and a token that says so. */
async function admin(label: string): Promise<TestMember> {
  const made = await member(label, { extra: { isAdmin: true } });
  await addToAdminGroup(made);
  return { ...made, accessToken: (await signIn(endpoints, made.email, MEMBER_PASSWORD)).accessToken };
}

async function displayNameOf(uid: string): Promise<string> {
  return (await getUser(uid))?.displayName ?? '';
}

async function cognitoAccountOf(uid: string): Promise<string | undefined> {
  const { Users } = await cognito(endpoints).send(new ListUsersCommand({ UserPoolId: endpoints.cognito.userPoolId, Filter: `sub = "${uid}"`, Limit: 1 }));
  return Users?.[0]?.Username;
}

/** Untouched by a refused removal: record (not marked as being removed), invite code, account, no job, no audit entry. */
async function expectIntact(target: TestMember, rootUid: string): Promise<void> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(target.uid), ConsistentRead: true }));
  expect(Item, target.email).toBeDefined();
  expect(Item?.removalPending, target.email).toBeUndefined();
  expect(await findInviteCodeOwner(target.inviteCode), target.email).toBe(target.uid);
  expect(await cognitoAccountOf(target.uid), target.email).toBeDefined();
  const job = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `REMOVAL#${rootUid}`, sk: 'JOB' }, ConsistentRead: true }));
  expect(job.Item).toBeUndefined();
  expect((await listAuditEntries(100)).filter((entry) => entry.targetId === rootUid)).toEqual([]);
}

function flatten(node: InviteTreeNode): InviteTreeNode[] {
  return [node, ...node.invitedUsers.flatMap(flatten)];
}

describe('a tree removal that reaches an admin or the founder is refused whole', () => {
  it('an admin cannot remove another admin: 403 naming them, and nothing is touched', async () => {
    const remover = await admin('remover');
    // An admin by the record alone (not in the Cognito group), with an invitee of their own.
    const other = await member('other admin', { extra: { isAdmin: true } });
    const invitee = await member('their invitee', invitedBy(other));
    const otherName = await displayNameOf(other.uid);
    const refused = await call(endpoints, 'removeUserAndInviteTree', { token: remover.accessToken, data: { userId: other.uid, reason: 'Overreach' } });
    expectRefusal(refused, 403, 'PERMISSION_DENIED', `Cannot remove this tree: it includes ${otherName} (an admin).`);
    await expectIntact(other, other.uid);
    await expectIntact(invitee, other.uid);
  });

  it('refuses a tree holding an admin deep down and a pending account in the admin group, naming both; every member stays', async () => {
    const root = await member('root');
    const middle = await member('middle', invitedBy(root));
    // An admin by the Cognito group alone (the record says isAdmin false), two levels down.
    const deep = await member('deep', invitedBy(middle));
    await addToAdminGroup(deep);
    const leaf = await member('leaf', invitedBy(deep));
    // Signed up with the root's code and not joined yet (no record), yet in the admin group.
    const pending = await member('pending', { record: false });
    const pendingName = `Pending ${Date.now().toString(36)}`;
    expect(
      await reserveInvite({
        username: pending.uid,
        inviterUid: root.uid,
        code: root.inviteCode,
        displayName: pendingName,
        email: pending.email,
        now: new Date(),
      }),
    ).toBe('reserved');
    await addToAdminGroup(pending);
    const deepName = await displayNameOf(deep.uid);

    const refused = await call(endpoints, 'removeUserAndInviteTree', { token: founderToken, data: { userId: root.uid, reason: 'Spam ring' } });
    expectRefusal(refused, 403, 'PERMISSION_DENIED', `Cannot remove this tree: it includes ${pendingName} (an admin) and ${deepName} (an admin).`);
    for (const kept of [root, middle, deep, leaf]) await expectIntact(kept, root.uid);
    expect(await findReservation(pending.uid)).not.toBeNull();
    expect(await cognitoAccountOf(pending.uid)).toBeDefined();

    // The tree view says why, so the panel can show it before the admin asks.
    const { tree } = await ok(endpoints, 'getUserInviteTree', { token: founderToken, data: { userId: root.uid } });
    const marks = Object.fromEntries(flatten(tree).map((node) => [node.id, node.protectedAs ?? null]));
    expect(marks).toEqual({ [root.uid]: null, [middle.uid]: null, [deep.uid]: 'admin', [leaf.uid]: null, [pending.uid]: 'admin' });
  });

  it('nobody can remove the founder, who is marked as such on their record', async () => {
    expect((await getUser(founder.userId))?.isFounder).toBe(true);
    const remover = await admin('founder remover');
    const founderName = await displayNameOf(founder.userId);
    const refused = await call(endpoints, 'removeUserAndInviteTree', { token: remover.accessToken, data: { userId: founder.userId, reason: 'Coup' } });
    expectRefusal(refused, 403, 'PERMISSION_DENIED', `Cannot remove this tree: it includes ${founderName} (the founder).`);
    await expectIntact({ uid: founder.userId, email: founder.email, accessToken: founderToken, inviteCode: founder.inviteCode }, founder.userId);
    const { tree } = await ok(endpoints, 'getUserInviteTree', { token: remover.accessToken, data: { userId: founder.userId } });
    expect(tree.protectedAs).toBe('founder');
  });
});

describe('the founder and a removal already under way', () => {
  it('the founder cannot delete their own account: 403 with the reason, and it stays whole', async () => {
    // A founder of their own (marked on the record as the seed marks one), so the run's founder stays untouched.
    const standIn = await member('stand-in founder', { extra: { isFounder: true, isAdmin: true } });
    const refused = await call(endpoints, 'deleteMyAccount', { token: standIn.accessToken, data: { confirmationText: 'DELETE MY ACCOUNT' } });
    expectRefusal(refused, 403, 'PERMISSION_DENIED', REMOVAL_MESSAGES.founderCannotDelete);
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(standIn.uid), ConsistentRead: true }));
    expect(Item?.removalPending).toBeUndefined();
    expect(await findInviteCodeOwner(standIn.inviteCode)).toBe(standIn.uid);
    expect(await cognitoAccountOf(standIn.uid)).toBeDefined();
    expect((await call(endpoints, 'getMe', { token: standIn.accessToken })).status).toBe(200);
  });

  it('keeps a member who became an admin after the removal began, and removes the rest of the tree', async () => {
    const root = await member('late root');
    const promoted = await member('promoted', invitedBy(root));
    const below = await member('below promoted', invitedBy(promoted));
    const sibling = await member('sibling', invitedBy(root));
    const rootRecord = await getUser(root.uid);
    if (!rootRecord) throw new Error('No root');
    const key = { rootUid: root.uid, kind: 'tree' as const };
    await startTreeRemoval(rootRecord, { adminUid: founder.userId, adminName: 'Founder', reason: 'Spam ring' });
    // Made an admin between the check at the callable and the run that reaches them.
    expect(await markAdmin(promoted.uid)).toBe(true);
    const promotedName = await displayNameOf(promoted.uid);
    const note = `Kept ${promotedName}: an admin now, so not removed.`;

    const report = await runRemoval(key, { budgetMs: 60_000, hardStopMs: 60_000, retryFailed: true });
    expect(report).toMatchObject({ totalRemoved: 3, errors: [note], complete: true, remaining: 0 });
    for (const gone of [root, below, sibling]) expect(await getUser(gone.uid), gone.email).toBeNull();
    // The promoted admin is whole again: not marked as being removed, their code admits people, their token acts.
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(promoted.uid), ConsistentRead: true }));
    expect(Item).toBeDefined();
    expect(Item?.removalPending).toBeUndefined();
    expect(await findInviteCodeOwner(promoted.inviteCode)).toBe(promoted.uid);
    expect((await call(endpoints, 'getFeed', { token: promoted.accessToken })).status).toBe(200);
    // Asked again, the finished removal still says who was kept; the audit entry tells it too.
    expect(await ok(endpoints, 'removeUserAndInviteTree', { token: founderToken, data: { userId: root.uid, reason: 'Again' } })).toEqual({
      totalRemoved: 3,
      errors: [note],
      complete: true,
      remaining: 0,
      inBackground: false,
    });
    expect((await listAuditEntries(100)).filter((entry) => entry.targetId === root.uid)).toEqual([
      expect.objectContaining({ outcome: `Removed 3 members. ${note}` }),
    ]);
  });
});
