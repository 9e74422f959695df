import { ADMIN_MESSAGES } from '#contracts/admin';
import { callableNames, callables, contractOf, type CallableName } from '#contracts/callables';
import { AppError } from '#domain/app-error';
import { suspensionRefusal } from '#domain/sanctions';
import { isEndedBySessionEpoch } from '#domain/session-epoch';
import { ACCOUNT_MESSAGES } from '#contracts/account';
import { callerStanding, type Presence } from '#data/members';
import { requireAdminMfa } from './admin-mfa.ts';
import { ADMIN_GROUP, type Caller } from './caller.ts';

/** What createUserRecord answers a token whose Cognito account is gone: sign in again (and find it gone). */
export const ACCOUNT_GONE_MESSAGE = 'Your account no longer exists. Please sign in again.';
/**
 * What every other member callable answers a caller without a record, as the handlers always have,
 * and a caller whose removal has begun (see callerPresence).
 */
export const NO_RECORD_MESSAGE = 'User not found';

/** The callables that must work without the caller's record (contract `presence: 'before-record'`). */
export const BEFORE_RECORD_CALLABLES: ReadonlySet<CallableName> = new Set(callableNames.filter((name) => contractOf(name).presence === 'before-record'));

/**
 * What an account that signed up and has not joined yet may call (contract `presence`): the joining
 * path (its record, checking and using its invite, its picture, completing its profile) and
 * leaving. Everything else waits until its invite is used, so an account nobody vouched for cannot
 * post, anchor, search, read profiles or the feed, or upload photos.
 */
export const JOINING_CALLABLES: ReadonlySet<CallableName> = new Set(
  callableNames.filter((name) => contractOf(name).presence === 'before-record' || contractOf(name).presence === 'joining'),
);

/** The callables whose handler checks presence from the caller's record in its own read (contract `presence: 'own-read'`). */
export const OWN_READ_CALLABLES: ReadonlySet<CallableName> = new Set(callableNames.filter((name) => contractOf(name).presence === 'own-read'));

export const NOT_JOINED_MESSAGE = 'Please complete your profile to join the community first: your invite is used when you save it.';

/**
 * A Cognito access token stays valid for up to an hour after its member was removed (removal
 * deletes the account, not the token). Every callable that needs a member therefore checks that
 * the caller's record still exists (one GetItem) before doing anything on their behalf, so a
 * removed member can neither write (a post by a ghost author, a picture upload, an anchor
 * request) nor read other members' data. The answer is the 404 'User not found' the handlers gave
 * a record-less caller before (and getMe gives), so the SPA treats both alike.
 *
 * A member whose removal has begun (their record carries the mark a frozen removal job sets) is
 * answered the same way, by the same read: their record is deleted last, and until then whatever
 * they created after their posts, likes and anchors were removed would outlive them.
 *
 * A token issued before the member signed out everywhere is refused (401) by the same read, for
 * every callable that accepts a member's token: the before-record ones read it for that alone, the
 * own-read ones check it from their own read (checkSessionEpoch).
 */
export async function requireMemberRecord(name: CallableName, caller: Caller | null, now = new Date()): Promise<void> {
  if (!caller || callables[name].access === 'public' || OWN_READ_CALLABLES.has(name)) return;
  const { presence, isAdmin, suspendedUntil, sessionEpoch } = await callerStanding(caller.uid);
  // Every member callable honours a sign out everywhere, the ones that work without a record too
  // (createUserRecord would answer the whole record, deleteMyAccount would remove the account):
  // no record means no epoch, so a removed member's token still reaches them.
  checkSessionEpoch(caller, sessionEpoch);
  if (BEFORE_RECORD_CALLABLES.has(name)) return;
  checkPresence(name, caller, presence);
  // A suspended member reads but does not write to the community (contract refusedWhileSuspended).
  const suspended = suspensionRefusal(contractOf(name).refusedWhileSuspended === true, suspendedUntil, now);
  if (suspended) throw new AppError('permission-denied', suspended);
  // The token's admin group is checked first (define-callable.ts); the record must still say admin,
  // so a revocation (revokeAdmin) takes effect at once, whatever tokens the member still holds.
  if (callables[name].access === 'admin' && !isAdmin) throw new AppError('permission-denied', ADMIN_MESSAGES.accessDenied);
  // On prod an admin must have an authenticator app too.
  if (callables[name].access === 'admin') await requireAdminMfa(caller);
}

/**
 * 401 for a token issued before the member signed out everywhere (their record's session epoch),
 * from the record the presence check (or an own-read handler) already read: no extra request.
 */
export function checkSessionEpoch(caller: Caller, sessionEpoch: number | null): void {
  if (isEndedBySessionEpoch(caller.issuedAt, sessionEpoch)) throw new AppError('unauthenticated', ACCOUNT_MESSAGES.sessionEnded);
}

/**
 * The refusals of the presence check, for a presence already read: by requireMemberRecord, or by
 * an own-read callable's handler from the record it read (it must call this before answering).
 */
export function checkPresence(name: CallableName, caller: Caller, presence: Presence): void {
  if (presence === 'gone' || presence === 'leaving') throw new AppError('not-found', NO_RECORD_MESSAGE);
  // The Cognito admin group counts as joined too (an admin made by an operator, before their record says so).
  if (presence === 'unjoined' && !JOINING_CALLABLES.has(name) && !caller.groups.includes(ADMIN_GROUP)) {
    throw new AppError('permission-denied', NOT_JOINED_MESSAGE);
  }
}
