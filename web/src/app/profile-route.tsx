import { useMe } from '../lib/session.ts';
import { MemberPosts } from '../features/feed/index.ts';
import { ProfileView } from '../features/profile/index.ts';
import { COMPOSE_POST_PATH } from '../lib/paths.ts';

/**
 * The profile screen with the member's posts: the profile feature shows the member, the feed
 * feature their posts (PostCard, likes, comments); the app puts the two together here, so neither
 * feature depends on the other for it.
 */
export default function ProfileWithPostsRoute() {
  const viewer = useMe().data?.uid ?? '';
  return (
    <ProfileView
      renderPosts={(member) => (
        <MemberPosts
          userId={viewer}
          memberId={member.uid}
          emptyText={member.isOwn ? 'You have not posted yet.' : `No posts from ${member.displayName} that you can see yet.`}
          emptyStep={member.isOwn ? { label: 'Write a post', to: COMPOSE_POST_PATH } : undefined}
        />
      )}
    />
  );
}
