import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';

/**
 * The data invariants of the social core, checked over a whole (test-owned) table and bucket:
 * the fault test (test/integration/faults.test.ts) runs them after a workload under injected
 * faults. Returns the list of violations, each a plain sentence naming the items; empty = sound.
 * Reads through this process's data layer (lambdas/data/aws-clients.ts), which must point at the
 * cloud under test (useLocalCloudData) and never has faults (STAGE is unset here).
 */
type Item = Record<string, unknown>;

async function scanAll(): Promise<Item[]> {
  const { dynamo, tableName } = await import('../../lambdas/data/aws-clients.ts');
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
  const { s3, bucketName } = await import('../../lambdas/data/aws-clients.ts');
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
  const comments = new Map<string, Set<string>>(); // postId → commentIds
  const likedMarkers: [string, string][] = [];
  const commentedMarkers: [string, string, string][] = [];
  const feedEntries: [string, string][] = [];
  const edges = new Map<string, Item>(); // `${uid}>${other}`
  const friendships = new Map<string, Item>();

  for (const item of items) {
    const pk = String(item.pk);
    const sk = String(item.sk);
    if (pk.startsWith('USER#')) {
      const uid = after(pk, 'USER#');
      if (sk === 'PROFILE') users.set(uid, item);
      else if (sk.startsWith('LIKED#')) likedMarkers.push([uid, after(sk, 'LIKED#')]);
      else if (sk.startsWith('COMMENTED#')) {
        const [postId = '', commentId = ''] = after(sk, 'COMMENTED#').split('#');
        commentedMarkers.push([uid, postId, commentId]);
      } else if (sk.startsWith('FEED#')) feedEntries.push([uid, after(sk, 'FEED#')]);
      else if (sk.startsWith('ANCHOR#')) edges.set(`${uid}>${after(sk, 'ANCHOR#')}`, item);
    } else if (pk.startsWith('POST#')) {
      const postId = after(pk, 'POST#');
      if (sk === 'POST') posts.set(postId, item);
      else if (sk.startsWith('LIKE#')) likes.set(postId, (likes.get(postId) ?? new Set()).add(after(sk, 'LIKE#')));
      else if (sk.startsWith('COMMENT#')) comments.set(postId, (comments.get(postId) ?? new Set()).add(after(sk, 'COMMENT#')));
    } else if (pk.startsWith('FRIENDSHIP#')) friendships.set(after(pk, 'FRIENDSHIP#'), item);
  }

  // Counters equal the items they count.
  for (const [postId, post] of posts) {
    const likeItems = likes.get(postId)?.size ?? 0;
    const commentItems = comments.get(postId)?.size ?? 0;
    if (Number(post.likeCount ?? 0) !== likeItems) problems.push(`post ${postId}: likeCount ${String(post.likeCount)} but ${likeItems} LIKE# items`);
    if (Number(post.commentCount ?? 0) !== commentItems) problems.push(`post ${postId}: commentCount ${String(post.commentCount)} but ${commentItems} COMMENT# items`);
  }
  for (const postId of new Set([...likes.keys(), ...comments.keys()])) {
    if (!posts.has(postId)) problems.push(`likes or comments of missing post ${postId}`);
  }
  // Every like and comment has its member's marker, and every marker its like or comment.
  const likedSet = new Set(likedMarkers.map(([uid, postId]) => `${uid}>${postId}`));
  for (const [postId, likers] of likes) {
    for (const uid of likers) if (!likedSet.has(`${uid}>${postId}`)) problems.push(`like of ${uid} on ${postId} without its LIKED# marker`);
  }
  for (const [uid, postId] of likedMarkers) {
    if (!likes.get(postId)?.has(uid)) problems.push(`LIKED# marker of ${uid} on ${postId} without its like`);
  }
  const commentedSet = new Set(commentedMarkers.map(([, postId, commentId]) => `${postId}>${commentId}`));
  for (const [postId, ids] of comments) {
    for (const commentId of ids) if (!commentedSet.has(`${postId}>${commentId}`)) problems.push(`comment ${commentId} on ${postId} without its COMMENTED# marker`);
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
    else if (friendship.status !== edge.status) problems.push(`anchor edge ${uid} → ${other} is ${String(edge.status)}, its friendship ${String(friendship.status)}`);
    if (edge.status === 'accepted') accepted.set(uid, (accepted.get(uid) ?? 0) + 1);
  }
  for (const [friendshipId] of friendships) {
    const [a = '', b = ''] = friendshipId.split('_');
    if (!edges.has(`${a}>${b}`) || !edges.has(`${b}>${a}`)) problems.push(`FRIENDSHIP#${friendshipId} without both edges`);
  }
  for (const [uid, user] of users) {
    const count = Number(user.anchorCount ?? 0);
    if (count !== (accepted.get(uid) ?? 0)) problems.push(`member ${uid}: anchorCount ${count} but ${accepted.get(uid) ?? 0} accepted edges`);
  }

  // No feed entry for a missing post or for a reader who may not read it (author or accepted anchor).
  for (const [reader, postId] of feedEntries) {
    const post = posts.get(postId);
    if (!post) {
      problems.push(`feed entry of ${reader} for missing post ${postId}`);
      continue;
    }
    const author = String(post.authorId);
    if (reader !== author && edges.get(`${reader}>${author}`)?.status !== 'accepted') problems.push(`feed entry of ${reader} for ${postId} of ${author}, not an anchor`);
  }

  // No picture object without its owner's record pointing at it (uploads in flight aside).
  for (const key of objects) {
    const [, uid = '', kind = ''] = key.split('/');
    const user = users.get(uid);
    if (kind === 'uploads') continue;
    if (!user) problems.push(`object ${key} of a missing member`);
    else if (kind === 'photos' && !((user.photos ?? []) as { url?: string }[]).some((photo) => photo.url === key)) problems.push(`photo object ${key} without its gallery entry`);
  }
  for (const [uid, user] of users) {
    for (const photo of (user.photos ?? []) as { url?: string }[]) {
      if (!objects.includes(String(photo.url))) problems.push(`member ${uid}: gallery entry ${String(photo.url)} without its object`);
    }
  }
  return problems;
}
