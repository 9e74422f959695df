import { PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { REMOVAL_MESSAGES } from '../../lambdas/contracts/removal.ts';
import { call, expectRefusal, ok } from '../support/callable-client.ts';
import { createMember, useLocalCloudData } from '../support/local-cloud-members.ts';
import {
  actWhileBeingRemoved,
  itemsNaming,
  leftovers,
  picturesClient,
  REFUSED_WHILE_BEING_REMOVED,
  stageUnconfirmedUploads,
} from '../support/removal-community.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { dynamo, tableName } = await import('#data/table');
const { keys, postKeys } = await import('#data/table');
const { listAuditEntries } = await import('#data/members');
const { likedPostIds } = await import('#data/posts');
const { runRemoval, startSelfRemoval } = await import('../../lambdas/workflows/removal-runner.ts');
const { getRemovalJob } = await import('#data/removal');

async function item(key: { pk: string; sk: string }) {
  return (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
}

async function count(pk: string, prefix: string) {
  const { Count } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': pk, ':p': prefix },
      Select: 'COUNT',
    }),
  );
  return Count;
}

describe('deleteMyAccount', () => {
  it('refuses anything but the exact phrase, then removes everything of the member; their invitee stays', async () => {
    const stayer = await createMember(endpoints, 'deletion-stayer');
    const other = await createMember(endpoints, 'deletion-other');
    const member = await createMember(endpoints, 'deletion-member', { inviteSystem: { invitedBy: stayer.uid } });
    const invitee = await createMember(endpoints, 'deletion-invitee', { inviteSystem: { invitedBy: member.uid } });

    await ok(endpoints, 'sendAnchorRequest', { token: member.accessToken, data: { userId: stayer.uid } });
    await ok(endpoints, 'acceptAnchorRequest', { token: stayer.accessToken, data: { userId: member.uid } });
    await ok(endpoints, 'sendAnchorRequest', { token: member.accessToken, data: { userId: other.uid } });
    const stayerPost = (await ok(endpoints, 'createPost', { token: stayer.accessToken, data: { content: 'stayer post', privacy: 'public' } })).postId;
    const memberPost = (await ok(endpoints, 'createPost', { token: member.accessToken, data: { content: 'member post', privacy: 'public' } })).postId;
    await ok(endpoints, 'togglePostLike', { token: member.accessToken, data: { postId: stayerPost, liked: true } });
    await ok(endpoints, 'addComment', { token: member.accessToken, data: { postId: stayerPost, content: 'nice' } });
    await ok(endpoints, 'togglePostLike', { token: stayer.accessToken, data: { postId: memberPost, liked: true } });
    await ok(endpoints, 'addComment', { token: stayer.accessToken, data: { postId: memberPost, content: 'thanks' } });
    const s3 = picturesClient(endpoints);
    await s3.send(new PutObjectCommand({ Bucket: endpoints.s3.bucket, Key: `users/${member.uid}/photos/photo-1.jpg`, Body: 'jpeg' }));
    s3.destroy();
    // Uploads granted and made but never confirmed are staged outside users/{uid}/; they go too.
    expect(await stageUnconfirmedUploads(endpoints, member)).toEqual([
      expect.stringMatching(new RegExp(`^uploads/${member.uid}/photo-`)),
      `uploads/${member.uid}/profile-picture`,
    ]);
    expect(await item(postKeys.post(stayerPost))).toMatchObject({ likeCount: 1, commentCount: 1 });

    for (const confirmationText of ['delete my account', 'DELETE MY ACCOUNT ', 'DELETE']) {
      const answer = await call(endpoints, 'deleteMyAccount', { token: member.accessToken, data: { confirmationText } });
      expectRefusal(answer, 400, 'INVALID_ARGUMENT', REMOVAL_MESSAGES.confirmationMismatch);
    }
    expect(await item(keys.user(member.uid))).toBeDefined();

    expect(await ok(endpoints, 'deleteMyAccount', { token: member.accessToken, data: { confirmationText: 'DELETE MY ACCOUNT' } })).toEqual({ deleted: true });

    // Nothing of theirs is left but the invitee's invitedBy, kept for the record.
    const inviteeRecord = (item: Record<string, unknown>) => item.pk === keys.user(invitee.uid).pk && item.sk === 'PROFILE';
    // (Read once the table's stream has caught up with the removed pair: the stayer's posts leave the member's feed.)
    await expect.poll(() => leftovers(endpoints, [member.uid], inviteeRecord), { timeout: 30_000 }).toEqual({ items: [], accounts: [], objects: [] });
    expect(await item(keys.user(invitee.uid))).toMatchObject({ invitedBy: member.uid, inviteSystem: expect.objectContaining({ invitedBy: member.uid }) });
    expect(await item(keys.inviteCode(invitee.inviteCode))).toBeDefined();

    // The stayer's counters follow: no anchors, and their post's counts and feed entry are back to zero.
    expect(await item(keys.user(stayer.uid))).toMatchObject({ anchorCount: 0 });
    expect(await count(keys.user(stayer.uid).pk, 'ANCHOR#')).toBe(0);
    expect(await count(keys.user(other.uid).pk, 'ANCHOR#')).toBe(0);
    expect(await item(postKeys.post(stayerPost))).toMatchObject({ likeCount: 0, commentCount: 0 });
    expect(await count(postKeys.post(stayerPost).pk, 'LIKE#')).toBe(0);
    expect(await count(postKeys.post(stayerPost).pk, 'COMMENT#')).toBe(0);
    // The stayer's own like and comment went with the member's post, markers included.
    expect(await likedPostIds(stayer.uid)).toEqual([]);
    expect(await count(keys.user(stayer.uid).pk, 'COMMENTED#')).toBe(0);

    // Not an admin action: no audit entry names them.
    expect((await listAuditEntries(100)).some((entry) => entry.targetId === member.uid)).toBe(false);
    // A repeat (the answer was lost) finds nothing left to do.
    expect(await ok(endpoints, 'deleteMyAccount', { token: member.accessToken, data: { confirmationText: 'DELETE MY ACCOUNT' } })).toEqual({ deleted: true });
  });

  it('refuses the member everything else while their deletion is pending (interrupted halfway), and their retry finishes it', async () => {
    const stayer = await createMember(endpoints, 'pending-stayer');
    const other = await createMember(endpoints, 'pending-other');
    const member = await createMember(endpoints, 'pending-member');
    await ok(endpoints, 'sendAnchorRequest', { token: member.accessToken, data: { userId: stayer.uid } });
    await ok(endpoints, 'acceptAnchorRequest', { token: stayer.accessToken, data: { userId: member.uid } });
    const stayerPost = (await ok(endpoints, 'createPost', { token: stayer.accessToken, data: { content: 'stayer post', privacy: 'public' } })).postId;
    await ok(endpoints, 'createPost', { token: member.accessToken, data: { content: 'member post', privacy: 'public' } });
    await ok(endpoints, 'togglePostLike', { token: member.accessToken, data: { postId: stayerPost, liked: true } });
    // The set-up's fan-out has reached both feeds (from the table's stream) before the deletion starts.
    const feedOf = async (reader: typeof member) => (await ok(endpoints, 'getFeed', { token: reader.accessToken })).posts.length;
    await expect.poll(() => feedOf(member), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => feedOf(stayer), { timeout: 30_000 }).toBe(2);

    // deleteMyAccount's first run dies between the member's likes and their anchors (their posts
    // and likes are gone, the pair and the record are not), as a crashed or timed-out call would.
    const key = { rootUid: member.uid, kind: 'self' as const };
    await startSelfRemoval(member.uid, 'pending member');
    const crash = runRemoval(key, {
      budgetMs: 60_000,
      hardStopMs: 60_000,
      retryFailed: true,
      beforeStep: (_uid, step) => {
        if (step === 'anchors') throw new Error('injected crash');
      },
    });
    await expect(crash).rejects.toThrow('injected crash');
    expect((await getRemovalJob(key))?.removed.size).toBe(0);
    expect(await item(postKeys.post(stayerPost))).toMatchObject({ likeCount: 0 });

    // Their token is still valid, but nothing they try is done, and nothing is written.
    const before = await itemsNaming([member.uid]);
    expect(await actWhileBeingRemoved(endpoints, member, { postId: stayerPost, anchorTo: other.uid })).toEqual(REFUSED_WHILE_BEING_REMOVED);
    expect(await itemsNaming([member.uid])).toEqual(before);
    expect(await item(postKeys.post(stayerPost))).toMatchObject({ likeCount: 0, commentCount: 0 });
    expect(await count(keys.user(other.uid).pk, 'ANCHOR#')).toBe(0);

    // Their own retry (the exempt deleteMyAccount) still works for a member already marked, and finishes it.
    expect(await ok(endpoints, 'deleteMyAccount', { token: member.accessToken, data: { confirmationText: 'DELETE MY ACCOUNT' } })).toEqual({ deleted: true });
    // What the stream still does with the removed pair (the stayer's posts leave the member's feed) lands moments later.
    await expect.poll(() => leftovers(endpoints, [member.uid]), { timeout: 30_000 }).toEqual({ items: [], accounts: [], objects: [] });
    expect(await item(keys.user(stayer.uid))).toMatchObject({ anchorCount: 0 });
  });
});
