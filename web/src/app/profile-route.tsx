import { useMe } from '../lib/session.ts';
import { MemberPosts } from '../features/feed/components/member-posts.tsx';
import ProfileViewRoute from '../features/profile/routes/profile-view.tsx';

/**
 * The profile screen with the member's posts: the profile feature shows the member, the feed
 * feature their posts (PostCard, likes, comments); features do not import each other, so the app
 * puts the two together here.
 */
export default function ProfileWithPostsRoute() {
  const viewer = useMe().data?.uid ?? '';
  return (
    <ProfileViewRoute
      renderPosts={(member) => (
        <MemberPosts
          userId={viewer}
          memberId={member.uid}
          emptyText={member.isOwn ? 'You have not posted yet.' : `No posts from ${member.displayName} that you can see yet.`}
          emptyStep={member.isOwn ? { label: 'Write a post', to: '/dashboard?compose' } : undefined}
        />
      )}
    />
  );
}
