import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FEED_MESSAGES, POST_MAX_LENGTH, type Post } from '#contracts/feed';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { useMemberModeration, useSuspension } from '../../moderation/index.ts';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { EDIT_DELETE_MESSAGES, useDeletePost, useEditPost } from '../api/edit-delete.ts';
import { useTogglePostLike } from '../api/toggle-post-like.ts';
import { formatWhen } from '../format-when.ts';
import { CommentsPanel } from './comments-panel.tsx';
import { ContentActionsMenu } from '../../../components/content-actions-menu.tsx';
import { LinkedText } from '../../../components/linked-text.tsx';
import { EditedMark } from './edited-mark.tsx';
import { InlineEditor } from './inline-editor.tsx';
import { LikedBy } from './liked-by.tsx';
import { useOwnContentActions } from './use-own-content-actions.ts';
import { profilePath } from '../../../lib/paths.ts';

/**
 * One post (the feed, Your Wall, a profile): author, content with its links, privacy, like toggle,
 * who liked it and comments; Edit and Delete on one's own, Report, Mute and Block on anyone else's.
 * A suspended member's like is off.
 */
export function PostCard({ userId, post }: { userId: string; post: Post }) {
  const like = useTogglePostLike(userId, post.postId);
  const edit = useEditPost(userId, post.postId);
  const remove = useDeletePost(userId, post.postId);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const { actions, editing, setEditing, confirming, setConfirming, confirmDelete } = useOwnContentActions(post.authorId === userId, edit, remove, {
    deleted: EDIT_DELETE_MESSAGES.postDeleted,
    deleteFailed: EDIT_DELETE_MESSAGES.postDeleteFailed,
  });
  const moderation = useMemberModeration({
    isOwn: post.authorId === userId,
    member: { uid: post.authorId, name: post.authorName },
    report: { target: { type: 'post', id: post.postId }, subject: `post by ${post.authorName}` },
  });
  const suspension = useSuspension();
  const commentsId = `comments-${post.postId}`;
  return (
    <Card withBorder padding="md" component="article" aria-label={`Post by ${post.authorName}`} data-testid="post">
      <Group gap="sm" wrap="nowrap" mb="xs" align="flex-start">
        <UserAvatar name={post.authorName} picture={post.authorPicture} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Anchor component={Link} to={profilePath(post.authorId)} fw={600} size="sm">
            {post.authorName}
          </Anchor>{' '}
          <VerifiedBadge verified={post.authorVerified} size={14} />
          {/* A div, not Text's default p: the Badge inside is a div, which a p may not hold. */}
          <Text size="xs" c="dimmed" component="div">
            {formatWhen(post.createdAt)}
            <EditedMark editedAt={post.editedAt} /> ·{' '}
            <Badge size="xs" variant="light" color={post.privacy === 'public' ? 'teal' : 'blue'}>
              {post.privacy === 'public' ? 'Public' : 'Anchors Only'}
            </Badge>
          </Text>
        </div>
        <ContentActionsMenu label="Post actions" actions={[...actions, ...moderation.actions]} />
      </Group>
      {editing ? (
        <InlineEditor
          label="Edit post"
          initial={post.content}
          max={POST_MAX_LENGTH}
          tooLongMessage={FEED_MESSAGES.postTooLong}
          failedMessage={EDIT_DELETE_MESSAGES.postSaveFailed}
          saving={edit.isPending}
          failed={edit.isError}
          onSave={(content) => edit.mutate(content, { onSuccess: () => setEditing(false) })}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="post-content">
          <LinkedText text={post.content} />
        </Text>
      )}
      <Group gap="xs" mt="sm">
        <Button
          size="xs"
          variant={post.likedByMe ? 'filled' : 'light'}
          aria-pressed={post.likedByMe}
          disabled={suspension.suspended}
          title={suspension.reason ?? undefined}
          onClick={() => like.mutate({ liked: !post.likedByMe })}
        >
          {/* One label element: the button lays out its children as flex items, which drops spaces. */}
          <span>
            {post.likedByMe ? 'Liked' : 'Like'} · <span data-testid="like-count">{post.likeCount}</span>
          </span>
        </Button>
        <Button size="xs" variant="subtle" aria-expanded={commentsOpen} aria-controls={commentsId} onClick={() => setCommentsOpen((open) => !open)}>
          <span>
            Comments · <span data-testid="comment-count">{post.commentCount}</span>
          </span>
        </Button>
      </Group>
      <LikedBy userId={userId} post={post} />
      {commentsOpen && (
        <Stack id={commentsId}>
          <CommentsPanel userId={userId} postId={post.postId} />
        </Stack>
      )}
      <ConfirmModal
        opened={confirming}
        title="Delete post?"
        message="This removes the post with its likes and comments for everyone. It cannot be undone."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
      {moderation.dialogs}
    </Card>
  );
}
