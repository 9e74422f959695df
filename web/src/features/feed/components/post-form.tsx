import { Alert, Button, Card, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FEED_MESSAGES, POST_MAX_LENGTH, type PostPrivacy } from '#contracts/feed';
import { useDraftRequestId } from '../../../lib/draft-request-id.ts';
import { useSuspension } from '../../moderation/index.ts';
import { textLimitState } from '../../../lib/text-limit.ts';
import { useCreatePost } from '../api/create-post.ts';
import { COMPOSE_PARAM } from '../../../lib/paths.ts';

const PRIVACY_OPTIONS: { value: PostPrivacy; label: string }[] = [
  { value: 'anchors', label: 'Anchors Only' },
  { value: 'public', label: 'Public' },
];

/** The post form: privacy choice, 500-character counter, required after trimming (spec §5); off, with the reason, while suspended. */
export function PostForm({ userId }: { userId: string }) {
  const [content, setContent] = useState('');
  const [privacy, setPrivacy] = useState<PostPrivacy>('anchors');
  const { requestIdFor, renew: renewRequestId } = useDraftRequestId();
  const create = useCreatePost(userId);
  const limit = textLimitState(content, POST_MAX_LENGTH);
  const suspension = useSuspension();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const compose = searchParams.has(COMPOSE_PARAM);

  // The phone bottom bar's Post lands here: focus the composer once, then drop the flag so a reload
  // or Back does not jump to it again.
  useEffect(() => {
    if (!compose) return;
    textarea.current?.scrollIntoView?.({ block: 'center' });
    textarea.current?.focus();
    setSearchParams(
      (params) => {
        params.delete(COMPOSE_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [compose, setSearchParams]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!limit.canSubmit || create.isPending || suspension.suspended) return;
    const post = { content: content.trim(), privacy };
    create.mutate(
      // The same text with the same audience is the same post; any change makes another one.
      { ...post, clientRequestId: requestIdFor(JSON.stringify([post.privacy, post.content])) },
      {
        onSuccess: () => {
          setContent('');
          // Each post chooses its audience: the next one starts from the default again.
          setPrivacy('anchors');
          renewRequestId();
        },
      },
    );
  };

  return (
    <Card withBorder padding="md" component="form" onSubmit={submit} aria-label="New post" noValidate>
      <Stack gap="xs">
        <Textarea
          ref={textarea}
          label="What's on your mind?"
          placeholder="Share something with your anchors"
          value={content}
          onChange={(event) => {
            setContent(event.currentTarget.value);
            // Editing clears the last failure's alert. Never while sending: a reset mutation drops
            // its per-call onSuccess, which clears the sent text (and the field is read-only then).
            if (!create.isPending) create.reset();
          }}
          // What is on screen while sending is what is being posted; an edit waits for the answer.
          readOnly={create.isPending}
          disabled={suspension.suspended}
          description={suspension.reason ?? undefined}
          autosize
          minRows={2}
          error={limit.tooLong ? FEED_MESSAGES.postTooLong : undefined}
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Select
              aria-label="Who can see this post"
              data={PRIVACY_OPTIONS}
              value={privacy}
              onChange={(value) => value && setPrivacy(value as PostPrivacy)}
              allowDeselect={false}
              w={160}
              size="xs"
            />
            <Text size="xs" c={limit.remaining < 0 ? 'red' : 'dimmed'} aria-live="polite" data-testid="post-counter">
              {limit.length} / {POST_MAX_LENGTH}
            </Text>
          </Group>
          <Button type="submit" disabled={!limit.canSubmit || suspension.suspended} loading={create.isPending}>
            Post
          </Button>
        </Group>
        {create.isError && (
          <Alert color="red" role="alert">
            {FEED_MESSAGES.postFailed}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
