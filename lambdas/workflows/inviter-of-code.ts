import { INVITE_MESSAGES } from '#contracts/joining';
import type { User } from '#contracts/user';
import { AppError } from '#domain/app-error';
import { isWellFormedInviteCode, normalizeInviteCode } from '#domain/invite-code';
import { isUnknownPlace, relatePlaces, type Place, type PlaceRelation } from '#domain/invite-rules';
import { findInviteCode, type Reservation } from '#data/invites';
import { findCityCentre } from '#data/places';
import { getUser } from '#data/members';

/**
 * The member behind an invite code that still admits people. An unknown or malformed code is
 * 'Invalid invite code'; a code its owner replaced says so (the newcomer should ask for the new one).
 */
export async function inviterOfCode(rawCode: string): Promise<User> {
  const code = normalizeInviteCode(rawCode);
  if (!isWellFormedInviteCode(code)) throw new AppError('not-found', INVITE_MESSAGES.invalidCode);
  const found = await findInviteCode(code);
  const owner = found ? await getUser(found.ownerUid) : null;
  if (!found || !owner) throw new AppError('not-found', INVITE_MESSAGES.invalidCode);
  if (found.retired) throw new AppError('not-found', INVITE_MESSAGES.codeReplaced);
  return owner;
}

/**
 * The inviter who holds an invite for this account. A code given with it must be that inviter's
 * (their current one, or the replaced one the invite was held with), never another member's.
 */
export async function inviterHolding(reservation: Reservation, rawCode: string | null | undefined): Promise<User> {
  if (rawCode) {
    const found = await findInviteCode(normalizeInviteCode(rawCode));
    if (found?.ownerUid !== reservation.inviterUid) throw new AppError('invalid-argument', INVITE_MESSAGES.otherInviter);
  }
  const inviter = await getUser(reservation.inviterUid);
  // The inviter was removed meanwhile: the removal takes this account too.
  if (!inviter) throw new AppError('not-found', INVITE_MESSAGES.invalidCode);
  return inviter;
}

/** How the newcomer's place relates to the inviter's; null when the place is 'Unknown'. */
export function relationToInviter(inviter: User, place: Place): PlaceRelation | null {
  if (isUnknownPlace(place)) return null;
  const inviterPlace = { city: inviter.location.city, state: inviter.location.state };
  return relatePlaces({
    inviter: inviterPlace,
    invitee: place,
    inviterCentre: findCityCentre(inviterPlace.city, inviterPlace.state),
    inviteeCentre: findCityCentre(place.city, place.state),
  });
}
