import { INVITE_MESSAGES } from '#contracts/joining';
import { normalizePlace } from '#contracts/location';
import type { User } from '#contracts/user';
import { AppError } from '#domain/app-error';
import { decideInviteType } from '#domain/invite-rules';
import { consumeInvite, confirmReservation, findReservation, type Reservation } from '#data/invites';
import { countProductEvent } from '#data/table';
import { getUser } from '#data/members';
import { defineCallable } from '#http/define-callable';
import { inviterHolding, inviterOfCode, relationToInviter } from '#workflows/inviter-of-code';

/**
 * Concurrent redemptions of one code collide on the inviter's record (consumeInvite retries those
 * conflicts); one that finds the inviter's condition refused reads the inviter again and retries.
 */
const MAX_ATTEMPTS = 12;

function alreadyConsumed(invitee: User) {
  return {
    invitedBy: invitee.inviteSystem.invitedBy ?? '',
    inviteType: invitee.inviteSystem.inviteType ?? 'unrestricted',
    alreadyConsumed: true,
  };
}

async function requireUser(uid: string): Promise<User> {
  const user = await getUser(uid);
  if (!user) throw new AppError('not-found', 'User not found');
  return user;
}

/**
 * The caller's held invite, ready to be used. A caller with a token has verified their email, so
 * a hold still marked unverified (PostConfirmation failed or was lost) is confirmed first. A hold
 * the inviter's code replacement released can no longer turn into a member.
 */
async function usableReservation(username: string): Promise<Reservation | null> {
  const reservation = await findReservation(username);
  if (reservation?.releasedAt) throw new AppError('not-found', INVITE_MESSAGES.holdReleased);
  if (!reservation?.unverified) return reservation;
  await confirmReservation(username);
  return findReservation(username);
}

/**
 * Turns the invite held for the caller at sign-up into a used one (or, for an account admitted
 * without a reservation, uses a free invite of the code), deciding local or distant by the place.
 */
export const handler = defineCallable('useInviteCode', async (input, { caller }) => {
  const invitee = await requireUser(caller.uid);
  if (invitee.inviteSystem.invitedBy) return alreadyConsumed(invitee);

  const reservation = await usableReservation(caller.username);
  const code = input.inviteCode ?? invitee.inviteSystem.pendingInviteCode;
  if (!code && !reservation) throw new AppError('invalid-argument', INVITE_MESSAGES.invalidCode);
  const given = input.userLocation ?? (invitee.location.city && invitee.location.state ? invitee.location : null);
  // Kept as inviteSystem.invitedFrom: city and state apart, as the profile saves them.
  const place = given ? normalizePlace(given.city, given.state) : null;

  for (let attempt = 1; ; attempt++) {
    // Read to classify (local / distant / superuser); the limits themselves are conditions of the write.
    const inviter = reservation ? await inviterHolding(reservation, code) : await inviterOfCode(code ?? '');
    if (inviter.uid === invitee.uid) throw new AppError('invalid-argument', INVITE_MESSAGES.ownCode);
    const inviteType = decideInviteType(inviter, place ? relationToInviter(inviter, place) : null, reservation !== null);
    const outcome = await consumeInvite(
      { inviterUid: inviter.uid, inviteeUid: invitee.uid, inviteType, place, reservationOf: reservation ? caller.username : null, now: new Date() },
      inviter.inviteSystem.invitesRemaining > 0,
    );
    if (outcome.ok) {
      countProductEvent('join');
      return { invitedBy: inviter.uid, inviteType, alreadyConsumed: false };
    }
    if (outcome.reason === 'invitee-refused') return alreadyConsumed(await requireUser(invitee.uid));
    if (outcome.reason === 'reservation-gone') throw new AppError('not-found', INVITE_MESSAGES.reservationLapsed);
    // inviter-refused: a concurrent redemption took the last use; the next read explains it
    // (decideInviteType throws the quota message).
    if (attempt >= MAX_ATTEMPTS) throw new AppError('aborted', 'The invite code is busy. Please try again.');
  }
});
