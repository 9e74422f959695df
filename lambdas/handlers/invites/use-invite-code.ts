import { setTimeout as sleep } from 'node:timers/promises';
import { INVITE_MESSAGES } from '#contracts/joining';
import type { User } from '#contracts/user';
import { AppError } from '#domain/app-error';
import { decideInviteType } from '#domain/invite-rules';
import { consumeInvite } from '#data/invite-consumption';
import { getUser } from '#data/users';
import { defineCallable } from '#http/define-callable';
import { inviterOfCode, relationToInviter } from './inviter-of-code.ts';

/** Concurrent redemptions of one code collide (TransactionConflict); each retries after a jittered pause. */
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

export const handler = defineCallable('useInviteCode', async (input, { caller }) => {
  const invitee = await requireUser(caller.uid);
  if (invitee.inviteSystem.invitedBy) return alreadyConsumed(invitee);

  const code = input.inviteCode ?? invitee.inviteSystem.pendingInviteCode;
  if (!code) throw new AppError('invalid-argument', INVITE_MESSAGES.invalidCode);
  const place = input.userLocation ?? (invitee.location.city && invitee.location.state ? invitee.location : null);

  for (let attempt = 1; ; attempt++) {
    // Read to classify (local / distant / superuser); the limits themselves are conditions of the write.
    const inviter = await inviterOfCode(code);
    if (inviter.uid === invitee.uid) throw new AppError('invalid-argument', INVITE_MESSAGES.ownCode);
    const inviteType = decideInviteType(inviter, place ? relationToInviter(inviter, place) : null);
    const outcome = await consumeInvite(
      { inviterUid: inviter.uid, inviteeUid: invitee.uid, inviteType, place, now: new Date() },
      inviter.inviteSystem.invitesRemaining > 0,
    );
    if (outcome.ok) return { invitedBy: inviter.uid, inviteType, alreadyConsumed: false };
    if (outcome.reason === 'invitee-refused') return alreadyConsumed(await requireUser(invitee.uid));
    // inviter-refused: a concurrent redemption took the last use; the next read explains it
    // (decideInviteType throws the quota message). conflict: another transaction held the item.
    if (attempt >= MAX_ATTEMPTS) throw new AppError('aborted', 'The invite code is busy. Please try again.');
    if (outcome.reason === 'conflict') await sleep(10 + Math.random() * 40 * attempt);
  }
});
