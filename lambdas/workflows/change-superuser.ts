import { ADMIN_MESSAGES, type AdminMember, type AuditEntryView } from '#contracts/admin';
import { AppError } from '#domain/app-error';
import { adminMemberOfUser, setSuperuserStatus, getUser } from '#data/members';
import type { Caller } from '#http/caller';

/**
 * Grant (true) or revoke (false): the flag and its audit entry (actor and target by name, the
 * reason) are one transaction. A repeat (a double click, two admins at once) writes nothing, so
 * the log never shows a grant that changed nothing, and answers success with changed: false, as
 * grantAdmin does: the member is what the admin asked for. The founder's flag is refused either
 * way (403), as revokeAdmin refuses their admin role: the founding member stays a superuser.
 */
export async function changeSuperuser(
  caller: Caller,
  { userId, reason }: { userId: string; reason: string },
  isSuperuser: boolean,
): Promise<{ member: AdminMember; changed: boolean; auditEntry: AuditEntryView | null }> {
  const [target, actor] = await Promise.all([getUser(userId), getUser(caller.uid)]);
  if (!target) throw new AppError('not-found', ADMIN_MESSAGES.userNotFound);
  const outcome = await setSuperuserStatus(userId, isSuperuser, {
    action: isSuperuser ? 'grantSuperuser' : 'revokeSuperuser',
    actorId: caller.uid,
    actorName: actor?.displayName || caller.username,
    targetId: userId,
    targetName: target.displayName,
    reason,
  });
  if (!outcome.ok) {
    if (outcome.reason === 'not-found') throw new AppError('not-found', ADMIN_MESSAGES.userNotFound);
    if (outcome.reason === 'founder') throw new AppError('permission-denied', ADMIN_MESSAGES.founderStaysSuperuser);
    return { member: adminMemberOfUser({ ...target, isSuperuser }), changed: false, auditEntry: null };
  }
  return { member: adminMemberOfUser({ ...target, isSuperuser }), changed: true, auditEntry: outcome.auditEntry };
}
