import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { callableNames, callables, type CallableName } from '../../lambdas/contracts/callables.ts';
import { keys, NOTIFICATION_PREFIX, postKeys } from '#data/table';
import { friendshipIdOf } from '../../lambdas/domain/friendship.ts';
import {
  authzExpectations,
  VICTIM_PHOTO_ID,
  VICTIM_PRIVACY,
  VICTIM_SECRETS,
  type AuthzRow,
  type Fixture,
  type Outcome,
  type Secret,
} from '../support/authz-expectations.ts';
import { ACCOUNT_MESSAGES } from '../../lambdas/contracts/account.ts';
import {
  BAD_TOKEN_IDENTITIES,
  createIdentities,
  ENDED_SESSION_IDENTITIES,
  IDENTITIES,
  type Identities,
  type Identity,
  type RealIdentity,
} from '../support/identities.ts';
import { AUTHORIZER_REFUSAL } from '../../local/http-helpers.ts';
import { call, errorOf, ok, resultOf, type Answer, type ApiAnswer } from '../support/callable-client.ts';
import { refusedStatus } from '../support/live-sockets.ts';
import { proxiedFrom } from '../support/local-cloud-client.ts';
import { clientAddress, createMember, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * Every callable of the registry × every identity (test/support/identities.ts), each cell with its
 * asserted outcome (test/support/authz-expectations.ts). The requests carry the victim's ids
 * wherever a callable takes one. The `anchor` identity is the victim's accepted anchor: it reads
 * what only anchors may, and its like and comment on the victim's anchors-only post are the only
 * changes to the victim's items; every answer carries exactly the victim's secrets its row names;
 * the removed member's still-valid token has written nothing, nor has the token from before a sign
 * out everywhere.
 */

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { dynamo, tableName } = await import('#data/table');

/** Every item of the table that mentions one of `needles` (keys or attributes), in a stable order. */
async function itemsMentioning(...needles: string[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey }));
    for (const item of page.Items ?? []) {
      const text = JSON.stringify(item);
      if (needles.some((needle) => text.includes(needle))) found.push(item);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found.sort((a, b) => `${String(a.pk)}|${String(a.sk)}`.localeCompare(`${String(b.pk)}|${String(b.sk)}`));
}

/** A served key (lambdas/data/table/keys.ts), so the photo's URL carries it. */
const VICTIM_PHOTO_KEY = `pictures/authz-victim/${'V'.repeat(22)}.jpg`;

/** The texts that give each secret away in an answer (any one of them is a leak). */
function secretNeedles(fixture: Fixture): Record<Secret, string[]> {
  return {
    anchorsOnlyPost: [VICTIM_SECRETS.anchorsOnlyPost],
    // The URL carries the key; the id and the caption come with every presented photo.
    photo: [VICTIM_SECRETS.photo, VICTIM_PHOTO_ID, VICTIM_PHOTO_KEY],
    phone: [VICTIM_SECRETS.phone],
    birthday: [VICTIM_SECRETS.birthday],
    personalEmail: [VICTIM_SECRETS.personalEmail],
    signInEmail: [fixture.victim.email],
  };
}

async function buildFixture(): Promise<Fixture> {
  const [victim, bystander, bystanderFriend, stranger] = await Promise.all([
    createMember(endpoints, 'authz-victim', {
      displayName: 'Vicky Victim',
      location: { city: 'San Antonio', state: 'Texas' },
      extra: {
        birthday: VICTIM_SECRETS.birthday,
        contactInfo: { phoneNumber: VICTIM_SECRETS.phone, personalEmail: VICTIM_SECRETS.personalEmail, isPhoneVisible: true, isEmailVisible: true },
        privacy: { ...VICTIM_PRIVACY },
        photos: [{ id: VICTIM_PHOTO_ID, url: VICTIM_PHOTO_KEY, caption: VICTIM_SECRETS.photo, uploadedAt: new Date().toISOString() }],
      },
    }),
    createMember(endpoints, 'authz-bystander', { displayName: 'Bea Bystander' }),
    createMember(endpoints, 'authz-friend', { displayName: 'Fred Friend' }),
    createMember(endpoints, 'authz-stranger', { displayName: 'Stan Stranger' }),
  ]);
  const post = await ok(endpoints, 'createPost', {
    token: victim.accessToken,
    headers: proxiedFrom(clientAddress()),
    data: { content: VICTIM_SECRETS.anchorsOnlyPost, privacy: 'anchors' },
  });
  await ok(endpoints, 'sendAnchorRequest', { token: victim.accessToken, headers: proxiedFrom(clientAddress()), data: { userId: bystander.uid } });
  await ok(endpoints, 'sendAnchorRequest', { token: victim.accessToken, headers: proxiedFrom(clientAddress()), data: { userId: bystanderFriend.uid } });
  await ok(endpoints, 'acceptAnchorRequest', { token: bystanderFriend.accessToken, headers: proxiedFrom(clientAddress()), data: { userId: victim.uid } });
  return {
    victim,
    victimPostId: post.postId,
    pendingFriendshipId: friendshipIdOf(victim.uid, bystander.uid),
    acceptedFriendshipId: friendshipIdOf(victim.uid, bystanderFriend.uid),
    victimPhotoId: VICTIM_PHOTO_ID,
    stranger,
  };
}

interface AnchorsActs {
  victimUid: string;
  /** The victim's anchors-only post, which the anchor liked and commented on. */
  postId: string;
  anchorUid: string;
  commentId: string;
  /** The anchor's own createPost of the matrix, fanned out to its anchors' feeds. */
  anchorPostId: string;
}

/**
 * The victim's items as they must be after the matrix: unchanged, but for what the victim's anchor
 * may legitimately do — one like and one comment on the anchors-only post it can see, each with its
 * marker in the anchor's own partition, the post's counters (copied into every feed entry of the
 * post) moved by one each, and the anchor's own new post in the victim's feed. Any other change,
 * and any other new item, fails the comparison.
 */
function afterAnchorsActs(before: Record<string, unknown>[], after: Record<string, unknown>[], acts: AnchorsActs): Record<string, unknown>[] {
  const { victimUid, postId, anchorUid, commentId, anchorPostId } = acts;
  const postKey = postKeys.post(postId);
  const post = before.find((item) => item.pk === postKey.pk && item.sk === postKey.sk);
  if (!post) throw new Error('The victim post is missing from the snapshot');
  const counters = {
    likeCount: Number(post.likeCount ?? 0) + 1,
    commentCount: Number(post.commentCount ?? 0) + 1,
    // One step for the like, one for the comment.
    countsVersion: Number(post.countsVersion ?? 0) + 2,
  };
  const unreadState = keys.notificationState(victimUid);
  const counted = before.map((item) => {
    if (item === post) return { ...item, ...counters };
    // The like and the comment each tell the victim (two notifications, two more unread).
    if (item.pk === unreadState.pk && item.sk === unreadState.sk) return { ...item, unread: Number(item.unread ?? 0) + 2 };
    // The post's entry in the liker's own feed says likedByMe (the counts live on the post only).
    const likersEntry = postKeys.feedEntry(anchorUid, postId);
    return item.pk === likersEntry.pk && item.sk === likersEntry.sk ? { ...item, likedByMe: true } : item;
  });
  const written = [
    postKeys.like(postId, anchorUid),
    postKeys.comment(postId, commentId),
    postKeys.commentedMarker(anchorUid, postId, commentId),
    postKeys.feedEntry(victimUid, anchorPostId),
  ].map((key) => after.find((item) => item.pk === key.pk && item.sk === key.sk) ?? { ...key, missing: 'expected the anchor to have written this item' });
  const told = (['like', 'comment'] as const).map(
    (kind) =>
      after.find((item) => isNotificationOf(item, victimUid) && item.kind === kind && item.actorId === anchorUid) ?? {
        missing: `expected the victim to be told of the anchor's ${kind}`,
      },
  );
  // The like is told once: its told-once marker in the victim's partition, nothing else new.
  const toldOnce = after.filter((item) => item.pk === keys.user(victimUid).pk && String(item.sk).startsWith('TOLD#'));
  const markers = toldOnce.length === 1 ? toldOnce : [{ missing: `expected one told-once marker for the anchor's like, found ${toldOnce.length}` }];
  return [...counted, ...written, ...told, ...markers].sort((a, b) => `${String(a.pk)}|${String(a.sk)}`.localeCompare(`${String(b.pk)}|${String(b.sk)}`));
}

function isNotificationOf(item: Record<string, unknown>, uid: string): boolean {
  return item.pk === keys.user(uid).pk && String(item.sk).startsWith(NOTIFICATION_PREFIX);
}

/**
 * The victim's items without other members' notifications that name the victim as their actor:
 * those are their owners' (marking them read is theirs to do), not the victim's.
 */
function victimsOwn(items: Record<string, unknown>[], victimUid: string): Record<string, unknown>[] {
  return items.filter((item) => !String(item.sk).startsWith(NOTIFICATION_PREFIX) || isNotificationOf(item, victimUid));
}

/**
 * A cell as status, protocol error code (the wire's canonical name) and message; a success is its
 * status alone, and an answer outside the protocol (API Gateway's own) its status and body.
 */
function describeAnswer(answer: ApiAnswer): { status: number; code?: string; message?: string; body?: unknown } {
  const error = errorOf(answer);
  if (error) return { status: answer.status, code: error.status, message: error.message };
  if (answer.status === 200 && typeof answer.body === 'object' && answer.body !== null && 'result' in answer.body) return { status: answer.status };
  return { status: answer.status, body: answer.body };
}

/** A bad token refused by the JWT authorizer: API Gateway's own 401, before any Lambda runs. */
const AUTHORIZER_REFUSED = { status: 401, body: AUTHORIZER_REFUSAL } as const;

/** A token from before a sign out everywhere, refused by the session epoch (lambdas/http/member-presence.ts). */
const SESSION_ENDED: Outcome = { status: 401, code: 'UNAUTHENTICATED', message: ACCOUNT_MESSAGES.sessionEnded };

describe('the authorization matrix: every callable × every identity', () => {
  let identities: Identities;
  let fixture: Fixture;
  let victimBefore: Record<string, unknown>[];
  let signedOutBefore: Record<string, unknown>[];
  const answers = new Map<string, Answer<CallableName>>();

  beforeAll(async () => {
    [identities, fixture] = await Promise.all([createIdentities(endpoints), buildFixture()]);
    // The anchor identity becomes the victim's accepted anchor (its feed catches up with the post).
    const { anchor } = identities.members;
    await ok(endpoints, 'sendAnchorRequest', { token: fixture.victim.accessToken, headers: proxiedFrom(clientAddress()), data: { userId: anchor.uid } });
    await ok(endpoints, 'acceptAnchorRequest', { token: anchor.accessToken, headers: proxiedFrom(clientAddress()), data: { userId: fixture.victim.uid } });
    // The catch-up runs from the table's stream, and so do the victim's notifications of the two
    // accepted requests: the state before the matrix is the one after it.
    const anchorsEntry = postKeys.feedEntry(anchor.uid, fixture.victimPostId);
    await vi.waitFor(
      async () => {
        const items = await itemsMentioning(fixture.victim.uid, fixture.victimPostId);
        if (!items.some((item) => item.pk === anchorsEntry.pk && item.sk === anchorsEntry.sk)) throw new Error("The anchor's feed has not caught up yet");
        const told = items.filter((item) => isNotificationOf(item, fixture.victim.uid) && item.kind === 'anchor-accepted');
        if (told.length < 2) throw new Error('The victim has not been told of both accepted requests yet');
      },
      { timeout: 30_000, interval: 50 },
    );
    victimBefore = await itemsMentioning(fixture.victim.uid, fixture.victimPostId);
    signedOutBefore = await itemsMentioning(identities.signedOut.uid);
    const started = Date.now();
    // One callable at a time (registry order, rows that end the identities' sessions last), its identities side by side.
    const endsSessions = (name: CallableName) => (authzExpectations[name] as AuthzRow | undefined)?.endsSessions === true;
    for (const name of [...callableNames.filter((name) => !endsSessions(name)), ...callableNames.filter(endsSessions)]) {
      const row: AuthzRow | undefined = authzExpectations[name];
      // A callable without its row: the row-count test below says so; nothing to send here.
      if (!row) continue;
      await Promise.all(
        IDENTITIES.map(async (identity) => {
          const answer = await call(endpoints, name, {
            token: identities.tokens[identity],
            data: row.input(fixture),
            headers: proxiedFrom(clientAddress()),
          });
          answers.set(`${name}/${identity}`, answer);
        }),
      );
    }
    console.log(`authz matrix: ${answers.size} calls in ${Date.now() - started} ms`);
  }, 120_000);

  it('has one row per callable of the registry, no more, no less', () => {
    expect(Object.keys(authzExpectations).sort()).toEqual([...callableNames].sort());
  });

  function answerOf<N extends CallableName>(name: N, identity: Identity): Answer<N> {
    const answer = answers.get(`${name}/${identity}`);
    if (!answer) throw new Error(`No answer for ${name}/${identity}`);
    // Kept under its callable's name by the loop above.
    return answer as Answer<N>;
  }

  function expected(name: CallableName, identity: Identity): Outcome | typeof AUTHORIZER_REFUSED {
    const row = authzExpectations[name];
    if ((BAD_TOKEN_IDENTITIES as readonly string[]).includes(identity)) {
      if (callables[name].access === 'public') return row.anonymous ?? { status: 200 };
      // An ID token is a good JWT for the authorizer; the handler wants an access token.
      if (identity === 'idToken') return { status: 401, code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' };
      return AUTHORIZER_REFUSED;
    }
    // Whatever the callable's presence policy (before-record, joining, own-read or the record check).
    if ((ENDED_SESSION_IDENTITIES as readonly string[]).includes(identity)) {
      return callables[name].access === 'public' ? (row.anonymous ?? { status: 200 }) : SESSION_ENDED;
    }
    return row.expect[identity as RealIdentity];
  }

  it.each(callableNames)('%s answers every identity as its row says', (name) => {
    expect(authzExpectations[name] as AuthzRow | undefined, `${name} has no row in test/support/authz-expectations.ts`).toBeDefined();
    const actual = Object.fromEntries(IDENTITIES.map((identity) => [identity, describeAnswer(answerOf(name, identity))]));
    const wanted = Object.fromEntries(
      IDENTITIES.map((identity) => {
        const outcome = expected(name, identity);
        const { status } = outcome;
        if ('body' in outcome) return [identity, outcome];
        if (!('code' in outcome)) return [identity, { status }];
        return [identity, { status, code: outcome.code, message: outcome.message ?? actual[identity]?.message }];
      }),
    );
    expect(actual).toEqual(wanted);
  });

  it("swapping the victim's ids into every request changed none of the victim's items, but for the anchor's like, comment and post", async () => {
    expect(victimBefore.length).toBeGreaterThanOrEqual(6);
    const { anchor } = identities.members;
    const { comment } = resultOf(answerOf('addComment', 'anchor'));
    expect(comment).toMatchObject({ authorId: anchor.uid, content: 'A word from the matrix' });
    const anchorPostId = resultOf(answerOf('createPost', 'anchor')).postId;
    // The anchor's post reaches the victim's feed from the table's stream.
    const victimsEntry = postKeys.feedEntry(fixture.victim.uid, anchorPostId);
    await expect
      .poll(
        async () =>
          (await itemsMentioning(fixture.victim.uid, fixture.victimPostId)).some((item) => item.pk === victimsEntry.pk && item.sk === victimsEntry.sk),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    // The victim is told of the like and the comment from the stream too.
    await expect
      .poll(
        async () =>
          (await itemsMentioning(fixture.victim.uid, fixture.victimPostId)).filter(
            (item) => isNotificationOf(item, fixture.victim.uid) && item.actorId === anchor.uid && ['like', 'comment'].includes(String(item.kind)),
          ).length,
        { timeout: 10_000 },
      )
      .toBe(2);
    const after = victimsOwn(await itemsMentioning(fixture.victim.uid, fixture.victimPostId), fixture.victim.uid);
    const acts = { victimUid: fixture.victim.uid, postId: fixture.victimPostId, anchorUid: anchor.uid, commentId: comment.commentId, anchorPostId };
    expect(after).toEqual(afterAnchorsActs(victimsOwn(victimBefore, fixture.victim.uid), after, acts));
    // What the anchor wrote is the anchor's: its like, its comment, its post in the victim's feed.
    const written = (key: { pk: string; sk: string }) => after.find((item) => item.pk === key.pk && item.sk === key.sk);
    expect(written(postKeys.like(fixture.victimPostId, anchor.uid))).toMatchObject({ uid: anchor.uid });
    expect(written(postKeys.feedEntry(fixture.victim.uid, anchorPostId))).toMatchObject({ authorId: anchor.uid, postId: anchorPostId });
  });

  it("every answer carries exactly the victim's secrets its row names: Anchors Only parts to the anchor, the sign-in email to the admin's views, nothing else to anyone", () => {
    const needles = secretNeedles(fixture);
    const secrets = Object.keys(needles) as Secret[];
    const carried: Record<string, Secret[]> = {};
    const named: Record<string, Secret[]> = {};
    for (const name of callableNames) {
      for (const identity of IDENTITIES) {
        const body = JSON.stringify(answerOf(name, identity).body);
        const found = secrets.filter((secret) => needles[secret].some((needle) => body.includes(needle)));
        if (found.length) carried[`${name}/${identity}`] = found.sort();
        const allowed = (authzExpectations[name] as AuthzRow | undefined)?.reveals?.[identity as RealIdentity];
        if (allowed?.length) named[`${name}/${identity}`] = [...allowed].sort();
      }
    }
    expect(carried).toEqual(named);
  });

  it("the removed member's still-valid token wrote nothing: no record, post, edge or picture slot", async () => {
    const left = await itemsMentioning(identities.members.removed.uid);
    // Only the abuse-limit counters keyed by the caller may mention them.
    expect(left.filter((item) => !String(item.pk).startsWith('RATE#'))).toEqual([]);
  });

  it('the token from before sign out everywhere changed nothing of its member, and the live socket refuses it (401)', async () => {
    const { signedOut } = identities;
    const withoutCounters = (items: Record<string, unknown>[]) => items.filter((item) => !String(item.pk).startsWith('RATE#'));
    expect(withoutCounters(await itemsMentioning(signedOut.uid))).toEqual(withoutCounters(signedOutBefore));
    expect(await refusedStatus(endpoints, identities.tokens.signedOut)).toBe(401);
  });
});
