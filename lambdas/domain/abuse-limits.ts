import { callableNames, contractOf, type ActionBudget, type CallableName } from '#contracts/callables';

/** A fixed-window budget: at most `maxHits` in each window of `windowSeconds`. */
export interface RateLimit {
  /** Names the limit in the counter's key, e.g. 'requests' or 'validateInviteCode'. */
  name: string;
  maxHits: number;
  windowSeconds: number;
}

/**
 * Budgets of the order of Mastodon's defaults (300 requests / 5 min per account, 30 media
 * uploads / 30 min): ample for a person, a wall against scripts. The handlers enforce them
 * (lambdas/http/rate-limit.ts); API Gateway's stage throttling is the outer wall.
 */
export const ABUSE_LIMITS = {
  /** Every callable, per member (or per client address when there is no token). */
  requests: { name: 'requests', maxHits: 300, windowSeconds: 5 * 60 },
  posts: { name: 'posts', maxHits: 30, windowSeconds: 30 * 60 },
  /** Comments are shorter and come in conversations, so twice the posts' budget. */
  comments: { name: 'comments', maxHits: 60, windowSeconds: 30 * 60 },
  /** Profile pictures and photos share one budget: each is a presigned upload. */
  uploads: { name: 'uploads', maxHits: 30, windowSeconds: 30 * 60 },
  /**
   * Edits of posts and comments together: a post's edit pushes to the author's and their anchors'
   * open pages, which read it again, so it is not free; 60 in 30 minutes is far beyond anyone
   * fixing their words. Deletes spend no action budget: a post or comment is deleted once.
   */
  edits: { name: 'edits', maxHits: 60, windowSeconds: 30 * 60 },
  /**
   * Reports: a member who meets a spammer reports a few posts and the member in a minute; 30 an
   * hour is far beyond that and keeps one member from burying the admins' queue.
   */
  reports: { name: 'reports', maxHits: 30, windowSeconds: 60 * 60 },
  /**
   * Blocks and unblocks together: each block moves the blocker's pictures to new keys and points
   * their posts and comments at them (from the stream), so a loop of block/unblock is costly; a
   * member shutting out a handful of people in an evening is far within 30 an hour.
   */
  blocks: { name: 'blocks', maxHits: 30, windowSeconds: 60 * 60 },
  /**
   * Renames (a displayName that changes, spent by the handler): the stream rewrites every post,
   * comment and like of the member with the new name. A person fixes a typo or two; 10 a day.
   */
  renames: { name: 'renames', maxHits: 10, windowSeconds: 24 * 60 * 60 },
  /**
   * Privacy saves: one that shrinks the photos' audience copies every photo (up to 10 of 10 MB) to
   * new keys. Someone trying the settings out saves a handful of times; 20 an hour.
   */
  privacy: { name: 'privacy', maxHits: 20, windowSeconds: 60 * 60 },
  /**
   * Anchor removals: each may move both members' anchors-only photos to new keys (from the stream).
   * Pruning a list of anchors in an evening is far within 30 an hour.
   */
  anchorRemovals: { name: 'anchorRemovals', maxHits: 30, windowSeconds: 60 * 60 },
  /**
   * Anchor requests sent, withdrawn or declined together: each request tells its target. A newcomer
   * asking everyone they know in an evening is far within 60 an hour.
   */
  anchorRequests: { name: 'anchorRequests', maxHits: 60, windowSeconds: 60 * 60 },
  /**
   * Likes and unlikes together: each pushes the post's counts to the author's and their anchors'
   * open pages. Liking one's way through a long feed is far within 120 in 30 minutes.
   */
  likes: { name: 'likes', maxHits: 120, windowSeconds: 30 * 60 },
  /**
   * Vouch codes minted (createVouchCode): the "Get verified" page shows a new code each minute for
   * ten minutes and then asks before going on, so a member meeting people all afternoon, with two
   * pages open, stays far within 60 an hour; a script cannot mint thousands.
   */
  vouchCodes: { name: 'vouchCodes', maxHits: 60, windowSeconds: 60 * 60 },
  /**
   * Vouch code checks (previewVouchCode and vouchFor together): a voucher scans, reads the name and
   * confirms, a few times at a meetup; 60 an hour keeps guessing six-character codes hopeless.
   */
  vouchChecks: { name: 'vouchChecks', maxHits: 60, windowSeconds: 60 * 60 },
} as const satisfies Record<'requests' | ActionBudget | HandlerBudget, RateLimit>;

/** Budgets a handler spends itself, for part of what a call may do (a rename, not every profile save). */
export type HandlerBudget = 'renames';

export const ABUSE_MESSAGES = {
  requests: 'Too many requests. Please wait a few minutes and try again.',
  posts: 'You have posted a lot in a short time. Please wait a while before posting again.',
  comments: 'You have commented a lot in a short time. Please wait a while before commenting again.',
  uploads: 'Too many uploads in a short time. Please wait a while before uploading again.',
  edits: 'You have edited a lot in a short time. Please wait a while before editing again.',
  reports: 'You have sent a lot of reports in a short time. Please wait a while before reporting again.',
  blocks: 'You have blocked and unblocked a lot in a short time. Please wait a while before trying again.',
  renames: 'You have changed your name a lot today. Please wait a while before changing it again.',
  privacy: 'You have changed your privacy settings a lot in a short time. Please wait a while before changing them again.',
  anchorRemovals: 'You have removed a lot of anchors in a short time. Please wait a while before removing more.',
  anchorRequests: 'You have sent, withdrawn or declined a lot of anchor requests in a short time. Please wait a while before trying again.',
  likes: 'You have liked and unliked a lot in a short time. Please wait a while before trying again.',
  vouchCodes: 'You have made a lot of vouch codes in a short time. Please wait a while before showing a new one.',
  vouchChecks: 'You have checked a lot of vouch codes in a short time. Please wait a while before trying again.',
} as const satisfies Record<keyof typeof ABUSE_LIMITS, string>;

export type AbuseLimitName = keyof typeof ABUSE_LIMITS;

/** The action budgets callables spend besides the request budget: each contract's `budget`. */
export const CALLABLE_ACTION_LIMITS: Partial<Record<CallableName, ActionBudget>> = Object.fromEntries(
  callableNames.flatMap((name) => {
    const { budget } = contractOf(name);
    return budget ? [[name, budget]] : [];
  }),
);

export interface RateWindow {
  start: number;
  end: number;
}

/** The fixed window (epoch seconds) holding `now`: windows start at multiples of their length. */
export function rateWindowOf(limit: RateLimit, now: Date): RateWindow {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const start = nowSeconds - (nowSeconds % limit.windowSeconds);
  return { start, end: start + limit.windowSeconds };
}
