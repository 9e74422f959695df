import { Alert, Anchor, Badge, Button, Card, Container, Group, Image, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { UserProfile } from '#contracts/anchors';
import { ContentActionsMenu } from '../../../components/content-actions-menu.tsx';
import { useMemberModeration, useMutedList, useSuspension } from '../../moderation/index.ts';
import { LoadingRegion } from '../../../components/skeletons.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { OwnVerification, OwnVerifiedBadge } from '../components/own-verification.tsx';
import {
  ANCHOR_UI_MESSAGES,
  profileAction,
  sendRequestFailureMessage,
  useAcceptAnchorRequest,
  useAnchorsLive,
  useSendAnchorRequest,
} from '../../anchors/index.ts';
import { useUserProfile } from '../api/get-user-profile.ts';
import { joinLocation, PROFILE_VIEW_MESSAGES, profileLoadMessage } from '../profile-view-messages.ts';
import { formatDate } from '../../../lib/dates.ts';
import { serverReason } from '../../../lib/server-reason.ts';
import { paths } from '../../../lib/paths.ts';

function BackToDashboard() {
  return (
    <Button component={Link} to={paths.dashboard} variant="light" w="fit-content">
      Back to the dashboard
    </Button>
  );
}

function ProfileProblem({ message }: { message: string }) {
  return (
    <Container size="sm" py="xl">
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={1} size="h3">
            {message}
          </Title>
          <BackToDashboard />
        </Stack>
      </Card>
    </Container>
  );
}

/** The profile card's shape (picture, name, a line or two) while getUserProfile answers. */
function ProfileSkeleton() {
  return (
    <Container size="sm" py="xl">
      <LoadingRegion label="Loading profile">
        <Card withBorder padding="lg" radius="md">
          <Group gap="md" wrap="nowrap" align="flex-start" mb="md">
            <Skeleton height={96} circle />
            <Stack gap="xs" style={{ flex: 1 }}>
              <Skeleton height={22} width="60%" radius="xl" />
              <Skeleton height={10} width="40%" radius="xl" />
              <Skeleton height={10} width="35%" radius="xl" />
            </Stack>
          </Group>
          <Skeleton height={30} width={120} radius="sm" mb="md" />
          <Skeleton height={8} radius="xl" mb={8} />
          <Skeleton height={8} width="70%" radius="xl" />
        </Card>
      </LoadingRegion>
    </Container>
  );
}

/**
 * What fills the profile's Posts section: the member's posts as the viewer may see them. The app
 * passes the feed's list in (web/src/app/profile-route.tsx), so this feature needs nothing of the feed;
 * without it the section says nothing is shown.
 */
export type RenderMemberPosts = (member: { uid: string; displayName: string; isOwn: boolean }) => ReactNode;

export default function ProfileViewRoute({ renderPosts }: { renderPosts?: RenderMemberPosts }) {
  const { userId = '' } = useParams();
  const profile = useUserProfile(userId);
  // The anchor button ('Request pending', Accept, 'Anchored') follows anchors.changed.
  useAnchorsLive();
  if (!userId) return <ProfileProblem message={PROFILE_VIEW_MESSAGES.profileNotFound} />;
  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) return <ProfileProblem message={profileLoadMessage(profile.error)} />;
  return <ProfileCard profile={profile.data} renderPosts={renderPosts} />;
}

function AnchorButton({ profile }: { profile: UserProfile }) {
  const send = useSendAnchorRequest(profile.uid);
  const accept = useAcceptAnchorRequest();
  const action = profileAction(profile.relationship);
  // A suspended member cannot anchor (the server refuses it too, with the same sentence).
  const suspension = useSuspension();
  switch (action.kind) {
    case 'edit':
      return (
        <Button component={Link} to={paths.settings} variant="light">
          {action.label}
        </Button>
      );
    case 'status':
      return (
        <Badge size="lg" variant="light" color={profile.relationship === 'anchored' ? 'teal' : 'gray'}>
          {action.label}
        </Badge>
      );
    case 'accept':
      return (
        <Button
          disabled={suspension.suspended}
          title={suspension.reason ?? undefined}
          loading={accept.isPending}
          onClick={() =>
            accept.mutate(profile.uid, {
              onError: (error) => notifications.show({ color: 'red', title: ANCHOR_UI_MESSAGES.acceptFailed, message: serverReason(error) ?? '' }),
            })
          }
        >
          {action.label}
        </Button>
      );
    case 'add':
      // While the request is on its way (and after it), the button is gone: no double request.
      if (send.isPending || send.isSuccess) {
        return (
          <Badge size="lg" variant="light" color="gray">
            Request pending
          </Badge>
        );
      }
      return (
        <Button
          disabled={suspension.suspended}
          title={suspension.reason ?? undefined}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: () => notifications.show({ color: 'teal', message: ANCHOR_UI_MESSAGES.requestSent }),
              onError: (error) => notifications.show({ color: 'red', message: sendRequestFailureMessage(error) }),
            })
          }
        >
          {action.label}
        </Button>
      );
  }
}

/** The "…" menu of another member's profile: Report, Mute (or Unmute) and Block; after a block, back to the dashboard. */
function ProfileActions({ profile }: { profile: UserProfile }) {
  const navigate = useNavigate();
  const isOwn = profile.relationship === 'self';
  const muted = useMutedList(!isOwn).data?.members.some((member) => member.uid === profile.uid) ?? false;
  const moderation = useMemberModeration({
    isOwn,
    member: { uid: profile.uid, name: profile.displayName },
    report: { target: { type: 'member', id: profile.uid }, subject: profile.displayName },
    muted,
    onBlocked: () => void navigate(paths.dashboard),
  });
  return (
    <>
      <ContentActionsMenu label="Profile actions" actions={moderation.actions} />
      {moderation.dialogs}
    </>
  );
}

function PostsSection({ profile, renderPosts }: { profile: UserProfile; renderPosts: RenderMemberPosts | undefined }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="posts-title">
      <Title order={2} size="h4" id="posts-title">
        Posts
      </Title>
      {renderPosts ? (
        renderPosts({ uid: profile.uid, displayName: profile.displayName, isOwn: profile.relationship === 'self' })
      ) : (
        <Text c="dimmed">No posts to show.</Text>
      )}
    </Stack>
  );
}

function ProfileCard({ profile, renderPosts }: { profile: UserProfile; renderPosts: RenderMemberPosts | undefined }) {
  const isOwn = profile.relationship === 'self';
  return (
    <Container size="sm" py="xl">
      <Card withBorder padding="lg" radius="md" mb="lg">
        <Stack gap="md">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <UserAvatar name={profile.displayName} picture={profile.profilePicture} size={96} radius={96} />
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              {/* A long name wraps instead of running under the "…" menu on a phone. */}
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {profile.displayName}
              </Title>
              {isOwn ? <OwnVerifiedBadge fromProfile={profile.verifiedInPerson} /> : <VerifiedBadge verified={profile.verifiedInPerson} withLabel />}
              {!profile.private && profile.location && <Text c="dimmed">{joinLocation(profile.location)}</Text>}
              {!profile.private && (
                <Group gap="xs">
                  <Text size="sm">{profile.unlimitedInvites ? 'Unlimited invites' : `${profile.invitesRemaining} invites remaining`}</Text>
                  {profile.relationship === 'self' && (
                    <Anchor component={Link} to={paths.invites} size="sm">
                      Your invites
                    </Anchor>
                  )}
                </Group>
              )}
            </Stack>
            <ProfileActions profile={profile} />
          </Group>
          <Group>
            <AnchorButton profile={profile} />
          </Group>
          {isOwn && <OwnVerification />}
          {profile.private ? (
            <Alert color="gray" title={PROFILE_VIEW_MESSAGES.private}>
              Only what this member shares with you is shown.
            </Alert>
          ) : (
            <>
              {profile.bio && <Text style={{ whiteSpace: 'pre-wrap' }}>{profile.bio}</Text>}
              {profile.birthday && <Text size="sm">Birthday: {formatDate(profile.birthday)}</Text>}
              {profile.contactInfo && (profile.contactInfo.phoneNumber || profile.contactInfo.personalEmail) && (
                <Card withBorder padding="sm" component="section" aria-labelledby="contact-title">
                  <Title order={2} size="h5" id="contact-title" mb={4}>
                    Contact
                  </Title>
                  {profile.contactInfo.phoneNumber && <Text size="sm">Phone: {profile.contactInfo.phoneNumber}</Text>}
                  {profile.contactInfo.personalEmail && <Text size="sm">Email: {profile.contactInfo.personalEmail}</Text>}
                </Card>
              )}
              {profile.photos && profile.photos.length > 0 && (
                <Card withBorder padding="sm" component="section" aria-labelledby="photos-title">
                  <Title order={2} size="h5" id="photos-title" mb={4}>
                    Photos
                  </Title>
                  {/* Only what photosVisibility lets this viewer see, as short-lived URLs (the server filters). */}
                  <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                    {profile.photos.map((photo, index) => (
                      <Image key={photo.url} src={photo.url} alt={`Photo ${index + 1}`} radius="sm" h={120} fit="cover" />
                    ))}
                  </SimpleGrid>
                </Card>
              )}
            </>
          )}
        </Stack>
      </Card>
      {/* Posts carry their own audience (getPost's rule), whatever the profile's privacy shows. */}
      <PostsSection profile={profile} renderPosts={renderPosts} />
    </Container>
  );
}
