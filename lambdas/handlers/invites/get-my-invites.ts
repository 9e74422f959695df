import { INVITE_KIND_LIMITS, type Invitee } from '#contracts/invites';
import { invitesLeft } from '#contracts/user';
import { AppError } from '#domain/app-error';
import { inviteesOf } from '#data/invites';
import { getUser } from '#data/members';
import { defineCallable } from '#http/define-callable';

/** The Invites page: the caller's code, what is left of it, and who came in with it. */
export const handler = defineCallable('getMyInvites', async (_input, { caller }) => {
  const [me, { members, pending }] = await Promise.all([getUser(caller.uid), inviteesOf(caller.uid)]);
  if (!me) throw new AppError('not-found', 'User not found');
  const { inviteSystem } = me;
  const waiting: Invitee[] = pending
    .map((reservation) => ({
      status: 'pending' as const,
      uid: reservation.username,
      displayName: reservation.displayName || 'New member',
      signedUpAt: reservation.reservedAt,
      lapsesAt: reservation.lapsesAt,
    }))
    .sort((a, b) => a.lapsesAt.localeCompare(b.lapsesAt));
  const joined: Invitee[] = members
    .map((member) => ({
      status: 'joined' as const,
      uid: member.uid,
      displayName: member.displayName,
      joinedAt: member.joinedAt ?? member.createdAt,
      inviteType: member.inviteSystem.inviteType ?? 'unrestricted',
    }))
    .sort((a, b) => b.joinedAt.localeCompare(a.joinedAt));
  return {
    inviteCode: inviteSystem.inviteCode,
    unlimited: me.isSuperuser,
    local: { used: inviteSystem.localInvitesUsed, limit: INVITE_KIND_LIMITS.local },
    distant: { used: inviteSystem.distantInvitesUsed, limit: INVITE_KIND_LIMITS.distant },
    pending: inviteSystem.invitesReserved,
    invitesLeft: me.isSuperuser ? null : invitesLeft(inviteSystem),
    invitees: [...waiting, ...joined],
  };
});
