import { defineCallable } from '#http/define-callable';
import { listMyVouches } from '#workflows/vouch-lists';

/** The caller's verification and vouches, received and given: their own partition only. */
export const handler = defineCallable('listMyVouches', (_input, { caller }) => listMyVouches(caller.uid, new Date()));
