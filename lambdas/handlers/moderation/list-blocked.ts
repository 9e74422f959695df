import { listBlockedUids } from '#data/graph';
import { defineCallable } from '#http/define-callable';
import { presentListed } from './listed-members.ts';

/** One Query of the caller's BLOCK# items and one BatchGet of those members. */
export const handler = defineCallable('listBlocked', async (_input, { caller }) => ({ members: await presentListed(await listBlockedUids(caller.uid)) }));
