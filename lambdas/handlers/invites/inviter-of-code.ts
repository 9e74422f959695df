import { INVITE_MESSAGES } from '#contracts/joining';
import type { User } from '#contracts/user';
import { AppError } from '#domain/app-error';
import { isWellFormedInviteCode, normalizeInviteCode } from '#domain/invite-code';
import { isUnknownPlace, relatePlaces, type Place, type PlaceRelation } from '#domain/invite-rules';
import { findInviteCodeOwner } from '#data/invite-codes';
import { findCityCentre } from '#data/places/us-places';
import { getUser } from '#data/users';

/** The member behind an invite code; an unknown or malformed code is 'Invalid invite code'. */
export async function inviterOfCode(rawCode: string): Promise<User> {
  const code = normalizeInviteCode(rawCode);
  if (!isWellFormedInviteCode(code)) throw new AppError('not-found', INVITE_MESSAGES.invalidCode);
  const ownerUid = await findInviteCodeOwner(code);
  const owner = ownerUid ? await getUser(ownerUid) : null;
  if (!owner) throw new AppError('not-found', INVITE_MESSAGES.invalidCode);
  return owner;
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
