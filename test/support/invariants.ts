import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { FEED_PAGE_SIZE } from '../../lambdas/contracts/feed.ts';
import { INVITES_PER_MEMBER } from '../../lambdas/contracts/user.ts';
import { SERVED_PICTURE_KEY } from '#data/table';
import { RETIRED_PICTURES } from '#data/storage';

/**
 * The data invariants of the social core, checked over a whole (test-owned) table and bucket:
 * the fault test (test/integration/faults.test.ts) runs them after a workload under injected
 * faults. Returns the list of violations, each a plain sentence naming the items; empty = sound.
 * Reads through this process's data layer (lambdas/data/table/aws-clients.ts), which must point at the
 * cloud under test (useLocalCloudData) and never has faults (STAGE is unset here).
 *
 * Invite counters are checked against the invitees in the table, so they hold only while no
 * invitee was removed (a removed member's invite stays spent, and nothing names it any more): the
 * fault workload removes a member nobody invited.
 */
type Item = Record<string, unknown>;

async function scanAll(): Promise<Item[]> {
  const { dynamo, tableName } = await import('#data/table');
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

async function listObjects(): Promise<string[]> {
  const { s3, bucketName } = await import('#data/table');
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: bucketName(), ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}

const after = (value: unknown, prefix: string) => String(value).slice(prefix.length);

export async function checkInvariants(): Promise<string[]> {
  const [items, objects] = await Promise.all([scanAll(), listObjects()]);
  const problems: string[] = [];
  const users = new Map<string, Item>();
  const posts = new Map<string, Item>();
  const likes = new Map<string, Set<string>>(); // postId → likers
  const likeItems: Item[] = [];
  const comments = new Map<string, Set<string>>(); // postId → commentIds
  const commentedMarkers: [string, string, string][] = [];
  const feedEntries: [string, string][] = [];
  const edges = new Map<string, Item>(); // `${uid}>${other}`
  const friendships = new Map<string, Item>();
  const blockItems = new Set<string>(); // `${blocker}>${other}`
  const muteItems = new Set<string>(); // `${muter}>${other}`
  const vouchMirrors: [string, string][] = []; // [voucher, subject]

  for (const item of items) {
    const pk = String(item.pk);
    const sk = String(item.sk);
    if (pk.startsWith('USER#')) {
      const uid = after(pk, 'USER#');
      if (sk === 'PROFILE') users.set(uid, item);
      else if (sk.startsWith('COMMENTED#')) {
        const [postId = '', commentId = ''] = after(sk, 'COMMENTED#').split('#');
        commentedMarkers.push([uid, postId, commentId]);
      } else if (sk.startsWith('FEED#')) feedEntries.push([uid, after(sk, 'FEED#')]);
      else if (sk.startsWith('ANCHOR#')) edges.set(`${uid}>${after(sk, 'ANCHOR#')}`, item);
      else if (sk.startsWith('BLOCK#')) blockItems.add(`${uid}>${after(sk, 'BLOCK#')}`);
      else if (sk.startsWith('MUTE#')) muteItems.add(`${uid}>${after(sk, 'MUTE#')}`);
      else if (sk.startsWith('VOUCHED#')) vouchMirrors.push([uid, after(sk, 'VOUCHED#')]);
    } else if (pk.startsWith('POST#')) {
      const postId = after(pk, 'POST#');
      if (sk === 'POST') posts.set(postId, item);
      else if (sk.startsWith('LIKE#')) {
        likes.set(postId, (likes.get(postId) ?? new Set()).add(after(sk, 'LIKE#')));
        likeItems.push(item);
      } else if (sk.startsWith('COMMENT#')) comments.set(postId, (comments.get(postId) ?? new Set()).add(after(sk, 'COMMENT#')));
    } else if (pk.startsWith('FRIENDSHIP#')) friendships.set(after(pk, 'FRIENDSHIP#'), item);
  }

  // Counters equal the items they count.
  for (const [postId, post] of posts) {
    const likeItems = likes.get(postId)?.size ?? 0;
    const commentItems = comments.get(postId)?.size ?? 0;
    if (Number(post.likeCount ?? 0) !== likeItems) problems.push(`post ${postId}: likeCount ${String(post.likeCount)} but ${likeItems} LIKE# items`);
    if (Number(post.commentCount ?? 0) !== commentItems)
      problems.push(`post ${postId}: commentCount ${String(post.commentCount)} but ${commentItems} COMMENT# items`);
  }
  for (const postId of new Set([...likes.keys(), ...comments.keys()])) {
    if (!posts.has(postId)) problems.push(`likes or comments of missing post ${postId}`);
  }
  // Every like is in GSI byLiker under its member (removal finds it there); every comment has its
  // member's marker, and every marker its comment.
  for (const like of likeItems) {
    if (like.likerId !== after(like.sk, 'LIKE#')) problems.push(`like ${String(like.pk)} ${String(like.sk)} without its likerId (GSI byLiker)`);
  }
  const commentedSet = new Set(commentedMarkers.map(([, postId, commentId]) => `${postId}>${commentId}`));
  for (const [postId, ids] of comments) {
    for (const commentId of ids)
      if (!commentedSet.has(`${postId}>${commentId}`)) problems.push(`comment ${commentId} on ${postId} without its COMMENTED# marker`);
  }
  for (const [uid, postId, commentId] of commentedMarkers) {
    if (!comments.get(postId)?.has(commentId)) problems.push(`COMMENTED# marker of ${uid} for missing comment ${commentId} on ${postId}`);
  }

  // Anchor edges are symmetric and match their FRIENDSHIP# item; anchorCount = accepted edges.
  const accepted = new Map<string, number>();
  for (const [pair, edge] of edges) {
    const [uid = '', other = ''] = pair.split('>');
    const mirror = edges.get(`${other}>${uid}`);
    if (!mirror) problems.push(`anchor edge ${uid} → ${other} without its mirror`);
    else if (mirror.status !== edge.status) problems.push(`anchor edges ${uid} ⇄ ${other} disagree: ${String(edge.status)} / ${String(mirror.status)}`);
    const friendship = friendships.get(String(edge.friendshipId));
    if (!friendship) problems.push(`anchor edge ${uid} → ${other} without FRIENDSHIP#${String(edge.friendshipId)}`);
    else if (friendship.status !== edge.status)
      problems.push(`anchor edge ${uid} → ${other} is ${String(edge.status)}, its friendship ${String(friendship.status)}`);
    else if (friendship.connectionType !== edge.connectionType) {
      problems.push(`anchor edge ${uid} → ${other} has connectionType ${String(edge.connectionType)}, its friendship ${String(friendship.connectionType)}`);
    }
    if (edge.status === 'accepted') accepted.set(uid, (accepted.get(uid) ?? 0) + 1);
  }
  for (const [friendshipId, friendship] of friendships) {
    const [a = '', b = ''] = friendshipId.split('_');
    if (!edges.has(`${a}>${b}`) || !edges.has(`${b}>${a}`)) problems.push(`FRIENDSHIP#${friendshipId} without both edges`);
    // Whether the two share a city is decided at acceptance: an accepted pair has it, a pending one never.
    if (friendship.status === 'accepted' && !friendship.connectionType) problems.push(`FRIENDSHIP#${friendshipId} accepted without a connectionType`);
    if (friendship.status === 'pending' && friendship.connectionType !== undefined) problems.push(`FRIENDSHIP#${friendshipId} pending with a connectionType`);
  }
  for (const [uid, user] of users) {
    const count = Number(user.anchorCount ?? 0);
    if (count !== (accepted.get(uid) ?? 0)) problems.push(`member ${uid}: anchorCount ${count} but ${accepted.get(uid) ?? 0} accepted edges`);
  }

  // Blocks: a blocked pair names who blocks; each blocker has its BLOCK# item and the uid in
  // blockedIds, the other the blocker in blockedByIds; nothing names a block that is not one, and no
  // list names a member who is gone (removal forgets blocks both ways). Mutes: MUTE# items and
  // mutedIds agree (a muted member who left stays in both: nothing records a mute on their side).
  const uidsOf = (value: unknown): string[] => (value instanceof Set ? [...(value as Set<string>)] : Array.isArray(value) ? value.map(String) : []);
  const blockedPairs = new Set<string>();
  for (const [friendshipId, friendship] of friendships) {
    if (friendship.status !== 'blocked') continue;
    const [a = '', b = ''] = friendshipId.split('_');
    const blockers = uidsOf(friendship.blockedBy);
    if (blockers.length === 0) problems.push(`FRIENDSHIP#${friendshipId} blocked by nobody`);
    for (const blocker of blockers) {
      const other = blocker === a ? b : a;
      blockedPairs.add(`${blocker}>${other}`);
      if (!blockItems.has(`${blocker}>${other}`)) problems.push(`${blocker} blocks ${other} without a BLOCK# item`);
      if (!uidsOf(users.get(blocker)?.blockedIds).includes(other)) problems.push(`${blocker} blocks ${other} but blockedIds lacks them`);
      if (!uidsOf(users.get(other)?.blockedByIds).includes(blocker)) problems.push(`${blocker} blocks ${other} but their blockedByIds lacks ${blocker}`);
    }
  }
  for (const pair of blockItems) if (!blockedPairs.has(pair)) problems.push(`BLOCK# item ${pair} without a blocked pair naming its owner`);
  for (const [uid, user] of users) {
    for (const other of uidsOf(user.blockedIds)) if (!blockedPairs.has(`${uid}>${other}`)) problems.push(`member ${uid}: blockedIds names ${other}, no block`);
    for (const other of uidsOf(user.blockedByIds))
      if (!blockedPairs.has(`${other}>${uid}`)) problems.push(`member ${uid}: blockedByIds names ${other}, no block`);
    const muted = new Set(uidsOf(user.mutedIds));
    for (const other of muted) if (!muteItems.has(`${uid}>${other}`)) problems.push(`member ${uid}: mutedIds names ${other} without a MUTE# item`);
  }
  for (const pair of muteItems) {
    const [muter = '', other = ''] = pair.split('>');
    if (!uidsOf(users.get(muter)?.mutedIds).includes(other)) problems.push(`MUTE# item ${pair} not in mutedIds`);
  }

  // No vouch given's mirror (VOUCHED#) names a member who is gone: their removal deletes the mirrors
  // of the vouches they received. (A vouch a removed member gave stays on its subject's side.)
  for (const [voucher, subject] of vouchMirrors) {
    if (!users.has(subject)) problems.push(`member ${voucher}: VOUCHED#${subject} names a member who is gone`);
  }

  // No feed entry for a missing post or for a reader who may not read it (author or accepted anchor).
  const feedSet = new Set(feedEntries.map(([reader, postId]) => `${reader}>${postId}`));
  for (const [reader, postId] of feedEntries) {
    const post = posts.get(postId);
    if (!post) {
      problems.push(`feed entry of ${reader} for missing post ${postId}`);
      continue;
    }
    const author = String(post.authorId);
    if (reader !== author && edges.get(`${reader}>${author}`)?.status !== 'accepted')
      problems.push(`feed entry of ${reader} for ${postId} of ${author}, not an anchor`);
  }

  // Every post is in the feeds it belongs to. Fan-out on write puts each new post into its author's
  // feed and each accepted anchor's; an accept copies each member's FEED_PAGE_SIZE newest posts
  // into the other's feed (lambdas/data/posts/feed.ts addAuthorPostsToFeed). So an anchor's feed holds at
  // least the author's FEED_PAGE_SIZE newest posts (older ones only if posted after the accept), and
  // the author's own feed every post. Wall posts never enter a feed.
  const postsByAuthor = new Map<string, string[]>();
  for (const [postId, post] of posts) {
    if (post.isWallPost === true) continue;
    const author = String(post.authorId);
    postsByAuthor.set(author, [...(postsByAuthor.get(author) ?? []), postId]);
  }
  for (const [author, postIds] of postsByAuthor) {
    // Post ids are ULIDs: newest first is descending order.
    const newest = [...postIds].sort().reverse().slice(0, FEED_PAGE_SIZE);
    for (const postId of postIds) if (!feedSet.has(`${author}>${postId}`)) problems.push(`post ${postId} missing from its author ${author}'s feed`);
    for (const [pair, edge] of edges) {
      const [reader = '', other = ''] = pair.split('>');
      if (other !== author || edge.status !== 'accepted') continue;
      for (const postId of newest)
        if (!feedSet.has(`${reader}>${postId}`)) problems.push(`post ${postId} of ${author} missing from the feed of their anchor ${reader}`);
    }
  }

  // Invite counters equal the invites they count: each member's invitees (invitedBy) by kind. A
  // superuser's code counts only in invitesUsed ('unrestricted'); invitesRemaining goes down with
  // every invite until it reaches 0 (lambdas/data/invites/invite-consumption.ts), so it is what is left of
  // the member's INVITES_PER_MEMBER (superusers may go on past 0).
  const invitees = new Map<string, { all: number; local: number; distant: number }>();
  for (const [uid, user] of users) {
    const system = (user.inviteSystem ?? {}) as Record<string, unknown>;
    const inviter = user.invitedBy ?? system.invitedBy;
    if (typeof inviter !== 'string' || inviter === '') continue;
    if (system.invitedBy !== user.invitedBy)
      problems.push(`member ${uid}: invitedBy ${String(user.invitedBy)} but inviteSystem.invitedBy ${String(system.invitedBy)}`);
    const tally = invitees.get(inviter) ?? { all: 0, local: 0, distant: 0 };
    tally.all++;
    if (system.inviteType === 'local') tally.local++;
    if (system.inviteType === 'distant') tally.distant++;
    invitees.set(inviter, tally);
  }
  for (const [uid, user] of users) {
    const system = (user.inviteSystem ?? {}) as Record<string, unknown>;
    const tally = invitees.get(uid) ?? { all: 0, local: 0, distant: 0 };
    const [used, local, distant, remaining] = [system.invitesUsed, system.localInvitesUsed, system.distantInvitesUsed, system.invitesRemaining].map(Number);
    if (used !== tally.all) problems.push(`member ${uid}: invitesUsed ${String(used)} but ${tally.all} members invited by them`);
    if (local !== tally.local) problems.push(`member ${uid}: localInvitesUsed ${String(local)} but ${tally.local} local invitees`);
    if (distant !== tally.distant) problems.push(`member ${uid}: distantInvitesUsed ${String(distant)} but ${tally.distant} distant invitees`);
    if (Number(local) + Number(distant) > Number(used))
      problems.push(`member ${uid}: local ${String(local)} + distant ${String(distant)} invites exceed invitesUsed ${String(used)}`);
    if (remaining !== Math.max(0, INVITES_PER_MEMBER - Number(used))) {
      problems.push(
        `member ${uid}${user.isSuperuser === true ? ' (superuser)' : ''}: invitesRemaining ${String(remaining)} with invitesUsed ${String(used)} of ${INVITES_PER_MEMBER}`,
      );
    }
  }

  // No picture object without its owner's record pointing at it, and no record pointing at a
  // missing object: every served key (pictures/{uid}/{version}.{ext}) is the member's profilePicture
  // or one of their gallery photos, and nothing is left retired (a replaced version is deleted once
  // its successor is named). Uploads in flight (uploads/{uid}/…) are a member's own business, but
  // not once the member is gone.
  const objectSet = new Set(objects);
  for (const key of objects) {
    const [prefix = '', uid = ''] = key.split('/');
    const user = users.get(uid);
    if (!user) problems.push(`object ${key} of a missing member`);
    else if (prefix === 'pictures' && user.profilePicture !== key && !((user.photos ?? []) as { url?: string }[]).some((photo) => photo.url === key))
      problems.push(`picture object ${key} named by neither the profilePicture nor a gallery entry of its member`);
  }
  for (const [uid, user] of users) {
    for (const photo of (user.photos ?? []) as { url?: string }[]) {
      if (!objectSet.has(String(photo.url))) problems.push(`member ${uid}: gallery entry ${String(photo.url)} without its object`);
    }
    const picture = typeof user.profilePicture === 'string' ? user.profilePicture : '';
    if (picture !== '' && !SERVED_PICTURE_KEY.test(picture)) problems.push(`member ${uid}: profilePicture '${picture}' is not a served key`);
    else if (picture !== '' && !picture.startsWith(`pictures/${uid}/`)) problems.push(`member ${uid}: profilePicture '${picture}' is another member's`);
    else if (picture !== '' && !objectSet.has(picture)) problems.push(`member ${uid}: profilePicture ${picture} without its object`);
    const retired = user[RETIRED_PICTURES];
    if (retired instanceof Set && retired.size > 0)
      problems.push(`member ${uid}: pictures still retired, not deleted: ${[...(retired as Set<string>)].join(', ')}`);
  }
  return problems;
}
