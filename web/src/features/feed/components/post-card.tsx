import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Post } from '#contracts/feed';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useTogglePostLike } from '../api/toggle-post-like.ts';
import { formatWhen } from '../format-when.ts';
import { CommentsPanel } from './comments-panel.tsx';

/** One post of the feed: author, content, privacy, like toggle and comments. */
export function PostCard({ userId, post }: { userId: string; post: Post }) {
  const like = useTogglePostLike(userId, post.postId);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const commentsId = `comments-${post.postId}`;
  return (
    <Card withBorder padding="md" component="article" aria-label={`Post by ${post.authorName}`} data-testid="post">
      <Group gap="sm" wrap="nowrap" mb="xs">
        <UserAvatar name={post.authorName} picture={post.authorPicture} />
        <div style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`/profile/${encodeURIComponent(post.authorId)}`} fw={600} size="sm">
            {post.authorName}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatWhen(post.createdAt)} ·{' '}
            <Badge size="xs" variant="light" color={post.privacy === 'public' ? 'teal' : 'blue'}>
              {post.privacy === 'public' ? 'Public' : 'Anchors Only'}
            </Badge>
          </Text>
        </div>
      </Group>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="post-content">
        {post.content}
      </Text>
      <Group gap="xs" mt="sm">
        <Button size="xs" variant={post.likedByMe ? 'filled' : 'light'} aria-pressed={post.likedByMe} onClick={() => like.mutate({ liked: !post.likedByMe })}>
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
      {commentsOpen && (
        <Stack id={commentsId}>
          <CommentsPanel userId={userId} postId={post.postId} />
        </Stack>
      )}
    </Card>
  );
}
