import { defineCallable } from '#http/define-callable';
import { readFeed } from '#workflows/read-feed';

export const handler = defineCallable('getFeed', async ({ cursor }, { caller }) => readFeed(caller, cursor));
