import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { JoinCallToAction } from '../../../components/join-call-to-action.tsx';
import { LineIcon, type LineIconName } from '../../../components/line-icons.tsx';
import { INVITES_EXPLAINED } from '../../../lib/place-words.ts';
import classes from './why.module.css';
import { paths } from '../../../lib/paths.ts';

/** What Anchored promises, each true of what is built (no payment exists yet: the subscription is to come). */
const PROMISES: readonly { icon: LineIconName; title: string; body: string }[] = [
  {
    icon: 'noAds',
    title: 'No ads and no tracking',
    body: 'Anchored will be funded by subscription, not by selling your attention. While it is new, joining costs nothing.',
  },
  {
    icon: 'verified',
    title: 'Verified real people',
    body: 'Every member was invited by someone already here, and members verify each other in person: two verified members vouch after meeting them face to face.',
  },
  { icon: 'newestFirst', title: 'A chronological feed', body: 'No ranking algorithm: you see what your anchors post, newest first.' },
  { icon: 'anchor', title: 'Limited connections', body: 'At most 100 anchors: the people you actually trust.' },
  { icon: 'invites', title: 'Limited invites', body: `Ten per member: ${INVITES_EXPLAINED}.` },
  {
    icon: 'moderation',
    title: 'Community moderation',
    body: 'Members vouch for the people they invite, report what crosses the line, and can block or mute anyone.',
  },
];

export default function WhyRoute() {
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap={40}>
        <Stack gap="md" align="center" ta="center">
          <Title order={1} className={classes.title}>
            Why Anchored
          </Title>
          <Text size="lg" maw={640}>
            Anchored is an invite-only network for real-world communities: neighbours, friends, family and the groups you belong to offline.
          </Text>
        </Stack>
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg" className={classes.promises}>
          {PROMISES.map((promise) => (
            <li key={promise.title} className={classes.promise}>
              <span className={classes.icon}>
                <LineIcon name={promise.icon} />
              </span>
              <div>
                <Title order={2} size="h4">
                  {promise.title}
                </Title>
                <Text c="dimmed" mt={4}>
                  {promise.body}
                </Text>
              </div>
            </li>
          ))}
        </SimpleGrid>
        <Text className={classes.moderation}>
          Members can report a post, a comment or a member; admins act on every report, from a warning to a removal, and each action is listed in the{' '}
          <Anchor component={Link} to={paths.moderationLog}>
            moderation log
          </Anchor>{' '}
          (for members), without naming who reported whom.
        </Text>
        <Text ta="center">
          <Anchor component={Link} to={paths.aboutVerification}>
            How verification in person works
          </Anchor>
        </Text>
        <JoinCallToAction />
      </Stack>
    </Container>
  );
}
