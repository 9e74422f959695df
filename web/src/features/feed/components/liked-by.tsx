import { Alert, Anchor, Button, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Post } from '#contracts/feed';
import { RowSkeletons } from '../../../components/skeletons.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { usePostLikers } from '../api/post-likers.ts';
import { formatWhen } from '../format-when.ts';
import { likedByLine } from '../liked-by-words.ts';
import { profilePath } from '../../../lib/paths.ts';

/**
 * "Liked by …" under a post: a line from the post's own count until the list is read, the likers'
 * names once it is; a click opens the full list (getPostLikers, read then and only then).
 */
export function LikedBy({ userId, post }: { userId: string; post: Pick<Post, 'postId' | 'likeCount' | 'likedByMe'> }) {
  const [open, setOpen] = useState(false);
  const likers = usePostLikers(post.postId, open);
  const line = likedByLine(post.likeCount, post.likedByMe, likers.data?.likers, userId);
  if (!line) return null;
  return (
    <>
      {/* Named from "Who liked this", so the Like button stays the one button whose name starts with "Like". */}
      <UnstyledButton
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={`Who liked this: ${line}`}
        data-testid="liked-by"
        w="fit-content"
        mt={6}
        display="block"
      >
        <Text size="xs" c="dimmed" td="underline">
          {line}
        </Text>
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title="Liked by" size="sm">
        {likers.isPending && <RowSkeletons label="Loading who liked it" count={3} />}
        {likers.isError && (
          <Alert color="red" role="alert" title="Could not load who liked this post.">
            <Button size="xs" variant="light" color="red" onClick={() => void likers.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {likers.data && likers.data.likers.length === 0 && <Text c="dimmed">Nobody you can see has liked this post.</Text>}
        {likers.data && likers.data.likers.length > 0 && (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Members who liked this post">
            {likers.data.likers.map((liker) => (
              <li key={liker.uid}>
                <Anchor component={Link} to={profilePath(liker.uid)} onClick={() => setOpen(false)}>
                  {liker.uid === userId ? 'You' : liker.displayName}
                </Anchor>{' '}
                <VerifiedBadge verified={liker.verifiedInPerson} size={14} />{' '}
                <Text span size="xs" c="dimmed">
                  {formatWhen(liker.likedAt)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Modal>
    </>
  );
}
