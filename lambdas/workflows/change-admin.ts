import { type AdminMember, type AuditEntryView, ADMIN_MESSAGES } from '#contracts/admin';
import { adminChangeError, revocationWitness } from '#domain/admin-roles';
import { AppError } from '#domain/app-error';
import { adminMemberOfUser, forEachMember, setGroupMembershipOf, grantAdminStatus, revokeAdminStatus, getUser } from '#data/members';
import { ADMIN_GROUP, type Caller } from '#http/caller';

/** Every admin's uid by their records (one paged Scan of the member records): only a self-revocation needs it. */
async function adminUids(): Promise<string[]> {
  const found: string[] = [];
  await forEachMember((member) => {
    if (member.isAdmin) found.push(member.uid);
  });
  return found;
}

/**
 * Grant (true) or revoke (false) the admin role. The record's isAdmin and its audit entry are one
 * transaction (member-roles.ts: its conditions refuse the founder, the last admin and a member
 * who has not joined); the Cognito admin group follows, also when nothing changed, so a repeat
 * repairs a call that failed between the two. The group is what the member's next token carries
 * (the Admin link); the record is what admin callables check on every call.
 */
export async function changeAdmin(
  caller: Caller,
  { userId, reason }: { userId: string; reason: string },
  isAdmin: boolean,
): Promise<{ member: AdminMember; changed: boolean; auditEntry: AuditEntryView | null }> {
  const [target, actor] = await Promise.all([getUser(userId), getUser(caller.uid)]);
  if (!target) throw new AppError('not-found', ADMIN_MESSAGES.userNotFound);
  const audit = {
    action: isAdmin ? ('grantAdmin' as const) : ('revokeAdmin' as const),
    actorId: caller.uid,
    actorName: actor?.displayName || caller.username,
    targetId: userId,
    targetName: target.displayName,
    reason,
  };
  const witness = isAdmin ? null : revocationWitness(caller.uid, userId, caller.uid === userId ? await adminUids() : []);
  const outcome = isAdmin ? await grantAdminStatus(userId, audit) : await revokeAdminStatus(userId, witness, audit);
  if (!outcome.ok) {
    const error = adminChangeError(outcome.reason);
    if (error) throw error;
  }
  await setGroupMembershipOf(userId, ADMIN_GROUP, isAdmin);
  return { member: adminMemberOfUser({ ...target, isAdmin }), changed: outcome.ok, auditEntry: outcome.ok ? outcome.auditEntry : null };
}
