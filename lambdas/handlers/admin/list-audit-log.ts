import { AUDIT_LOG_LIMIT } from '#contracts/admin';
import { listAuditEntries } from '#data/members';
import { defineCallable } from '#http/define-callable';

export const handler = defineCallable('listAuditLog', async () => ({ entries: await listAuditEntries(AUDIT_LOG_LIMIT) }));
