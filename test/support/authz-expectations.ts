import type { CallableInput, CallableName } from '../../lambdas/contracts/callables.ts';
import { ERROR_HTTP_STATUS, statusFromWire, type WireStatus } from '../../lambdas/contracts/protocol.ts';
import { VOUCH_MESSAGES } from '../../lambdas/contracts/vouching.ts';
import { INVITE_REQUIRED_MESSAGE } from '../../lambdas/handlers/joining/complete-profile.ts';
import { ACCOUNT_GONE_MESSAGE, NO_RECORD_MESSAGE, NOT_JOINED_MESSAGE } from '../../lambdas/http/member-presence.ts';
import type { TestMember } from './local-cloud-members.ts';
import type { RealIdentity } from './identities.ts';

/**
 * One row per callable of the registry for the authorization matrix
 * (test/integration/authz-matrix.test.ts): the request every identity sends, the outcome each
 * real caller gets and which of the victim's secrets each answer carries. Every identity with a bad
 * credential gets 401 from every non-public callable (the matrix asserts that without a row entry:
 * API Gateway's JWT authorizer's own body, or the protocol's UNAUTHENTICATED from the handler for
 * an ID token, which passes the authorizer); a public callable's row says what an anonymous caller
 * gets. Codes are the wire's canonical names. The requests
 * aim at the victim's things wherever a callable takes an id (post, member, friendship, photo).
 * The `anchor` identity is the victim's accepted anchor: it alone reads the victim's anchors-only
 * post and Anchors Only profile fields, and may like and comment on that post (the matrix checks
 * that those are the only changes anyone made to the victim's items).
 */

/**
 * What the victim keeps from most eyes, seeded on their record and post. The privacy settings make
 * each part of the profile a real test: 'friends' parts reach the anchor only, 'private' ones nobody
 * (profileVisibility is public, so a non-anchor does get the profile, just without these parts).
 */
export const VICTIM_SECRETS = {
  /** Content of the victim's post with privacy 'anchors'. */
  anchorsOnlyPost: 'For my anchors only',
  /** Caption of the victim's gallery photo (photosVisibility 'friends'). */
  photo: 'Vicky in her garden, anchors only',
  /** contactInfo.phoneNumber (contactVisibility and phoneVisibility 'friends'). */
  phone: '210-555-0147',
  /** birthdayVisibility 'private'. */
  birthday: '1991-07-14',
  /** contactInfo.personalEmail (emailVisibility 'private'). */
  personalEmail: 'vicky.hidden@example.org',
} as const;

export const VICTIM_PRIVACY = {
  profileVisibility: 'public',
  birthdayVisibility: 'private',
  photosVisibility: 'friends',
  contactVisibility: 'friends',
  phoneVisibility: 'friends',
  emailVisibility: 'private',
} as const;

export const VICTIM_PHOTO_ID = 'authz-victim-photo';

/** A secret of the victim; `signInEmail` is the Cognito address, which only admin views show. */
export type Secret = keyof typeof VICTIM_SECRETS | 'signInEmail';

export interface Fixture {
  /** A member outside the matrix whose things every id-taking request points at. */
  victim: TestMember;
  /** The victim's anchors-only post (of the identities only `anchor` is anchored to the victim). */
  victimPostId: string;
  /** Pending: the victim asked `bystander`. */
  pendingFriendshipId: string;
  /** Accepted: the victim and `bystander`'s friend. */
  acceptedFriendshipId: string;
  /** One of the victim's gallery photos. */
  victimPhotoId: string;
  /** A member with no relations to anyone: the target of anchor requests. */
  stranger: TestMember;
}

export type Outcome = { status: 200 } | { status: number; code: WireStatus; message?: string };

export interface AuthzRow<N extends CallableName = CallableName> {
  /** The request's data, typed by the callable's input: every row sends a request its contract takes. */
  input: (fixture: Fixture) => CallableInput<N>;
  /** What each real caller gets. */
  expect: Record<RealIdentity, Outcome>;
  /** Public callables: what a caller without a usable access token gets. */
  anonymous?: Outcome;
  /** It ends the identities' tokens (signOutEverywhere): the matrix sends it after every other row. */
  endsSessions?: true;
  /**
   * The victim's secrets the answer to each identity carries, exactly (an identity not named
   * carries none): the positive half of the leak check.
   */
  reveals?: Partial<Record<RealIdentity, Secret[]>>;
}

export const ok: Outcome = { status: 200 };

export function refused(code: WireStatus, message?: string): Outcome {
  const status = ERROR_HTTP_STATUS[statusFromWire(code) ?? 'internal'];
  return message === undefined ? { status, code } : { status, code, message };
}

const gone = refused('NOT_FOUND', NO_RECORD_MESSAGE);
/** An account that signed up and has not joined may only finish joining (or leave). */
const notJoined = refused('PERMISSION_DENIED', NOT_JOINED_MESSAGE);
/** Only a member whose invite was consumed, a superuser or an admin may complete a profile. */
const inviteRequired = refused('INVALID_ARGUMENT', INVITE_REQUIRED_MESSAGE);
const adminOnly = refused('PERMISSION_DENIED', 'Access denied. Admin privileges required.');

/**
 * Every caller with a record gets `outcome`; the removed member's still-valid token is refused as
 * gone and the unjoined account as not joined (lambdas/http/member-presence.ts), before any read
 * or write.
 */
function members(outcome: Outcome, overrides: Partial<Record<RealIdentity, Outcome>> = {}): Record<RealIdentity, Outcome> {
  return { member: outcome, otherMember: outcome, anchor: outcome, superuser: outcome, admin: outcome, removed: gone, unjoined: notJoined, ...overrides };
}

/** A callable of the joining path: the unjoined account gets what any member gets. */
function joining(outcome: Outcome, overrides: Partial<Record<RealIdentity, Outcome>> = {}): Record<RealIdentity, Outcome> {
  return members(outcome, { unjoined: outcome, ...overrides });
}

/** Only the admin passes; other members are refused for lack of the group. */
function adminRow(adminOutcome: Outcome): Record<RealIdentity, Outcome> {
  return members(adminOnly, { admin: adminOutcome, removed: adminOnly, unjoined: adminOnly });
}

/** The victim's anchors-only post is invisible to non-anchors, as if it did not exist; the anchor sees it. */
const postNotFound = refused('NOT_FOUND', 'Post not found');
const anchorsOnly = members(postNotFound, { anchor: ok });
const notYourPost = refused('PERMISSION_DENIED', 'You can only edit or delete your own posts');
const commentNotFound = refused('NOT_FOUND', 'Comment not found');
/** A well-formed comment id that names no comment. */
const NO_SUCH_COMMENT = '01HZZZZZZZZZZZZZZZZZZZZZZZ';
const notPartOfRequest = refused('PERMISSION_DENIED', 'You are not part of this anchor request');

/** Only a member verified in person may vouch. */
const notAVoucher = refused('PERMISSION_DENIED', VOUCH_MESSAGES.voucherNotVerified);

const confirmationMismatch = refused('INVALID_ARGUMENT', 'Please type DELETE MY ACCOUNT to confirm.');

const NO_SUCH_MEMBER = 'no-such-member-authz';
/** A well-formed report id that names no report. */
const NO_SUCH_REPORT = '01HZZZZZZZZZZZZZZZZZZZZZZY';
const PROFILE = {
  displayName: 'Matrix Member',
  birthday: '1990-04-05',
  graduationYear: 2012,
  major: 'Botany',
  bio: 'Checks every door.',
  location: { city: 'San Antonio', state: 'Texas' },
  contactInfo: { phoneNumber: '555-222-3333', personalEmail: 'matrix@example.com' },
} as const;
const PRIVACY = {
  profileVisibility: 'public',
  birthdayVisibility: 'private',
  photosVisibility: 'friends',
  contactVisibility: 'friends',
  phoneVisibility: 'private',
  emailVisibility: 'friends',
} as const;

export const authzExpectations: { [N in CallableName]: AuthzRow<N> } = {
  // Before the record exists getMe says so; the SPA then calls createUserRecord, which refuses the ghost.
  getMe: { input: () => ({}), expect: joining(ok) },
  validateInviteCode: {
    input: (f) => ({ inviteCode: f.victim.inviteCode, userLocation: { city: 'San Antonio', state: 'Texas' } }),
    // Public (before sign-up): a token, good or bad, changes nothing.
    expect: joining(ok, { removed: ok }),
    anonymous: ok,
  },
  useInviteCode: {
    input: () => ({ inviteCode: 'ZZZZZZZZ', userLocation: { city: 'San Antonio', state: 'Texas' } }),
    expect: joining(refused('NOT_FOUND', 'Invalid invite code')),
  },
  suggestCities: { input: () => ({ query: 'San' }), expect: joining(ok) },
  // Cognito no longer has the account: never a new record for a ghost.
  createUserRecord: { input: () => ({}), expect: joining(ok, { removed: refused('UNAUTHENTICATED', ACCOUNT_GONE_MESSAGE) }) },
  // Every real caller has a picture and none has used an invite (test/support/identities.ts), so the
  // invite rule decides: superusers and admins need no invite (spec: unlimited invites, admin).
  completeProfile: {
    input: () => ({
      ...PROFILE,
      graduationYear: undefined,
      major: undefined,
      privacy: { profileVisibility: 'public', birthdayVisibility: 'private', contactVisibility: 'friends' },
    }),
    expect: joining(inviteRequired, { superuser: ok, admin: ok }),
  },
  createProfilePictureUpload: { input: () => ({ contentType: 'image/jpeg' }), expect: joining(ok) },
  confirmProfilePicture: { input: () => ({}), expect: joining(refused('NOT_FOUND', 'No uploaded picture was found. Please upload it again.')) },
  createPost: { input: () => ({ content: 'A post from the authorization matrix', privacy: 'anchors' }), expect: members(ok) },
  // The anchor's feed caught up with the victim's post when they anchored.
  getFeed: { input: () => ({}), expect: members(ok), reveals: { anchor: ['anchorsOnlyPost'] } },
  // The victim's posts: everyone reads the list, only the anchor sees the anchors-only one in it.
  listMemberPosts: { input: (f) => ({ userId: f.victim.uid }), expect: members(ok), reveals: { anchor: ['anchorsOnlyPost'] } },
  getPost: { input: (f) => ({ postId: f.victimPostId }), expect: anchorsOnly, reveals: { anchor: ['anchorsOnlyPost'] } },
  // The anchor's like and comment are legitimate; the matrix checks they are the only changes.
  togglePostLike: { input: (f) => ({ postId: f.victimPostId, liked: true }), expect: anchorsOnly },
  getPostLikers: { input: (f) => ({ postId: f.victimPostId }), expect: anchorsOnly },
  addComment: { input: (f) => ({ postId: f.victimPostId, content: 'A word from the matrix' }), expect: anchorsOnly },
  listComments: { input: (f) => ({ postId: f.victimPostId }), expect: anchorsOnly },
  // Someone else's post: the anchor sees it and is refused as not its author; the rest cannot see it.
  editPost: { input: (f) => ({ postId: f.victimPostId, content: 'Rewritten by the matrix' }), expect: members(postNotFound, { anchor: notYourPost }) },
  deletePost: { input: (f) => ({ postId: f.victimPostId }), expect: members(postNotFound, { anchor: notYourPost }) },
  editComment: {
    input: (f) => ({ postId: f.victimPostId, commentId: NO_SUCH_COMMENT, content: 'Rewritten by the matrix' }),
    expect: members(postNotFound, { anchor: commentNotFound }),
  },
  deleteComment: { input: (f) => ({ postId: f.victimPostId, commentId: NO_SUCH_COMMENT }), expect: members(postNotFound, { anchor: commentNotFound }) },
  sendAnchorRequest: { input: (f) => ({ userId: f.stranger.uid }), expect: members(ok) },
  acceptAnchorRequest: { input: (f) => ({ friendshipId: f.pendingFriendshipId }), expect: members(notPartOfRequest) },
  removeAnchorRequest: { input: (f) => ({ friendshipId: f.pendingFriendshipId }), expect: members(notPartOfRequest) },
  removeAnchor: {
    input: (f) => ({ friendshipId: f.acceptedFriendshipId }),
    expect: members(refused('PERMISSION_DENIED', 'You are not part of this anchor connection')),
  },
  listAnchors: { input: () => ({}), expect: members(ok) },
  listAnchorRequests: { input: () => ({}), expect: members(ok) },
  searchUsers: { input: () => ({ query: 'Vic' }), expect: members(ok) },
  // A public profile for everyone; its Anchors Only parts (photo, phone) for the anchor alone.
  getUserProfile: { input: (f) => ({ userId: f.victim.uid }), expect: members(ok), reveals: { anchor: ['photo', 'phone'] } },
  // Dev-only, any member; the business rule wants a city, which only the superuser's and the
  // admin's completeProfile (the row above in registry order) has set by now.
  // The caller's own invites: nobody else's code or invitees can be asked for.
  getMyInvites: { input: () => ({}), expect: members(ok) },
  // A code that is not the caller's answers the caller's own code, changing nothing.
  replaceInviteCode: { input: (f) => ({ currentCode: f.victim.inviteCode }), expect: members(ok) },
  // Last in registry order (the dev area): updateProfile has given every member a city and state by now.
  createDummyAnchors: { input: () => ({}), expect: members(ok) },
  grantSuperuserStatus: { input: () => ({ userId: NO_SUCH_MEMBER, reason: 'matrix' }), expect: adminRow(refused('NOT_FOUND', 'User not found')) },
  revokeSuperuserStatus: { input: () => ({ userId: NO_SUCH_MEMBER, reason: 'matrix' }), expect: adminRow(refused('NOT_FOUND', 'User not found')) },
  grantAdmin: { input: () => ({ userId: NO_SUCH_MEMBER, reason: 'matrix' }), expect: adminRow(refused('NOT_FOUND', 'User not found')) },
  revokeAdmin: { input: () => ({ userId: NO_SUCH_MEMBER, reason: 'matrix' }), expect: adminRow(refused('NOT_FOUND', 'User not found')) },
  getAdminOverview: { input: () => ({}), expect: adminRow(ok) },
  // Moderation. Blocking and muting aim at nobody (the victim's record must not change); unblocking
  // and unmuting someone not blocked is a success that changes nothing.
  blockMember: { input: () => ({ userId: NO_SUCH_MEMBER }), expect: members(refused('NOT_FOUND', 'User not found')) },
  unblockMember: { input: () => ({ userId: NO_SUCH_MEMBER }), expect: members(ok) },
  listBlocked: { input: () => ({}), expect: members(ok) },
  muteMember: { input: () => ({ userId: NO_SUCH_MEMBER }), expect: members(refused('NOT_FOUND', 'User not found')) },
  unmuteMember: { input: () => ({ userId: NO_SUCH_MEMBER }), expect: members(ok) },
  listMuted: { input: () => ({}), expect: members(ok) },
  // Each member reports the stranger (a report names its target, so not the victim, whose items must not change).
  reportContent: { input: (f) => ({ target: { type: 'member', id: f.stranger.uid }, reason: 'spam' }), expect: members(ok) },
  listReports: { input: () => ({}), expect: adminRow(ok) },
  resolveReport: {
    input: () => ({ reportId: NO_SUCH_REPORT, action: 'dismiss', reason: 'matrix' }),
    expect: adminRow(refused('NOT_FOUND', 'Report not found')),
  },
  listMyReports: { input: () => ({}), expect: members(ok) },
  listModerationLog: { input: () => ({}), expect: members(ok) },
  getMyStanding: { input: () => ({}), expect: members(ok) },
  // Notifications are the caller's own partition: every member reads and marks only their own.
  listNotifications: { input: () => ({}), expect: members(ok) },
  markNotificationsRead: { input: () => ({ all: true }), expect: members(ok) },
  getNotificationSettings: { input: () => ({}), expect: members(ok) },
  updateNotificationSettings: { input: () => ({ settings: { like: true } }), expect: members(ok) },
  // The admin's own views show a member's sign-in email by design (spec: admin search, invite tree).
  searchMembers: { input: () => ({ query: 'Vic' }), expect: adminRow(ok), reveals: { admin: ['signInEmail'] } },
  listAuditLog: { input: () => ({}), expect: adminRow(ok) },
  setAdminClaim: { input: (f) => ({ userId: f.victim.uid }), expect: members(refused('PERMISSION_DENIED', 'You can only make yourself an admin.')) },
  calculateMetricsManually: { input: () => ({}), expect: members(ok) },
  getCommunityMetrics: { input: () => ({ range: 'week' }), expect: members(ok) },
  getUserInviteTree: { input: (f) => ({ userId: f.victim.uid }), expect: adminRow(ok), reveals: { admin: ['signInEmail'] } },
  removeUserAndInviteTree: { input: () => ({ userId: NO_SUCH_MEMBER, reason: 'matrix' }), expect: adminRow(refused('NOT_FOUND', 'User not found')) },
  deleteMyAccount: {
    input: () => ({ confirmationText: 'keep my account' }),
    // Exempt from the record check (a retry after a lost answer must confirm): the phrase decides.
    expect: joining(confirmationMismatch, { removed: confirmationMismatch }),
  },
  updateProfile: { input: () => PROFILE, expect: members(ok) },
  updatePrivacy: { input: () => PRIVACY, expect: members(ok) },
  createPhotoUpload: { input: () => ({ contentType: 'image/jpeg' }), expect: members(ok) },
  confirmPhotoUpload: {
    input: () => ({ uploadId: '00000000-0000-4000-8000-000000000000' }),
    expect: members(refused('NOT_FOUND', 'No uploaded photo was found. Please upload it again.')),
  },
  // Only the caller's own photos: the victim's id is not found among them.
  deletePhoto: { input: (f) => ({ photoId: f.victimPhotoId }), expect: members(refused('NOT_FOUND', 'Photo not found')) },
  // Ends the caller's own sessions only (no input names anyone else).
  signOutEverywhere: { input: () => ({}), expect: joining(ok), endsSessions: true },
  // Copies the caller's own Cognito email to their own record; unchanged here.
  syncAccountEmail: { input: () => ({}), expect: members(ok) },
  // The caller's own export only: no input names anyone; a removed member is refused (gone).
  requestDataExport: { input: () => ({}), expect: members(ok) },
  getDataExport: { input: () => ({}), expect: members(ok) },
  // Vouching. A code is the caller's own; no identity is verified in person, so none may preview or
  // redeem a code (the voucher's right is checked before the code is looked up), and none gave the victim a vouch.
  createVouchCode: { input: () => ({}), expect: members(ok) },
  previewVouchCode: { input: () => ({ code: 'ZZZZZZ' }), expect: members(notAVoucher) },
  vouchFor: { input: () => ({ code: 'ZZZZZZ' }), expect: members(notAVoucher) },
  listMyVouches: { input: () => ({}), expect: members(ok) },
  withdrawVouch: { input: (f) => ({ userId: f.victim.uid }), expect: members(refused('NOT_FOUND', VOUCH_MESSAGES.vouchNotFound)) },
  verifyMember: { input: () => ({ userId: NO_SUCH_MEMBER, reason: 'matrix' }), expect: adminRow(refused('NOT_FOUND', 'User not found')) },
  revokeVerification: { input: () => ({ userId: NO_SUCH_MEMBER, reason: 'matrix' }), expect: adminRow(refused('NOT_FOUND', 'User not found')) },
  listUnverifiedMembers: { input: () => ({}), expect: adminRow(ok) },
};
