import fc from 'fast-check';
import { callables, type CallableInput, type CallableName } from '../../lambdas/contracts/callables.ts';

/**
 * Hostile input for every callable: a valid sample per callable (the registry drives the
 * list, so a callable added without its sample fails the suite), the fields a member must never set,
 * and fast-check arbitraries for whole request bodies: wrong types, missing and extra fields, huge,
 * unicode and control-character strings, prototype-pollution keys, deep nesting, broken JSON.
 */

const ULID = '01JD0000000000000000000000';
const UUID = '0f0e0d0c-0b0a-4909-8807-060504030201';
const someUid = 'a1b2c3d4-0000-4000-8000-00000000f022';

/**
 * One schema-valid `data` per callable, typed by the registry (a sample that does not fit its
 * callable's input fails to compile); the test also parses each with its contract.
 */
export const VALID_SAMPLES: { [N in CallableName]: CallableInput<N> } = {
  getMe: {},
  validateInviteCode: { inviteCode: 'ABCD2345', userLocation: { city: 'Austin', state: 'Texas' } },
  useInviteCode: { inviteCode: 'ABCD2345', userLocation: { city: 'Austin', state: 'Texas' } },
  suggestCities: { query: 'Aus', state: 'Texas' },
  createUserRecord: {},
  completeProfile: {
    displayName: 'Fuzz Member',
    bio: 'Here to test.',
    birthday: '1990-01-02',
    location: { city: 'Austin', state: 'Texas' },
    contactInfo: { phoneNumber: '512-555-0100', personalEmail: 'fuzz@example.com' },
  },
  createProfilePictureUpload: { contentType: 'image/jpeg', purpose: 'setup' },
  confirmProfilePicture: { purpose: 'setup' },
  createPost: { content: 'Hello', privacy: 'anchors' },
  getFeed: { cursor: ULID },
  listMemberPosts: { userId: someUid, cursor: ULID },
  getPost: { postId: ULID },
  togglePostLike: { postId: ULID, liked: true },
  getPostLikers: { postId: ULID },
  addComment: { postId: ULID, content: 'Nice' },
  listComments: { postId: ULID, cursor: ULID },
  editPost: { postId: ULID, content: 'Better words' },
  deletePost: { postId: ULID },
  editComment: { commentId: ULID, postId: ULID, content: 'Better words' },
  deleteComment: { commentId: ULID, postId: ULID },
  sendAnchorRequest: { userId: someUid },
  acceptAnchorRequest: { userId: someUid },
  removeAnchorRequest: { friendshipId: `${someUid}_${someUid}` },
  removeAnchor: { userId: someUid },
  listAnchors: {},
  listAnchorRequests: {},
  searchUsers: { query: 'Fu' },
  getUserProfile: { userId: someUid },
  createDummyAnchors: {},
  getMyInvites: {},
  replaceInviteCode: { currentCode: 'ABCD2345' },
  grantSuperuserStatus: { userId: someUid, reason: 'Helps out' },
  revokeSuperuserStatus: { userId: someUid, reason: 'Stepped back' },
  blockMember: { userId: someUid },
  unblockMember: { userId: someUid },
  listBlocked: {},
  muteMember: { userId: someUid },
  unmuteMember: { userId: someUid },
  listMuted: {},
  reportContent: { target: { type: 'comment', id: ULID, postId: ULID }, reason: 'harassment', note: 'Said something cruel' },
  listReports: { cursor: ULID },
  resolveReport: { reportId: ULID, action: 'suspend', reason: 'Repeated harassment', noteToMember: 'Please be kind.', until: '2030-01-01' },
  listMyReports: {},
  listModerationLog: { cursor: ULID },
  getMyStanding: {},
  listNotifications: { cursor: ULID },
  markNotificationsRead: { ids: [ULID] },
  getNotificationSettings: {},
  updateNotificationSettings: { settings: { like: false, moderation: true } },
  grantAdmin: { userId: someUid, reason: 'Keeps the community kind' },
  revokeAdmin: { userId: someUid, reason: 'Stepped back' },
  getAdminOverview: {},
  searchMembers: { query: 'Fu' },
  listAuditLog: {},
  createVouchCode: {},
  previewVouchCode: { nonce: 'AAAAAAAAAAAAAAAAAAAAAA' },
  vouchFor: { code: 'ABCDEF' },
  listMyVouches: {},
  withdrawVouch: { userId: someUid },
  verifyMember: { userId: someUid, reason: 'Met them at the founding meeting' },
  revokeVerification: { userId: someUid, reason: 'Verified by mistake' },
  listUnverifiedMembers: { cursor: `2026-01-02T03:04:05.678Z#${someUid}` },
  setAdminClaim: { userId: someUid },
  calculateMetricsManually: {},
  getCommunityMetrics: { range: 'week' },
  getUserInviteTree: { userId: someUid },
  removeUserAndInviteTree: { userId: someUid, reason: 'Spam' },
  deleteMyAccount: { confirmationText: 'DELETE MY ACCOUNT' },
  updateProfile: {
    displayName: 'Fuzz Member',
    birthday: '',
    graduationYear: null,
    major: '',
    bio: '',
    location: { city: 'Austin', state: 'Texas' },
    contactInfo: { phoneNumber: '', personalEmail: '' },
  },
  updatePrivacy: {
    profileVisibility: 'public',
    birthdayVisibility: 'friends',
    photosVisibility: 'private',
    contactVisibility: 'friends',
    phoneVisibility: 'private',
    emailVisibility: 'friends',
  },
  createPhotoUpload: { contentType: 'image/png' },
  confirmPhotoUpload: { uploadId: UUID },
  deletePhoto: { photoId: 'photo-1' },
  signOutEverywhere: {},
  syncAccountEmail: {},
  requestDataExport: {},
  getDataExport: {},
};

/** Fields of the user, post and anchor records that only the server sets. */
export const FORBIDDEN_FIELDS = [
  'isAdmin',
  'isSuperuser',
  'invitesRemaining',
  'invitedBy',
  'inviteSystem',
  'localInvitesUsed',
  'distantInvitesUsed',
  'pendingInviteCode',
  'likeCount',
  'commentCount',
  'countsVersion',
  'authorId',
  'anchorCount',
  'uid',
  'email',
  'photos',
  'photoSeq',
  'profileCompleted',
  'profilePicture',
  'createdAt',
  'lastActive',
  'status',
  'requestedBy',
  'pk',
  'sk',
] as const;

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__', 'valueOf'];

/** An own, enumerable property even for `__proto__` (an object literal would set the prototype). */
export function withField(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const controlString = fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 40 });
const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\u202Egnp.exe',
  '\uFEFF',
  'Zalgo: Z̵̢͎̈́a̷̛͔l̶̞̈́g̸̱͝o̶͉̍',
  '👩‍👩‍👧‍👦'.repeat(50),
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  'USER#admin',
  '../../etc/passwd',
  '%00',
  'null',
  'undefined',
  'NaN',
);
/** Long strings; in-process bodies stay under the 256 KB the API accepts, so parsing is reached. */
const hugeString = fc
  .tuple(fc.constantFrom(1_000, 10_000, 100_000, 200_000), fc.constantFrom('a', 'é', '😀', '\u0001'))
  .map(([size, unit]) => unit.repeat(Math.floor(size / unit.length)));

export const hostileString = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 80 }), controlString, oddStrings, {
  arbitrary: hugeString,
  weight: 1,
});

/** Any JSON value, biased to the shapes that break parsers and validators. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.constantFrom(0, -1, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.5, 1900, 9999),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
  fc.constantFrom(10, 100, 2_000).map(nested),
  fc.constantFrom(...POLLUTION_KEYS).map((key) => withField({}, key, { isAdmin: true })),
);

/** One request body for a callable and what the test knows about it. */
export interface FuzzCase {
  kind: string;
  body: string;
}

const json = (data: unknown) => JSON.stringify({ data });

function keysOf(sample: Record<string, unknown>): string[] {
  return Object.keys(sample);
}

/** Bodies that are not `{"data": <object>}` at all. */
const brokenBodies = fc.oneof(
  fc.string({ maxLength: 60 }).map((text) => ({ kind: 'raw text', body: `x${text}` })),
  fc
    .constantFrom('{"data":', '{"data":{"a":1}', '[]', '[{"data":{}}]', '"data"', '42', 'true', '{"data":{"a":1}}}', '\u0000{}')
    .map((body) => ({ kind: 'broken json', body })),
  hostileValue
    .filter((value) => value !== null && (typeof value !== 'object' || Array.isArray(value)))
    .map((value) => ({ kind: 'data not an object', body: json(value) })),
  fc.constantFrom(2_000, 50_000).map((depth) => ({ kind: 'deep nesting', body: `{"data":${'['.repeat(depth)}${']'.repeat(depth)}}` })),
);

/**
 * Mutations of the valid sample that no contract accepts (every input is `.strict()`): an extra
 * field — a forbidden one, a prototype-pollution key or any string — or a field of the wrong kind,
 * or a required field left out. The property still checks each against the contract, since a
 * mutation may happen to be valid (e.g. a unicode string where any string is accepted).
 */
export function invalidCases(name: CallableName): fc.Arbitrary<FuzzCase> {
  // Mutated as a plain object: what comes out is meant not to fit the contract.
  const sample: Record<string, unknown> = VALID_SAMPLES[name];
  const keys = keysOf(sample);
  const extraKey = fc.oneof(fc.constantFrom(...FORBIDDEN_FIELDS, ...POLLUTION_KEYS), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }));
  const extra = fc
    .tuple(extraKey, hostileValue)
    .map(([key, value]) => ({ kind: `extra field ${key.slice(0, 20)}`, body: json(withField(sample, key, value)) }));
  const options: fc.Arbitrary<FuzzCase>[] = [brokenBodies, extra];
  if (keys.length) {
    const key = fc.constantFrom(...keys);
    options.push(
      fc.tuple(key, hostileValue).map(([field, value]) => ({ kind: `wrong ${field}`, body: json({ ...sample, [field]: value }) })),
      key.map((field) => {
        const { [field]: _dropped, ...rest } = sample;
        return { kind: `missing ${field}`, body: json(rest) };
      }),
    );
  }
  return fc.oneof(...options);
}

/** Valid-looking inputs: one field replaced by a hostile string or value (often schema-valid). */
export function mixedCases(name: CallableName): fc.Arbitrary<FuzzCase> {
  const sample = VALID_SAMPLES[name];
  const keys = keysOf(sample);
  if (!keys.length) return invalidCases(name);
  const perturbed = fc
    .tuple(fc.constantFrom(...keys), fc.oneof(hostileString, hostileValue))
    .map(([field, value]) => ({ kind: `hostile ${field}`, body: json({ ...sample, [field]: value }) }));
  return fc.oneof(perturbed, invalidCases(name));
}

/** Whether the handler's parse step could accept this body (the same reading as define-callable). */
export function acceptsBody(name: CallableName, body: string): boolean {
  if (Buffer.byteLength(body, 'utf8') > 256 * 1024) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
  // The protocol's envelope: exactly one field, `data` (null read as {}).
  if (Object.keys(parsed).join() !== 'data') return false;
  const { data } = parsed as { data: unknown };
  return callables[name].input.safeParse(data ?? {}).success;
}
