import { listModerationLog } from '#data/moderation';
import { defineCallable } from '#http/define-callable';

/** The public moderation log, newest first: stored without names but a removed member's, so it is answered as stored. */
export const handler = defineCallable('listModerationLog', ({ cursor }) => listModerationLog(cursor));
