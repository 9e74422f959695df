import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { COMMENT_MAX_LENGTH, FEED_MESSAGES } from '#contracts/feed';
import { useDraftRequestId } from '../../../lib/draft-request-id.ts';
import { useSuspension } from '../../moderation/index.ts';
import { textLimitState } from '../../../lib/text-limit.ts';
import { RowSkeletons } from '../../../components/skeletons.tsx';
import { useAddComment, useComments } from '../api/comments.ts';
import { CommentItem } from './comment-item.tsx';

/** A post's comments, newest first, with the comment form (300 characters, required after trimming). */
export function CommentsPanel({ userId, postId }: { userId: string; postId: string }) {
  const comments = useComments(postId);
  const add = useAddComment(userId, postId);
  const [content, setContent] = useState('');
  const { requestIdFor, renew: renewRequestId } = useDraftRequestId();
  const limit = textLimitState(content, COMMENT_MAX_LENGTH);
  const suspension = useSuspension();
  const list = comments.data?.pages.flatMap((page) => page.comments) ?? [];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!limit.canSubmit || add.isPending || suspension.suspended) return;
    const text = content.trim();
    add.mutate(
      // The same text is the same comment (a retry); any other text is another one.
      { content: text, clientRequestId: requestIdFor(text) },
      {
        onSuccess: () => {
          setContent('');
          renewRequestId();
        },
      },
    );
  };

  return (
    <Stack gap="xs" mt="xs">
      <form onSubmit={submit} aria-label="Add a comment" noValidate>
        <Stack gap={4}>
          <Textarea
            aria-label="Write a comment"
            placeholder="Write a comment…"
            value={content}
            onChange={(event) => {
              setContent(event.currentTarget.value);
              // Editing clears the last failure's alert. Never while sending: a reset mutation drops
              // its per-call onSuccess, which clears the sent text (and the field is read-only then).
              if (!add.isPending) add.reset();
            }}
            // What is on screen while sending is what is being posted; an edit waits for the answer.
            readOnly={add.isPending}
            disabled={suspension.suspended}
            description={suspension.reason ?? undefined}
            autosize
            minRows={1}
            // No maxLength: a paste past the limit stays whole, and the counter and message say so.
            error={limit.tooLong ? FEED_MESSAGES.commentTooLong : undefined}
          />
          <Group justify="space-between">
            <Text size="xs" c={limit.tooLong ? 'red' : 'dimmed'} aria-live="polite">
              {limit.length} / {COMMENT_MAX_LENGTH}
            </Text>
            <Button type="submit" size="xs" disabled={!limit.canSubmit || suspension.suspended} loading={add.isPending}>
              Comment
            </Button>
          </Group>
          {add.isError && (
            <Alert color="red" role="alert" p="xs">
              {FEED_MESSAGES.commentFailed}
            </Alert>
          )}
        </Stack>
      </form>
      {comments.isPending && <RowSkeletons label="Loading comments" count={2} />}
      {comments.isError && (
        <Text size="sm" c="red" role="alert">
          Comments could not be loaded.
        </Text>
      )}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Comments">
        {list.map((comment) => (
          <CommentItem key={comment.commentId} userId={userId} comment={comment} />
        ))}
      </Stack>
      {comments.hasNextPage && (
        <Button variant="subtle" size="xs" onClick={() => void comments.fetchNextPage()} loading={comments.isFetchingNextPage}>
          Older comments
        </Button>
      )}
    </Stack>
  );
}
