import { listMutedUids } from '#data/graph';
import { defineCallable } from '#http/define-callable';
import { presentListed } from './listed-members.ts';

/** One Query of the caller's MUTE# items and one BatchGet of those members. */
export const handler = defineCallable('listMuted', async (_input, { caller }) => ({ members: await presentListed(await listMutedUids(caller.uid)) }));
