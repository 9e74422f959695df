import { Group, Text } from '@mantine/core';
import { COMMENT_MAX_LENGTH, type Comment, FEED_MESSAGES } from '#contracts/feed';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { useMemberModeration } from '../../moderation/index.ts';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { EDIT_DELETE_MESSAGES, useDeleteComment, useEditComment } from '../api/edit-delete.ts';
import { formatWhen } from '../format-when.ts';
import { ContentActionsMenu } from '../../../components/content-actions-menu.tsx';
import { LinkedText } from '../../../components/linked-text.tsx';
import { EditedMark } from './edited-mark.tsx';
import { InlineEditor } from './inline-editor.tsx';
import { useOwnContentActions } from './use-own-content-actions.ts';

/** One comment of a thread; its "…" menu has Edit and Delete on the viewer's own, Report, Mute and Block on anyone else's. */
export function CommentItem({ userId, comment }: { userId: string; comment: Comment }) {
  const edit = useEditComment(comment.postId, comment.commentId);
  const remove = useDeleteComment(userId, comment.postId, comment.commentId);
  const { actions, editing, setEditing, confirming, setConfirming, confirmDelete } = useOwnContentActions(comment.authorId === userId, edit, remove, {
    deleted: EDIT_DELETE_MESSAGES.commentDeleted,
    deleteFailed: EDIT_DELETE_MESSAGES.commentDeleteFailed,
  });
  const moderation = useMemberModeration({
    isOwn: comment.authorId === userId,
    member: { uid: comment.authorId, name: comment.authorName },
    report: { target: { type: 'comment', id: comment.commentId, postId: comment.postId }, subject: `comment by ${comment.authorName}` },
  });
  return (
    <Group component="li" gap="xs" align="flex-start" wrap="nowrap" aria-label={`Comment by ${comment.authorName}`} data-testid="comment">
      <UserAvatar name={comment.authorName} picture={comment.authorPicture} size="sm" />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm">
          <strong>{comment.authorName}</strong> <VerifiedBadge verified={comment.authorVerified} size={14} />{' '}
          <Text span size="xs" c="dimmed">
            {formatWhen(comment.createdAt)}
            <EditedMark editedAt={comment.editedAt} />
          </Text>
        </Text>
        {editing ? (
          <InlineEditor
            label="Edit comment"
            initial={comment.content}
            max={COMMENT_MAX_LENGTH}
            tooLongMessage={FEED_MESSAGES.commentTooLong}
            failedMessage={EDIT_DELETE_MESSAGES.commentSaveFailed}
            saving={edit.isPending}
            failed={edit.isError}
            onSave={(content) => edit.mutate(content, { onSuccess: () => setEditing(false) })}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="comment-content">
            <LinkedText text={comment.content} />
          </Text>
        )}
      </div>
      <ContentActionsMenu label="Comment actions" actions={[...actions, ...moderation.actions]} />
      <ConfirmModal
        opened={confirming}
        title="Delete comment?"
        message="This removes your comment for everyone. It cannot be undone."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
      {moderation.dialogs}
    </Group>
  );
}
