import { defineCallable } from '#http/define-callable';
import { readFeed } from './read-feed.ts';

export const handler = defineCallable('getFeed', async ({ cursor }, { caller }) => readFeed(caller, cursor));
