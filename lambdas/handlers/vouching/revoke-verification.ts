import { defineCallable } from '#http/define-callable';
import { revokeVerification } from '#workflows/verification-admin';

/** Admin: revokes a member's verification, with a reason, into the audit log; nobody they vouched for is touched. */
export const handler = defineCallable('revokeVerification', ({ userId, reason }, { caller }) => revokeVerification(caller, userId, reason, new Date()));
