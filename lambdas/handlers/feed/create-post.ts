import { defineCallable } from '#http/define-callable';
import { memberRecord } from './member-record.ts';
import { publishPost } from '#workflows/publish-post';

export const handler = defineCallable('createPost', async (input, { caller }) => {
  const author = await memberRecord(caller.uid);
  return publishPost(author, input);
});
