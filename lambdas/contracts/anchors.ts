import * as z from 'zod';

/** Most accepted anchors a member may have (spec §9), on both sides of every pair. */
export const MAX_ANCHORS = 100;
/** Search results per query (spec §9). */
export const SEARCH_RESULT_LIMIT = 10;

/** The spec's messages (§5/§8), verbatim, plus the few cases it has no sentence for. */
export const ANCHOR_MESSAGES = {
  toYourself: 'Cannot send anchor request to yourself',
  maxReached: 'You have reached the maximum of 100 anchors',
  /** Not in the spec: the accepter is fine but the other member is at the cap. */
  otherMaxReached: 'This member has reached the maximum of 100 anchors',
  alreadyAnchored: 'You are already anchored with this person',
  alreadyPending: 'Anchor request already pending',
  blocked: 'Cannot send anchor request',
  requestNotFound: 'Anchor request not found',
  notPartOfRequest: 'You are not part of this anchor request',
  ownRequest: 'You cannot accept your own request',
  alreadyAccepted: 'Anchor request already accepted',
  connectionNotFound: 'Anchor connection not found',
  notPartOfConnection: 'You are not part of this anchor connection',
  userNotFound: 'User not found',
  searchQueryRequired: 'Please enter a name to search',
  /** Not in the spec: dev tools would pass the cap. */
  dummiesWouldPassCap: 'Creating 10 dummy anchors would pass the maximum of 100 anchors',
  dummiesNeedLocation: 'Please complete your profile (city and state) before creating dummy anchors',
} as const;

export const userIdSchema = z.string().trim().min(1, 'userId is required').max(128);
/** Two uids sorted and joined by '_' (spec §3). */
export const friendshipIdSchema = z.string().trim().min(3).max(260);

/**
 * Which pair an action is about: the other member's uid (the caller is the other side), or the
 * friendship id itself (then the caller must be one of its two members).
 */
export const anchorPairSchema = z.union([z.object({ userId: userIdSchema }).strict(), z.object({ friendshipId: friendshipIdSchema }).strict()]);

export const connectionTypeSchema = z.enum(['local', 'distant']);
export type ConnectionType = z.infer<typeof connectionTypeSchema>;

export const friendshipStatusSchema = z.enum(['pending', 'accepted', 'blocked']);
export type FriendshipStatus = z.infer<typeof friendshipStatusSchema>;

/** How the viewer relates to a member. */
export const relationshipSchema = z.enum(['self', 'anchored', 'pending-sent', 'pending-received', 'none']);
export type Relationship = z.infer<typeof relationshipSchema>;

const locationSchema = z.object({ city: z.string(), state: z.string(), country: z.string() });

/** What any signed-in member may see of anyone (search, requests): name, picture and the "Verified in person" badge. */
export const memberSummarySchema = z.object({
  uid: z.string(),
  displayName: z.string(),
  /** The picture's URL (its own version, unsigned), '' when the member has no picture. */
  profilePicture: z.string(),
  /** The member is verified in person now (their record's verificationLevel is 'verified'). */
  verifiedInPerson: z.boolean(),
});

const friendshipFields = {
  friendshipId: z.string(),
  users: z.tuple([z.string(), z.string()]),
  requestedBy: z.string(),
  requestedAt: z.string(),
  acceptedAt: z.string().nullable(),
  invitationChain: z.boolean(),
  mutualFriends: z.number().int(),
};

/**
 * A request not yet accepted. It has no connectionType: whether the two live in the same city is
 * decided when the request is accepted, so a pending request never tells the sender.
 */
export const pendingFriendshipSchema = z.object({ ...friendshipFields, status: z.literal('pending') });
export type PendingFriendship = z.infer<typeof pendingFriendshipSchema>;

/** An accepted pair: its connectionType is decided at acceptance from both members' locations. */
export const acceptedFriendshipSchema = z.object({ ...friendshipFields, status: z.literal('accepted'), connectionType: connectionTypeSchema });
export type AcceptedFriendship = z.infer<typeof acceptedFriendshipSchema>;

/**
 * A blocked pair (blockMember): whoever was anchored or pending before, it now only records who
 * blocks whom. Both may block; the pair stays blocked until neither does (then it is deleted).
 */
export const blockedFriendshipSchema = z.object({
  ...friendshipFields,
  status: z.literal('blocked'),
  /**
   * The uids of the pair who block the other (one or both). Empty only on a pair blocked before
   * blockMember existed (the spec's bare 'blocked' status): either member's block, then unblock, clears it.
   */
  blockedBy: z.array(z.string()).default([]),
});
export type BlockedFriendship = z.infer<typeof blockedFriendshipSchema>;

/** The spec's Friendship (§3), as stored on the pair; connectionType only once accepted. */
export const friendshipSchema = z.discriminatedUnion('status', [pendingFriendshipSchema, acceptedFriendshipSchema, blockedFriendshipSchema]);
export type Friendship = z.infer<typeof friendshipSchema>;

export const anchorSchema = memberSummarySchema.extend({
  friendshipId: z.string(),
  /** Absent when the anchor's profile visibility hides their profile from their anchors (Only Me). */
  location: locationSchema.optional(),
  connectionType: connectionTypeSchema,
  invitationChain: z.boolean(),
  mutualFriends: z.number().int(),
  acceptedAt: z.string(),
});
export type Anchor = z.infer<typeof anchorSchema>;

/** A pending request in either list: who and when (no connectionType until it is accepted). */
export const anchorRequestSchema = memberSummarySchema.extend({
  friendshipId: z.string(),
  requestedAt: z.string(),
});

export const searchResultSchema = memberSummarySchema.extend({
  /** 'Already anchored', 'Request pending' (either direction) or Add Anchor. */
  relationship: z.enum(['anchored', 'pending', 'none']),
  pendingDirection: z.enum(['sent', 'received']).nullable(),
});

/** A profile the viewer may not see ('This profile is private'): who it is, nothing more. */
export const privateProfileSchema = memberSummarySchema.extend({
  private: z.literal(true),
  relationship: relationshipSchema,
});

/** A profile the viewer may see; optional parts are absent when hidden from this viewer. */
export const visibleProfileSchema = memberSummarySchema.extend({
  private: z.literal(false),
  relationship: relationshipSchema,
  bio: z.string(),
  location: locationSchema,
  /** Invites the member can still give (held ones count as given). */
  invitesRemaining: z.number().int(),
  /** A superuser: the profile says 'Unlimited invites' instead of a count. */
  unlimitedInvites: z.boolean(),
  birthday: z.string().optional(),
  /** Only to the owner and (contactVisibility 'friends') accepted anchors, and only if any exists. */
  contactInfo: z.object({ phoneNumber: z.string().optional(), personalEmail: z.string().optional() }).optional(),
  photos: z.array(z.object({ url: z.string(), caption: z.string(), uploadedAt: z.string() })).optional(),
});

export const userProfileSchema = z.discriminatedUnion('private', [privateProfileSchema, visibleProfileSchema]);
export type UserProfile = z.infer<typeof userProfileSchema>;

/** The anchor callables; the registry in callables.ts gathers them. */
export const anchorsCallables = {
  sendAnchorRequest: {
    budget: 'anchorRequests',
    refusedWhileSuspended: true,
    access: 'member',
    input: z.object({ userId: userIdSchema }).strict(),
    output: pendingFriendshipSchema,
    description:
      "Sends an anchor request to userId: the pending Friendship, without connectionType (local or distant is decided at acceptance, so a pending request never tells whether the two share a city). Refused to yourself, when anchored, when the other member's request is pending ('Anchor request already pending'), when blocked, or at the sender's 100 anchors (a condition of the write). A repeat of the caller's own pending request (a double click, a retry) answers that request again and writes nothing. Spends the 'anchorRequests' budget (60 an hour, with withdrawing and declining); a request sent again after a withdrawal tells its target only once a week.",
  },
  acceptAnchorRequest: {
    refusedWhileSuspended: true,
    access: 'member',
    input: anchorPairSchema,
    output: acceptedFriendshipSchema,
    description:
      "Accepts a pending request (only its recipient), deciding its connectionType from both members' locations now: both edges, the pair and both counters in one transaction with the cap of 100 on both members and the pending status as conditions. Then each feed catches up with the other's last 50 posts. The recipient's repeat of an accept that stands answers the accepted pair again and writes nothing; 409 'Anchor request already accepted' answers the sender. A caller the friendship id does not name is answered 403 'You are not part of this anchor request' whatever the pair is (no graph oracle).",
  },
  removeAnchorRequest: {
    budget: 'anchorRequests',
    access: 'member',
    input: anchorPairSchema,
    output: z.object({ friendshipId: z.string(), removed: z.literal(true) }),
    description:
      "Rejects (recipient) or cancels (sender) a pending request: deletes it. A caller the friendship id does not name is answered 403 'You are not part of this anchor request' whatever the pair is (no graph oracle). Spends the 'anchorRequests' budget (60 an hour, with sending).",
  },
  removeAnchor: {
    budget: 'anchorRemovals',
    access: 'member',
    input: anchorPairSchema,
    output: z.object({ friendshipId: z.string(), removed: z.literal(true), anchorCount: z.number().int() }),
    description:
      "Deletes an accepted connection (the pair, both edges and both counters in one transaction); each member's posts leave the other's feed. A caller the friendship id does not name is answered 403 'You are not part of this anchor connection' whatever the pair is (no graph oracle). Spends the 'anchorRemovals' budget (30 an hour).",
  },
  listAnchors: {
    access: 'member',
    readOnly: true,
    input: z.object({}).strict(),
    output: z.object({ anchors: z.array(anchorSchema), count: z.number().int(), max: z.number().int() }),
    description:
      "The caller's accepted anchors, most recently accepted first; an anchor's location only where their profile visibility lets anchors see their profile.",
  },
  listAnchorRequests: {
    access: 'member',
    readOnly: true,
    input: z.object({}).strict(),
    output: z.object({ received: z.array(anchorRequestSchema), sent: z.array(anchorRequestSchema) }),
    description: "The caller's pending requests, received and sent, newest first (no connectionType: it is decided at acceptance).",
  },
  searchUsers: {
    access: 'member',
    readOnly: true,
    input: z.object({ query: z.string().trim().min(1, ANCHOR_MESSAGES.searchQueryRequired).max(100) }).strict(),
    output: z.object({ users: z.array(searchResultSchema).max(SEARCH_RESULT_LIMIT) }),
    description:
      'Members whose display name starts with the query (case-insensitive), at most 10, never the caller, each with its relationship to the caller: anchored, pending (either direction) or none.',
  },
} as const;
