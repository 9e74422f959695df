import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Endpoints } from '../../local/cloud-files.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/local-aws.ts';
import { dynamo, tableName, keys, postKeys } from '#data/table';
import { likedPostIds } from '#data/posts';
import { callRaw, errorOf, ok } from './callable-client.ts';
import { cognito } from './local-cloud-client.ts';
import { createMember, type TestMember } from './local-cloud-members.ts';

/**
 * A small community for the removal tests, built through the real callables (anchors, posts,
 * likes, comments: so the likers' and commenters' markers are written as in production), with
 * pictures in S3. Stayers S1–S3; the tree R (invited by S1) → A, B, C → A1–A3, B1–B3, C1–C2
 * (12 members, 3 levels). Call useLocalCloudData first.
 */
export const STAYERS = ['S1', 'S2', 'S3'] as const;
export const TREE = ['R', 'A', 'B', 'C', 'A1', 'A2', 'A3', 'B1', 'B2', 'B3', 'C1', 'C2'] as const;
const INVITER: Record<string, string> = { R: 'S1', A: 'R', B: 'R', C: 'R', A1: 'A', A2: 'A', A3: 'A', B1: 'B', B2: 'B', B3: 'B', C1: 'C', C2: 'C' };

const ACCEPTED = [
  ['S1', 'R'],
  ['S1', 'A1'],
  ['S2', 'B'],
  ['S2', 'S3'],
  ['S3', 'C2'],
  ['A', 'B'],
  ['S1', 'S2'],
] as const;
/** [sender, recipient], left pending. */
const PENDING = [
  ['S3', 'A2'],
  ['B3', 'S1'],
] as const;
const POSTS = { S1: 's1 post', S2: 's2 post', R: 'r post', A1: 'a1 post', B: 'b post' } as const;
const LIKES: Record<keyof typeof POSTS, string[]> = { S1: ['R', 'A1', 'S2'], S2: ['B', 'C1', 'S3'], R: ['S1', 'S2', 'A'], A1: ['S1'], B: ['S2'] };
const COMMENTS: Record<keyof typeof POSTS, string[]> = { S1: ['R', 'C2', 'S3'], S2: ['B2'], R: ['S2'], A1: [], B: ['S1'] };

export interface Community {
  members: Record<string, TestMember>;
  /** Post ids by author label. */
  posts: Record<string, string>;
  metricsKey: { pk: string; sk: string };
}

export function uidOf(community: Community, label: string): string {
  const member = community.members[label];
  if (!member) throw new Error(`No member ${label}`);
  return member.uid;
}

export function picturesClient(endpoints: Endpoints): S3Client {
  return new S3Client({ region: LOCAL_REGION, endpoint: endpoints.s3.endpoint, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
}

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A photo and a profile picture uploaded as the web does it but never confirmed; their staged keys. */
export async function stageUnconfirmedUploads(endpoints: Endpoints, member: TestMember): Promise<string[]> {
  const { upload } = await ok(endpoints, 'createPhotoUpload', { token: member.accessToken, data: { contentType: 'image/png' } });
  const picture = await ok(endpoints, 'createProfilePictureUpload', { token: member.accessToken, data: { contentType: 'image/png', purpose: 'settings' } });
  for (const grant of [upload, picture]) {
    const form = new FormData();
    for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
    form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'staged.png');
    const posted = await fetch(grant.url, { method: 'POST', body: form });
    if (posted.status >= 300) throw new Error(`The staged upload answered ${posted.status}`);
  }
  return [upload.fields.key ?? '', picture.fields.key ?? ''].sort();
}

export async function seedCommunity(endpoints: Endpoints, tag: string): Promise<Community> {
  const members: Record<string, TestMember> = {};
  const m = (label: string): TestMember => {
    const member = members[label];
    if (!member) throw new Error(`No member ${label}`);
    return member;
  };
  // Level by level (an invitee's record names its inviter), each level at once.
  for (const level of [STAYERS, ['R'], ['A', 'B', 'C'], ['A1', 'A2', 'A3', 'B1', 'B2', 'B3', 'C1', 'C2']] as const) {
    await Promise.all(
      level.map(async (label) => {
        const inviter = INVITER[label];
        members[label] = await createMember(endpoints, `${tag}-${label}`, {
          displayName: `${tag} ${label}`,
          ...(inviter && { inviteSystem: { invitedBy: m(inviter).uid } }),
        });
      }),
    );
  }
  const community: Community = { members, posts: {}, metricsKey: keys.metrics(`0000-00-00#removal-${tag}`) };
  await Promise.all(
    ACCEPTED.map(async ([a, b]) => {
      await ok(endpoints, 'sendAnchorRequest', { token: m(a).accessToken, data: { userId: m(b).uid } });
      await ok(endpoints, 'acceptAnchorRequest', { token: m(b).accessToken, data: { userId: m(a).uid } });
    }),
  );
  await Promise.all(PENDING.map(([from, to]) => ok(endpoints, 'sendAnchorRequest', { token: m(from).accessToken, data: { userId: m(to).uid } })));
  await Promise.all(
    Object.entries(POSTS).map(async ([author, content]) => {
      community.posts[author] = (await ok(endpoints, 'createPost', { token: m(author).accessToken, data: { content, privacy: 'public' } })).postId;
    }),
  );
  await Promise.all([
    ...Object.entries(LIKES).flatMap(([author, likers]) =>
      likers.map((liker) => ok(endpoints, 'togglePostLike', { token: m(liker).accessToken, data: { postId: community.posts[author] ?? '', liked: true } })),
    ),
    ...Object.entries(COMMENTS).flatMap(([author, commenters]) =>
      commenters.map((commenter) =>
        ok(endpoints, 'addComment', { token: m(commenter).accessToken, data: { postId: community.posts[author] ?? '', content: `${commenter} was here` } }),
      ),
    ),
  ]);
  const s3 = picturesClient(endpoints);
  await Promise.all(
    Object.values(members).flatMap((member) =>
      // A served picture, a picture and a photo stored before versions (users/), and an upload
      // granted but never confirmed (staged under uploads/).
      [
        `pictures/${member.uid}/${'A'.repeat(22)}.jpg`,
        `users/${member.uid}/profile-picture.jpg`,
        `users/${member.uid}/photos/photo-1.jpg`,
        `uploads/${member.uid}/photo-unconfirmed`,
      ].map((Key) => s3.send(new PutObjectCommand({ Bucket: endpoints.s3.bucket, Key, Body: 'jpeg bytes', ContentType: 'image/jpeg' }))),
    ),
  );
  s3.destroy();
  // A metrics record naming removed and staying members among the top inviters.
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...community.metricsKey,
        topInviters: ['R', 'S1', 'A'].map((label) => ({ userId: m(label).uid, inviteCount: 3, acceptanceRate: 1 })),
      },
    }),
  );
  return community;
}

/** Every item of the table (the whole scan, paged). */
export async function scanTable(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** JSON.stringify's replacer for a stable text: sets as sorted arrays, object keys in order. */
function canonical(_key: string, value: unknown): unknown {
  if (value instanceof Set) return [...(value as Set<unknown>)].map(String).sort();
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return value;
}

/**
 * Every item that names one of the given members (the whole scan, sets as arrays), as sorted JSON:
 * compared before and after calls that must not write anything on their behalf.
 */
export async function itemsNaming(uids: readonly string[]): Promise<string[]> {
  return (await scanTable())
    .map((item) => JSON.stringify(item, canonical))
    .filter((text) => uids.some((uid) => text.includes(uid)))
    .sort();
}

/**
 * What is left of the given members: items naming them (a full scan; audit entries are the
 * record of the removal and stay, `allowed` names other exceptions), Cognito accounts, S3 objects.
 */
export async function leftovers(endpoints: Endpoints, uids: readonly string[], allowed: (item: Record<string, unknown>) => boolean = () => false) {
  const items = (await scanTable()).filter((item) => item.pk !== 'AUDIT' && !allowed(item));
  const naming = items.filter((item) => {
    const text = JSON.stringify(item, (_key, value: unknown) => (value instanceof Set ? [...value] : value));
    return uids.some((uid) => text.includes(uid));
  });
  const accounts: string[] = [];
  const client = cognito(endpoints);
  for (const uid of uids) {
    const { Users } = await client.send(new ListUsersCommand({ UserPoolId: endpoints.cognito.userPoolId, Filter: `sub = "${uid}"` }));
    if (Users?.length) accounts.push(uid);
  }
  const s3 = picturesClient(endpoints);
  const objects: string[] = [];
  // Served pictures under pictures/{uid}/, files from before versions under users/{uid}/, staged
  // (unconfirmed) uploads under uploads/{uid}/.
  for (const prefix of uids.flatMap((uid) => [`pictures/${uid}/`, `users/${uid}/`, `uploads/${uid}/`])) {
    const { Contents } = await s3.send(new ListObjectsV2Command({ Bucket: endpoints.s3.bucket, Prefix: prefix }));
    objects.push(...(Contents ?? []).map((object) => String(object.Key)));
  }
  s3.destroy();
  return { items: naming.map((item) => `${String(item.pk)} / ${String(item.sk)}`), accounts, objects };
}

async function partCount(pk: string, prefix: string): Promise<number> {
  const { Count } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      Select: 'COUNT',
    }),
  );
  return Count ?? 0;
}

/**
 * The stayers' world in labels (no ids), so two runs on two communities compare: each stayer's
 * anchorCount and accepted anchors, each staying post's counters, its LIKE#/COMMENT# items, and
 * the counters its feed entries carry, by reader.
 */
export async function stayersSnapshot(community: Community) {
  const labelOf = new Map(Object.entries(community.members).map(([label, member]) => [member.uid, label]));
  const snapshot: Record<string, unknown> = {};
  for (const label of STAYERS) {
    const uid = uidOf(community, label);
    const { Item: user } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid), ConsistentRead: true }));
    const { Items: edges } = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.user(uid).pk, ':prefix': 'ANCHOR#' },
      }),
    );
    const postId = community.posts[label];
    let post: Record<string, unknown> | null = null;
    if (postId) {
      const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: postKeys.post(postId), ConsistentRead: true }));
      const feed: Record<string, unknown> = {};
      for (const reader of STAYERS) {
        const { Item: entry } = await dynamo().send(
          new GetCommand({ TableName: tableName(), Key: postKeys.feedEntry(uidOf(community, reader), postId), ConsistentRead: true }),
        );
        // An entry is a pointer (the counts live on the post): only whether the reader's feed holds it.
        if (entry) feed[reader] = true;
      }
      post = {
        likeCount: Item?.likeCount,
        commentCount: Item?.commentCount,
        likes: await partCount(postKeys.post(postId).pk, 'LIKE#'),
        comments: await partCount(postKeys.post(postId).pk, 'COMMENT#'),
        feed,
      };
    }
    snapshot[label] = {
      // Their likes (GSI byLiker) and comment markers: only those on posts that stay may remain.
      markers: { liked: (await likedPostIds(uid)).length, commented: await partCount(keys.user(uid).pk, 'COMMENTED#') },
      anchorCount: user?.anchorCount,
      anchors: (edges ?? []).map((edge) => `${labelOf.get(String(edge.otherUid)) ?? '?'}:${String(edge.status)}`).sort(),
      post,
    };
  }
  return snapshot;
}

/** Hand-computed: what the stayers hold once the tree below R is gone. */
export const EXPECTED_STAYERS = {
  S1: {
    markers: { liked: 0, commented: 0 },
    anchorCount: 1,
    anchors: ['S2:accepted'],
    post: { likeCount: 1, commentCount: 1, likes: 1, comments: 1, feed: { S1: true, S2: true } },
  },
  S2: {
    markers: { liked: 1, commented: 0 },
    anchorCount: 2,
    anchors: ['S1:accepted', 'S3:accepted'],
    post: {
      likeCount: 1,
      commentCount: 0,
      likes: 1,
      comments: 0,
      feed: { S1: true, S2: true, S3: true },
    },
  },
  S3: { markers: { liked: 1, commented: 1 }, anchorCount: 1, anchors: ['S2:accepted'], post: null },
};

export async function metricsInviters(community: Community): Promise<string[]> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: community.metricsKey, ConsistentRead: true }));
  const labelOf = new Map(Object.entries(community.members).map(([label, member]) => [member.uid, label]));
  return ((Item?.topInviters as { userId: string }[] | undefined) ?? []).map((inviter) => labelOf.get(inviter.userId) ?? inviter.userId);
}

/**
 * What a member whose removal has begun tries with their still-valid token: writes of every kind
 * (a post, a like and a comment on `postId`, an anchor request to `anchorTo`, both upload URLs)
 * and a read. Answers by callable name, as { status, message }.
 */
export async function actWhileBeingRemoved(endpoints: Endpoints, member: TestMember, { postId, anchorTo }: { postId: string; anchorTo: string }) {
  const attempts: Record<string, unknown> = {
    createPost: { content: 'posted after my removal began', privacy: 'public' },
    togglePostLike: { postId, liked: true },
    addComment: { postId, content: 'commented after my removal began' },
    sendAnchorRequest: { userId: anchorTo },
    createPhotoUpload: { contentType: 'image/jpeg' },
    createProfilePictureUpload: { contentType: 'image/jpeg', purpose: 'settings' },
    getFeed: {},
    getMe: {},
    createUserRecord: {},
  };
  const answers: Record<string, { status: number; message: string | undefined }> = {};
  for (const [name, data] of Object.entries(attempts)) {
    const answer = await callRaw(endpoints, name, { token: member.accessToken, data });
    answers[name] = { status: answer.status, message: errorOf(answer)?.message };
  }
  return answers;
}

/**
 * What a removed member is answered (lambdas/http/member-presence.ts), and so one being removed:
 * 404 'User not found' everywhere, getMe included; createUserRecord says the account is gone (401),
 * which signs the SPA out.
 */
export const REFUSED_WHILE_BEING_REMOVED = {
  createPost: { status: 404, message: 'User not found' },
  togglePostLike: { status: 404, message: 'User not found' },
  addComment: { status: 404, message: 'User not found' },
  sendAnchorRequest: { status: 404, message: 'User not found' },
  createPhotoUpload: { status: 404, message: 'User not found' },
  createProfilePictureUpload: { status: 404, message: 'User not found' },
  getFeed: { status: 404, message: 'User not found' },
  getMe: { status: 404, message: 'User not found' },
  createUserRecord: { status: 401, message: 'Your account no longer exists. Please sign in again.' },
};
