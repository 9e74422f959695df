import { INVITE_MESSAGES, type InviteType } from '#contracts/joining';
import { normalizePlace, normalizeState, UNKNOWN_LOCATION } from '#contracts/location';
import { DISTANT_INVITES_PER_MEMBER, hasJoined, invitesLeft, LOCAL_INVITES_PER_MEMBER, type User } from '#contracts/user';
import { AppError } from './app-error.ts';
import { codeAdmitsNewcomers } from './sanctions.ts';
import { cityKey, distanceMiles, DISTANT_RADIUS_MILES, type LatLon } from './places.ts';

export interface Place {
  city: string;
  state: string;
}

/**
 * How a newcomer's place relates to the inviter's. unlocatable: the newcomer's city is not in the
 * places table; inviter-unlocatable: the inviter's is not (then only their own city matches).
 */
export type PlaceRelation = 'local' | 'distant' | 'too-far' | 'unlocatable' | 'inviter-unlocatable';

export interface PlaceComparison {
  inviter: Place;
  invitee: Place;
  /** City centres from the places table; null when the place is not in it. */
  inviterCentre: LatLon | null;
  inviteeCentre: LatLon | null;
}

export function isUnknownPlace(place: Place): boolean {
  return place.city.trim() === UNKNOWN_LOCATION && place.state.trim() === UNKNOWN_LOCATION;
}

/**
 * Same city (by cityKey) in the same state (full name, 2-letter code or prefix), both normalized
 * first: a city stored as "Portland, Oregon" is Portland in Oregon (normalizePlace).
 */
export function isSamePlace(a: Place, b: Place): boolean {
  const placeA = normalizePlace(a.city, a.state);
  const placeB = normalizePlace(b.city, b.state);
  const stateA = normalizeState(placeA.state);
  return stateA !== null && stateA === normalizeState(placeB.state) && cityKey(placeA.city) !== '' && cityKey(placeA.city) === cityKey(placeB.city);
}

/**
 * Local = same city and state; distant = another place within 50 miles of the inviter's city
 * centre; too-far beyond that; (inviter-)unlocatable when a place is not in the table while the
 * cities differ (then the rule cannot be satisfied, spec: 'does not match').
 */
export function relatePlaces({ inviter, invitee, inviterCentre, inviteeCentre }: PlaceComparison): PlaceRelation {
  if (isSamePlace(inviter, invitee)) return 'local';
  if (!inviteeCentre) return 'unlocatable';
  if (!inviterCentre) return 'inviter-unlocatable';
  return distanceMiles(inviterCentre, inviteeCentre) <= DISTANT_RADIUS_MILES ? 'distant' : 'too-far';
}

type Inviter = Pick<User, 'isSuperuser' | 'isAdmin' | 'joinedAt' | 'inviteSystem' | 'invitesDisabled' | 'suspendedUntil'>;

/**
 * A code whose owner's invites are disabled, or who is suspended, admits nobody new: answered as an
 * unknown code ('Invalid invite code'), which says nothing of why. An invite already held for this
 * newcomer (`held`) stands until it lapses.
 */
function assertCodeAdmits(inviter: Inviter, held: boolean, now: Date): void {
  if (!held && !codeAdmitsNewcomers(inviter, now)) throw new AppError('not-found', INVITE_MESSAGES.invalidCode);
}

/**
 * A code can vouch for someone new while its owner has joined and has an invite left after those
 * held for others, or is a superuser. `held`: the invite was already held for this newcomer at
 * sign-up, so it is theirs whatever else is held (and the owner had joined when it was taken).
 */
export function assertCanInvite(inviter: Inviter, held = false, now = new Date()): void {
  assertCodeAdmits(inviter, held, now);
  if (held) {
    if (!inviter.isSuperuser && inviter.inviteSystem.invitesRemaining <= 0) throw new AppError('resource-exhausted', INVITE_MESSAGES.noInvitesLeft);
    return;
  }
  if (!hasJoined(inviter)) throw new AppError('permission-denied', INVITE_MESSAGES.notJoinedInviter);
  if (inviter.isSuperuser) return;
  if (invitesLeft(inviter.inviteSystem) <= 0) throw new AppError('resource-exhausted', INVITE_MESSAGES.noInvitesLeft);
}

/**
 * How many more local and distant newcomers a code admits (step 1 says it): each kind's uses left,
 * bounded by the invites left after those held for people on the way in (their kind is decided
 * when they join). null: a superuser's code, which has no limit and no distance rule.
 */
export function invitesLeftByKind(inviter: Pick<User, 'isSuperuser' | 'inviteSystem'>): { local: number; distant: number } | null {
  if (inviter.isSuperuser) return null;
  const left = Math.max(0, invitesLeft(inviter.inviteSystem));
  const { localInvitesUsed, distantInvitesUsed } = inviter.inviteSystem;
  return {
    local: Math.max(0, Math.min(LOCAL_INVITES_PER_MEMBER - localInvitesUsed, left)),
    distant: Math.max(0, Math.min(DISTANT_INVITES_PER_MEMBER - distantInvitesUsed, left)),
  };
}

/** Why a place does not match: the spec's sentence and the reason (never the sentence alone). */
const PLACE_REFUSALS: Record<'too-far' | 'unlocatable' | 'inviter-unlocatable', string> = {
  'too-far': INVITE_MESSAGES.tooFar,
  unlocatable: INVITE_MESSAGES.unknownCity,
  'inviter-unlocatable': INVITE_MESSAGES.inviterUnlocatable,
};

/** The message for a kind whose 5 uses are spent. */
export function quotaSpentMessage(kind: 'local' | 'distant'): string {
  return kind === 'local' ? INVITE_MESSAGES.localQuotaSpent : INVITE_MESSAGES.distantQuotaSpent;
}

/**
 * What a code counts as for this newcomer, or the refusal the spec names. Superusers' codes have
 * no quota and no distance rule. The counts checked here are a courtesy answer; the consumption
 * itself re-checks them as conditions of its transaction.
 */
export function decideInviteType(inviter: Inviter, relation: PlaceRelation | null, held = false, now = new Date()): InviteType {
  assertCodeAdmits(inviter, held, now);
  if (inviter.isSuperuser) return 'unrestricted';
  assertCanInvite(inviter, held, now);
  if (relation === null) throw new AppError('invalid-argument', INVITE_MESSAGES.locationNeeded);
  if (relation !== 'local' && relation !== 'distant') throw new AppError('invalid-argument', PLACE_REFUSALS[relation]);
  const used = relation === 'local' ? inviter.inviteSystem.localInvitesUsed : inviter.inviteSystem.distantInvitesUsed;
  const limit = relation === 'local' ? LOCAL_INVITES_PER_MEMBER : DISTANT_INVITES_PER_MEMBER;
  if (used >= limit) throw new AppError('resource-exhausted', quotaSpentMessage(relation));
  return relation;
}
