import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { userSchema } from '#contracts/user';
import { dynamo, tableName } from '#data/table';
import { batchGet } from '#data/table';
import { toStoredComment } from '#data/posts';
import { listEdges } from '#data/graph';
import { inviteesOf } from '#data/invites';
import { COMMENTED_MARKER_PREFIX, isMemberPictureKey, keys, parseKeyAs, postKeys, withoutStorageAttributes } from '#data/table';
import { likedPostIds } from '#data/posts';
import { authorPostIds } from '#data/posts';
import { REMOVAL_PENDING } from '#data/members';
import { toStoredPost } from '#data/posts';
import { queryAll } from '#data/table';
import { readVouches } from './data-export-vouches.ts';

/** The JSON files of an export, by file name, and the member's pictures: storage key and name in the zip (no extension). */
export interface ExportContents {
  files: Record<string, unknown>;
  pictures: { key: string; name: string }[];
}

const byTime = (field: string) => (a: Record<string, unknown>, b: Record<string, unknown>) => String(a[field]).localeCompare(String(b[field]));

/**
 * Everything of one member that the export holds, read the way removal finds it (so nothing of
 * theirs is missed): their record, their posts (GSI byAuthor), their comments (their COMMENTED#
 * markers), their likes (GSI byLiker), their anchors, their invites and their vouches given and
 * received. Of other members it holds names only: the other side of an anchor or a vouch, the members
 * they invited (no emails, no pending sign-ups).
 * Null when the member is gone or their removal has begun: nothing is built for them.
 */
export async function readExportContents(uid: string): Promise<ExportContents | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid), ConsistentRead: true }));
  if (!Item || Item[REMOVAL_PENDING] !== undefined) return null;
  // The record as the member's own screens read it: storage keys and internal marks (blocks, epochs) left out.
  const profile = userSchema.parse(withoutStorageAttributes(Item));

  const [posts, comments, likes, anchors, vouches, invitees] = await Promise.all([
    readPosts(uid),
    readComments(uid),
    readLikes(uid),
    readAnchors(uid),
    readVouches(uid, new Date()),
    inviteesOf(uid).then(({ members }) => members.map((member) => ({ name: member.displayName, joinedAt: member.joinedAt }))),
  ]);
  const { inviteCode, invitesRemaining, invitesUsed } = profile.inviteSystem;
  const pictures = [
    { key: profile.profilePicture, name: 'profile-picture' },
    ...profile.photos.map((photo, index) => ({ key: photo.url, name: `photo-${index + 1}` })),
  ].filter(({ key }) => key && isMemberPictureKey(uid, key));
  return {
    files: {
      'profile.json': profile,
      'posts.json': posts,
      'comments.json': comments,
      'likes.json': likes,
      'anchors.json': anchors,
      'vouches.json': vouches,
      'invites.json': { inviteCode, invitesRemaining, invitesUsed, invited: invitees },
    },
    pictures,
  };
}

async function readPosts(uid: string) {
  const items = await batchGet((await authorPostIds(uid)).map((postId) => postKeys.post(postId)));
  return items
    .map(toStoredPost)
    .map((post) => ({
      postId: post.postId,
      content: post.content,
      createdAt: post.createdAt,
      privacy: post.privacy,
      likeCount: post.likeCount,
      commentCount: post.commentCount,
      ...(post.editedAt && { editedAt: post.editedAt }),
    }))
    .sort(byTime('createdAt'));
}

async function readComments(uid: string) {
  const markers = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.user(uid).pk, ':prefix': COMMENTED_MARKER_PREFIX },
  });
  const items = await batchGet(markers.map((marker) => postKeys.comment(String(marker.postId), String(marker.commentId))));
  return items
    .map(toStoredComment)
    .filter((comment) => comment.authorId === uid)
    .map((comment) => ({
      commentId: comment.commentId,
      postId: comment.postId,
      content: comment.content,
      createdAt: comment.createdAt,
      ...(comment.editedAt && { editedAt: comment.editedAt }),
    }))
    .sort(byTime('createdAt'));
}

async function readLikes(uid: string) {
  const items = await batchGet((await likedPostIds(uid)).map((postId) => postKeys.like(postId, uid)));
  return items.map((item) => ({ postId: parseKeyAs('like', item).postId, likedAt: String(item.likedAt ?? '') })).sort(byTime('likedAt'));
}

/** Accepted and pending anchors; a blocked pair is left out (its edge says nothing but 'blocked'). */
async function readAnchors(uid: string) {
  const edges = (await listEdges(uid)).filter((edge) => edge.status !== 'blocked');
  const names = new Map(
    (
      await batchGet(
        edges.map((edge) => keys.user(edge.otherUid)),
        'uid, displayName',
      )
    ).map((item) => [String(item.uid), String(item.displayName ?? '')]),
  );
  return edges
    .map((edge) => ({
      name: names.get(edge.otherUid) ?? '(a member who has left)',
      status: edge.status,
      direction: edge.direction,
      ...(edge.status === 'accepted' && { connectionType: edge.connectionType }),
      requestedAt: edge.requestedAt,
      acceptedAt: edge.acceptedAt,
    }))
    .sort(byTime('requestedAt'));
}
