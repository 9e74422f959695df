import { MODERATION_MESSAGES } from '#contracts/moderation';
import type { Refusal } from './friendship.ts';

/**
 * What a member's record says about whom they keep out of sight: the members they
 * blocked, the members who blocked them, the members they muted. A block hides both ways; a mute
 * only quiets the muted member's posts and comments for the muter.
 */
export interface ModerationLists {
  blocked: ReadonlySet<string>;
  blockedBy: ReadonlySet<string>;
  muted: ReadonlySet<string>;
}

export const NO_MODERATION_LISTS: ModerationLists = { blocked: new Set(), blockedBy: new Set(), muted: new Set() };

/** A block, either way: the viewer sees nothing of this member (profile, posts, comments, likes, search). */
export function isHiddenFrom(lists: ModerationLists, uid: string): boolean {
  return lists.blocked.has(uid) || lists.blockedBy.has(uid);
}

/** Hidden, or muted by the viewer: their posts leave the viewer's feed and their comments the threads. */
export function isSilencedFor(lists: ModerationLists, uid: string): boolean {
  return isHiddenFrom(lists, uid) || lists.muted.has(uid);
}

/** Why `caller` may not block `target`, before any read (the target's existence is the handler's). */
export function refuseBlock(caller: string, target: string): Refusal | null {
  return caller === target ? { status: 'invalid-argument', message: MODERATION_MESSAGES.blockYourself } : null;
}

export function refuseMute(caller: string, target: string): Refusal | null {
  return caller === target ? { status: 'invalid-argument', message: MODERATION_MESSAGES.muteYourself } : null;
}

/** The caps, as the writes' conditions enforce them; the refusals a failed condition answers. */
export const BLOCK_CAP_REFUSAL: Refusal = { status: 'aborted', message: MODERATION_MESSAGES.tooManyBlocked };
export const MUTE_CAP_REFUSAL: Refusal = { status: 'aborted', message: MODERATION_MESSAGES.tooManyMuted };
