import { defineCallable } from '#http/define-callable';
import { verifyMember } from '#workflows/verification-admin';

/** Admin: verifies a member in person directly, with a reason, into the audit log. */
export const handler = defineCallable('verifyMember', ({ userId, reason }, { caller }) => verifyMember(caller, userId, reason, new Date()));
