import { randomUUID } from 'node:crypto';
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHOR_MESSAGES } from '../../lambdas/contracts/anchors.ts';
import { friendshipIdOf } from '../../lambdas/domain/friendship.ts';
import type { CallableInput, CallableName, CallableOutput } from '../../lambdas/contracts/callables.ts';
import type { InviteType } from '../../lambdas/contracts/joining.ts';
import type { UsStateName } from '../../lambdas/contracts/location.ts';
import { ACCOUNT_DELETION_CONFIRMATION } from '../../lambdas/contracts/removal.ts';
import { SETTINGS_MESSAGES } from '../../lambdas/contracts/settings.ts';
import { signUpOptions } from '../../lambdas/contracts/sign-up.ts';
import type { User } from '../../lambdas/contracts/user.ts';
import { FAULT_MESSAGES } from '../../lambdas/http/backend-faults.ts';
import { startFaultCloud, type FaultCloud } from '../support/fault-cloud.ts';
import { checkInvariants } from '../support/invariants.ts';
import { call, errorOf, resultOf, type Answer, type ApiAnswer } from '../support/callable-client.ts';
import { cognito, confirmSignUp, mailbox, signIn, uniqueEmail } from '../support/local-cloud-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';

/**
 * Backend faults: a cloud of this file's own (test/support/fault-cloud.ts) whose
 * handlers' DynamoDB, S3 and Cognito clients fail at a chosen rate (throttling, TransactionConflict,
 * timeouts before and after the request was applied). Every answer is a success or a retryable
 * 409/503 with a plain sentence, never a 500; a client that retries with the same
 * clientRequestId never posts or comments twice; and once the faults stop, the invariants of
 * test/support/invariants.ts hold over the whole table and bucket. Besides the members' sessions,
 * newcomers join (sign-up, createUserRecord, a profile picture, an invite, completeProfile) and a
 * member deletes their account while the faults are on, so Cognito meets faults too.
 */
/** Per SDK request; a handler makes 3–10 requests, so roughly every second or third call meets a fault. */
const FAULT_RATE = 0.1;
const MAX_TRIES = 40;
/**
 * Account deletion hands the rest of a removal to the worker, whose run holds the job's lease for
 * up to its budget and a margin (2 min 15 s); until it finishes, or its lease lapses after a run
 * that died under faults, a deletion tried again answers 'busy'. A patient client waits it out: on
 * a slow machine 40 tries (some 35 s) did not.
 */
const DELETION_TRIES = 170;
const ROUNDS = 2;
/**
 * Cognito and S3 see few requests (Cognito: createUserRecord's account read, the deletion's lookup
 * and delete; S3 a few dozen), so that many of each service's first requests fail on top of the
 * rate: every service surely meets faults in every run.
 */
const FORCED_FAULTS = { s3: 2, cognito: 3 };
/** The retry test: about two in three attempts of a createPost (some 9 requests) fail; the post budget (30) bounds the attempts. */
const HEAVY_FAULT_RATE = 0.12;
const HEAVY_TRIES = 25;
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let cloud: FaultCloud;
/** Every answer the workload got, for the "never a 500" check. */
const answers: { name: string; status: number; message: string }[] = [];

beforeAll(async () => {
  cloud = await startFaultCloud();
  useLocalCloudData(cloud.endpoints);
}, 60_000);

afterAll(async () => {
  await cloud?.stop();
});

function messageOf(answer: ApiAnswer): string {
  return errorOf(answer)?.message ?? '';
}

const isRetryable = (answer: ApiAnswer) =>
  (answer.status === 503 && messageOf(answer) === FAULT_MESSAGES.busy) || (answer.status === 409 && messageOf(answer) === FAULT_MESSAGES.conflict);

async function once<N extends CallableName>(who: TestMember, name: N, data: CallableInput<N>): Promise<Answer<N>> {
  const answer = await call(cloud.endpoints, name, { token: who.accessToken, data });
  answers.push({ name, status: answer.status, message: messageOf(answer) });
  return answer;
}

/**
 * A patient client: the same request again (same clientRequestId) while the answer says "try
 * again", waiting a little longer each time (up to a second), as the app's users would. Without the
 * wait, 40 tries took a few seconds: a removal job another run holds (its lease lasts up to 27 s)
 * answered 'busy' to every one of them once on a loaded CI machine.
 */
async function retried<N extends CallableName>(who: TestMember, name: N, data: CallableInput<N>, tries = MAX_TRIES): Promise<Answer<N> & { seen: number[] }> {
  const seen: number[] = [];
  for (let attempt = 1; ; attempt++) {
    const answer = await once(who, name, data);
    seen.push(answer.status);
    if (!isRetryable(answer) || attempt >= tries) return Object.assign(answer, { seen });
    await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, 25 * 2 ** attempt)));
  }
}

/**
 * The answer of a retried call is a success or one of the business refusals the caller expects:
 * `afterRetry` ones only once an earlier attempt may have done the work and lost its answer (a
 * retried accept that finds the pair accepted), so a fault that turns into a wrong 4xx fails.
 */
function expectAnswer(answer: ApiAnswer & { seen: number[] }, name: string, refusals: { status: number; message: string; afterRetry?: boolean }[]): void {
  const { seen } = answer;
  const expected = refusals.some((r) => r.status === answer.status && r.message === messageOf(answer) && (!r.afterRetry || seen.length > 1));
  if (!expected) expect(answer.status, `${name}: ${JSON.stringify(answer.body)} after ${JSON.stringify(seen)}`).toBe(200);
}

/** A retried call that must end in a success: its result. */
async function retriedOk<N extends CallableName>(who: TestMember, name: N, data: CallableInput<N>, tries = MAX_TRIES): Promise<CallableOutput<N>> {
  const answer = await retried(who, name, data, tries);
  expect(answer.status, `${name}: ${JSON.stringify(answer.body)} after ${JSON.stringify(answer.seen)}`).toBe(200);
  return resultOf(answer, name);
}

async function postFile(grant: { url: string; fields: Record<string, string> }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'photo');
  const posted = await fetch(grant.url, { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
}

async function anchor(a: TestMember, b: TestMember): Promise<void> {
  await retriedOk(a, 'sendAnchorRequest', { userId: b.uid });
  await retriedOk(b, 'acceptAnchorRequest', { userId: a.uid });
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** A picture upload as the browser makes it: a grant, the POST to S3, then the server's check. */
async function uploadProfilePicture(me: TestMember): Promise<User> {
  const grant = await retriedOk(me, 'createProfilePictureUpload', { contentType: 'image/png', purpose: 'setup' });
  await postFile(grant);
  return retriedOk(me, 'confirmProfilePicture', { purpose: 'setup' });
}

const JOIN_PASSWORD = 'faulty horse 42';

/**
 * A newcomer's whole join while faults are on, as the SPA does it: Cognito sign-up with the
 * inviter's code (its PreSignUp trigger reads the table, so it may meet a fault and say so), the
 * verification code from the mailbox, sign-in, then createUserRecord (reads the Cognito account),
 * a profile picture, the invite and completeProfile, each retried on 409/503.
 */
async function join(
  cloud: FaultCloud,
  label: string,
  inviteCode: string,
  location: { city: string; state: UsStateName },
): Promise<TestMember & { inviteType: InviteType }> {
  const email = uniqueEmail(label);
  const anonymous: TestMember = { uid: '', email, accessToken: '', inviteCode: '' };
  const { signUpTicket } = await retriedOk(anonymous, 'validateInviteCode', {
    inviteCode,
    userLocation: { city: 'Unknown', state: 'Unknown' },
  });
  const { userAttributes, clientMetadata } = signUpOptions({ email, displayName: `Newcomer ${label}`, inviteCode, signUpTicket });
  for (let attempt = 1; ; attempt++) {
    try {
      await cognito(cloud.endpoints).send(
        new SignUpCommand({
          ClientId: cloud.endpoints.cognito.userPoolClientId,
          Username: email,
          Password: JOIN_PASSWORD,
          UserAttributes: Object.entries(userAttributes).map(([Name, Value]) => ({ Name, Value })),
          ClientMetadata: clientMetadata,
        }),
      );
      break;
    } catch (error) {
      // The SPA shows the trigger's message without Cognito's prefix (web auth-error-messages.ts).
      const message = (error as Error).message.replace(/^PreSignUp failed with error\s*/i, '');
      answers.push({ name: 'SignUp', status: 503, message });
      expect(message, `sign-up of ${label}`).toBe(FAULT_MESSAGES.busy);
      expect(attempt).toBeLessThan(MAX_TRIES);
    }
  }
  const [message] = await mailbox(cloud.endpoints, email);
  await confirmSignUp(cloud.endpoints, email, message?.code ?? '');
  const { accessToken } = await signIn(cloud.endpoints, email, JOIN_PASSWORD);
  const me: TestMember = { uid: '', email, accessToken, inviteCode: '' };
  const record = await retriedOk(me, 'createUserRecord', {});
  Object.assign(me, { uid: record.uid, inviteCode: record.inviteSystem.inviteCode });
  expect(record.inviteSystem.pendingInviteCode).toBe(inviteCode);
  await uploadProfilePicture(me);
  const used = await retriedOk(me, 'useInviteCode', { inviteCode, userLocation: location });
  await retriedOk(me, 'completeProfile', {
    displayName: `Newcomer ${label}`,
    bio: 'Joined during a storm.',
    birthday: '1990-01-02',
    location,
    contactInfo: { phoneNumber: '555-123-4567', personalEmail: `${label}@example.com` },
  });
  return { ...me, inviteType: used.inviteType };
}

describe('backend faults', () => {
  it(
    'under injected faults every call succeeds or answers 409/503 plainly, retries never double-post, and the invariants hold afterwards',
    // Wide: a deletion may wait out a dead worker run's lease (DELETION_TRIES).
    { timeout: 300_000 },
    async () => {
      const austin = { location: { city: 'Austin', state: 'Texas' } };
      const members = await Promise.all(['ada', 'ben', 'cal', 'dee'].map((name) => createMember(cloud.endpoints, `faults-${name}`, austin)));
      const [ada, ben, cal, dee] = members as [TestMember, TestMember, TestMember, TestMember];
      // Eve deletes her account under faults: she has an anchor, a post, a comment, a like and a
      // picture for the removal to take away. Sam is a superuser whose code someone uses.
      const [eve, sam] = await Promise.all([
        createMember(cloud.endpoints, 'faults-eve', austin),
        createMember(cloud.endpoints, 'faults-sam', { ...austin, isSuperuser: true }),
      ]);
      await anchor(ada, ben);
      await anchor(cal, dee);
      await anchor(eve, ada);
      const seeded = await Promise.all(members.map((m) => retriedOk(m, 'createPost', { content: `hello from ${m.email}`, privacy: 'public' })));
      const publicPosts = seeded.map((p) => p.postId);
      await retriedOk(eve, 'createPost', { content: 'eve was here', privacy: 'anchors' });
      await retriedOk(eve, 'addComment', { postId: publicPosts[0] ?? '', content: 'eve says hi' });
      await retriedOk(eve, 'togglePostLike', { postId: publicPosts[1] ?? '', liked: true });
      await uploadProfilePicture(eve);
      // Ben blocks Eve and Dee mutes her: her deletion under faults must forget the block both ways.
      await retriedOk(ben, 'blockMember', { userId: eve.uid });
      await retriedOk(dee, 'muteMember', { userId: eve.uid });

      const faultsBefore = await cloud.faultCounts();
      await cloud.setFaultRate(FAULT_RATE, FORCED_FAULTS);
      const madePosts: { author: TestMember; requestId: string; content: string }[] = [];
      const madeComments: { postId: string; content: string }[] = [];
      const others = (me: TestMember) => members.filter((m) => m !== me);
      // Read by the test itself, past the faults (only the cloud's handlers meet them).
      const { getFriendship } = await import('#data/graph');

      async function session(me: TestMember, round: number): Promise<void> {
        // A post and a comment, each retried with its own clientRequestId until it lands.
        const requestId = randomUUID();
        const content = `post ${round} of ${me.email}`;
        const post = await retriedOk(me, 'createPost', { content, privacy: pick(['public', 'anchors'] as const), clientRequestId: requestId });
        madePosts.push({ author: me, requestId, content });
        const target = pick(publicPosts);
        const comment = `comment ${round} of ${me.email}`;
        await retriedOk(me, 'addComment', { postId: target, content: comment, clientRequestId: randomUUID() });
        madeComments.push({ postId: target, content: comment });
        // A post liked, commented on, edited and deleted again, and a comment edited and deleted: a
        // retried delete whose first attempt landed answers success too; the invariants find nothing
        // left of the post once the stream has caught up, and every count exact.
        const doomed = await retriedOk(me, 'createPost', { content: `doomed ${round} of ${me.email}`, privacy: 'public', clientRequestId: randomUUID() });
        await retriedOk(me, 'togglePostLike', { postId: doomed.postId, liked: true });
        await retriedOk(me, 'addComment', { postId: doomed.postId, content: 'soon gone', clientRequestId: randomUUID() });
        await retriedOk(me, 'editPost', { postId: doomed.postId, content: `edited ${round} of ${me.email}` });
        await retriedOk(me, 'deletePost', { postId: doomed.postId });
        const { comment: second } = await retriedOk(me, 'addComment', { postId: target, content: `second thought ${round}`, clientRequestId: randomUUID() });
        await retriedOk(me, 'editComment', { postId: target, commentId: second.commentId, content: `edited thought ${round}` });
        await retriedOk(me, 'deleteComment', { postId: target, commentId: second.commentId });
        // Likes and unlikes, the last one wins.
        await retriedOk(me, 'togglePostLike', { postId: pick([...publicPosts, post.postId]), liked: Math.random() < 0.7 });
        await retriedOk(me, 'togglePostLike', { postId: pick(publicPosts), liked: Math.random() < 0.5 });
        // A profile save.
        await retriedOk(me, 'updateProfile', {
          displayName: `Faulty ${me.email.slice(0, 10)}`,
          birthday: '',
          graduationYear: null,
          major: 'Resilience',
          bio: `round ${round}`,
          location: { city: 'Austin', state: 'TX' },
          contactInfo: { phoneNumber: '', personalEmail: '' },
        });
        // A photo: upload, confirm, and sometimes delete it again.
        const { uploadId, upload } = await retriedOk(me, 'createPhotoUpload', {
          contentType: 'image/png',
        });
        await postFile(upload);
        const gallery = await retriedOk(me, 'confirmPhotoUpload', { uploadId });
        const photo = gallery.photos[0];
        if (Math.random() < 0.5 && photo) {
          // A retried delete whose first attempt finished but lost its answer reads 'Photo not found': done.
          const deleted = await retried(me, 'deletePhoto', { photoId: photo.id });
          if (!(deleted.status === 404 && messageOf(deleted) === SETTINGS_MESSAGES.photoNotFound && deleted.seen.length > 1))
            expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
        }
        // A profile picture: a first one in round 0, a replacement of it (same key) in round 1.
        await uploadProfilePicture(me);
        // Anchor moves towards someone: request, then the other accepts, rejects or the pair is removed.
        // Only the pair's own two members act on it, one session at a time (a session whose request
        // meets a pending or accepted pair stops), so every other refusal is a fault's doing.
        const other = pick(others(me));
        const sent = await retried(me, 'sendAnchorRequest', { userId: other.uid });
        // A retried send whose first attempt landed answers the member's own request (200), so
        // 'already pending' means the other's request, sent first: a pair that is still there
        // names the other as its sender (only this session could move this member's own request).
        expectAnswer(sent, 'sendAnchorRequest', [
          { status: 409, message: ANCHOR_MESSAGES.alreadyPending },
          { status: 409, message: ANCHOR_MESSAGES.alreadyAnchored },
        ]);
        if (sent.status === 409 && messageOf(sent) === ANCHOR_MESSAGES.alreadyPending) {
          const pair = await getFriendship(friendshipIdOf(me.uid, other.uid));
          if (pair) expect(pair.requestedBy, `'${ANCHOR_MESSAGES.alreadyPending}' after ${JSON.stringify(sent.seen)}`).toBe(other.uid);
        }
        if (sent.status === 200) {
          const move = pick(['accept', 'reject', 'accept-then-remove'] as const);
          if (move === 'reject') {
            const rejected = await retried(other, 'removeAnchorRequest', { userId: me.uid });
            expectAnswer(rejected, 'removeAnchorRequest', [{ status: 404, message: ANCHOR_MESSAGES.requestNotFound, afterRetry: true }]);
          } else {
            // Only the recipient accepts, and a retried accept whose first attempt landed answers the
            // accepted pair: nothing but a success.
            const accepted = await retried(other, 'acceptAnchorRequest', { userId: me.uid });
            expectAnswer(accepted, 'acceptAnchorRequest', []);
            if (move === 'accept-then-remove') {
              const removed = await retried(me, 'removeAnchor', { userId: other.uid });
              expectAnswer(removed, 'removeAnchor', [{ status: 404, message: ANCHOR_MESSAGES.connectionNotFound, afterRetry: true }]);
            }
          }
        }
      }

      // Sam (in no anchor move) blocks and unblocks Cal under faults, and mutes Ada; a retried block
      // or unblock whose first attempt landed answers changed: false. Ends blocked.
      async function blockMoves(): Promise<void> {
        for (let round = 0; round < ROUNDS; round++) {
          await retriedOk(sam, 'blockMember', { userId: cal.uid });
          await retriedOk(sam, round % 2 === 0 ? 'muteMember' : 'unmuteMember', { userId: ada.uid });
          if (round < ROUNDS - 1) await retriedOk(sam, 'unblockMember', { userId: cal.uid });
        }
      }

      async function sessions(): Promise<void> {
        for (let round = 0; round < ROUNDS; round++) {
          const outcomes = await Promise.allSettled(members.map((me) => session(me, round)));
          const failure = outcomes.find((outcome) => outcome.status === 'rejected');
          if (failure) throw failure.reason;
        }
      }
      // Newcomers join on a member's local code, another's distant one (Round Rock is ~20 miles from
      // Austin) and a superuser's; Eve deletes her account meanwhile.
      // All settle before a failure is reported, so nothing still runs under faults into the next test.
      const settled = await Promise.allSettled([
        Promise.all([
          join(cloud, 'faults-nia', ada.inviteCode, { city: 'Austin', state: 'Texas' }),
          join(cloud, 'faults-oli', ben.inviteCode, { city: 'Round Rock', state: 'Texas' }),
          join(cloud, 'faults-pam', sam.inviteCode, { city: 'Denver', state: 'Colorado' }),
        ]),
        retriedOk(eve, 'deleteMyAccount', { confirmationText: ACCOUNT_DELETION_CONFIRMATION }, DELETION_TRIES),
        sessions(),
        blockMoves(),
      ]);
      await cloud.setFaultRate(0);
      const failed = settled.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      type Newcomer = Awaited<ReturnType<typeof join>>;
      const newcomers = (settled[0] as PromiseFulfilledResult<[Newcomer, Newcomer, Newcomer]>).value;
      const faultsAfter = await cloud.faultCounts();
      const injected = Object.fromEntries(
        Object.entries(faultsAfter).map(([service, count]) => [service, count - faultsBefore[service as keyof typeof faultsBefore]]),
      );
      // Every service met faults (the forced ones at least), and they were answered like the others.
      expect(injected, JSON.stringify(injected)).toEqual({ dynamodb: expect.any(Number), s3: expect.any(Number), cognito: expect.any(Number) });
      for (const [service, count] of Object.entries(injected)) expect(count, `${service} faults`).toBeGreaterThan(0);
      console.info(`faults injected per service: ${JSON.stringify(injected)}; answers: ${answers.length}`);

      // Faults did happen, were answered as retryable, and nothing was a 500.
      const faults = answers.filter((a) => a.status === 503 || (a.status === 409 && a.message === FAULT_MESSAGES.conflict));
      expect(faults.length).toBeGreaterThan(10);
      const unexpected = answers.filter((a) => a.status >= 500 && !(a.status === 503 && a.message === FAULT_MESSAGES.busy));
      expect(unexpected, JSON.stringify(unexpected)).toEqual([]);
      // Domain refusals of the anchor moves (a pair already pending or anchored) keep their own sentences.
      for (const a of answers.filter((x) => x.status !== 200 && x.status !== 503)) expect(a.message, a.name).not.toMatch(/Something went wrong/);

      // One post per clientRequestId, one comment per comment made.
      for (const made of madePosts) {
        const feed = await retriedOk(made.author, 'getFeed', {});
        expect(
          feed.posts.filter((p) => p.content === made.content),
          made.content,
        ).toHaveLength(1);
      }
      for (const made of madeComments) {
        const listed = await retriedOk(ada, 'listComments', { postId: made.postId });
        expect(
          listed.comments.filter((c) => c.content === made.content),
          made.content,
        ).toHaveLength(1);
      }
      // The newcomers are in, each on the invite they used; Eve is gone.
      const [nia, oli, pam] = newcomers;
      expect(newcomers.map((n) => n.inviteType)).toEqual(['local', 'distant', 'unrestricted']);
      const { getUser } = await import('#data/members');
      for (const [newcomer, inviter] of [
        [nia, ada],
        [oli, ben],
        [pam, sam],
      ] as const) {
        const record = await getUser(newcomer.uid);
        expect(record, newcomer.email).toMatchObject({
          profileCompleted: true,
          inviteSystem: { invitedBy: inviter.uid },
          profilePicture: expect.stringMatching(new RegExp(`^pictures/${newcomer.uid}/[A-Za-z0-9_-]{22}\\.png$`)),
        });
      }
      expect(await getUser(eve.uid)).toBeNull();

      // Fan-out and the feeds that follow anchoring run from the table's stream, retried through the
      // faults until they land: the invariants hold once it has caught up.
      await expect.poll(async () => (await checkInvariants()).join('\n'), { timeout: 30_000, interval: 250 }).toBe('');
    },
  );

  it(
    'a client retrying createPost or addComment with the same clientRequestId through heavy faults gets one post and one comment',
    { timeout: 60_000 },
    async () => {
      const [ada, ben] = await Promise.all(['ada', 'ben'].map((name) => createMember(cloud.endpoints, `retry-${name}`)));
      if (!ada || !ben) throw new Error('members missing');
      await anchor(ada, ben);
      await cloud.setFaultRate(HEAVY_FAULT_RATE);
      const postRequest: CallableInput<'createPost'> = { content: 'Posted once, however often sent', privacy: 'anchors', clientRequestId: randomUUID() };
      const posts = [];
      for (let i = 0; i < 2; i++) posts.push(await retriedOk(ada, 'createPost', postRequest, HEAVY_TRIES));
      const commentRequest = { postId: posts[0]?.postId ?? '', content: 'Said once, however often sent', clientRequestId: randomUUID() };
      const comments = [];
      for (let i = 0; i < 2; i++) comments.push(await retriedOk(ben, 'addComment', commentRequest, HEAVY_TRIES));
      await cloud.setFaultRate(0);

      expect(new Set(posts.map((p) => p.postId)).size).toBe(1);
      expect(new Set(comments.map((c) => c.comment.commentId)).size).toBe(1);
      expect(comments.map((c) => c.commentCount)).toEqual([1, 1]);
      for (const reader of [ada, ben]) {
        // Ben's entry comes from the table's stream, once it has caught up with the faults.
        await expect
          .poll(async () => (await retriedOk(reader, 'getFeed', {})).posts.filter((p) => p.content === postRequest.content).map((p) => p.commentCount), {
            timeout: 30_000,
            interval: 250,
          })
          .toEqual([1]);
      }
      const listed = await retriedOk(ada, 'listComments', { postId: posts[0]?.postId ?? '' });
      expect(listed.comments.map((c) => c.content)).toEqual([commentRequest.content]);
      await expect.poll(async () => (await checkInvariants()).join('\n'), { timeout: 30_000, interval: 250 }).toBe('');
    },
  );
});
