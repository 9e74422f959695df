import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { JoinCallToAction } from '../../../components/join-call-to-action.tsx';
import { paths } from '../../../lib/paths.ts';

/**
 * How verification in person works, for anyone (no sign-in): what the landing's "Verified real
 * people" stands for, and what it does not prove. Plain words, no contracts imported (a public page
 * stays light); test/unit/web/vouching-words.test.ts holds the figures to the contracts'.
 */
export const HOW_VERIFICATION_WORKS: readonly string[] = [
  'A member is verified in person when two members who are already verified in person vouch that they met them face to face, and at least one of the two is not the member who invited them.',
  'To vouch, you meet: the member shows a code on their phone that changes every minute and works once, and the voucher scans it (or types its six characters), sees whose it is and confirms they met.',
  'A vouch lasts 12 months; a member whose vouches lapse is told a month before, and goes back to not verified unless someone vouches again.',
  'A member gives at most 10 vouches a month, and someone who vouched for two members later removed as not being who they said loses the right to vouch for a year.',
  'Everyone signed in sees a "Verified in person" badge beside verified members; who vouched for whom is seen only by the two members and by the admins.',
  'In a new community the founder is verified from the start, and admins can verify a member directly, with a reason they record.',
];

export const WHAT_IT_DOES_NOT_PROVE =
  'Verification says that people already verified met this person face to face and vouch that they are who they say. It is not an identity document check and not a background check: nobody looks at a passport, a name on a card or a record.';

export default function VerificationRoute() {
  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>How verification works</Title>
          <Text size="lg">Anchored is for real people. Members vouch for each other in person, the way a local community already knows who is who.</Text>
        </Stack>
        <List spacing="sm" size="md">
          {HOW_VERIFICATION_WORKS.map((sentence) => (
            <List.Item key={sentence}>{sentence}</List.Item>
          ))}
        </List>
        <Stack gap="xs" component="section" aria-labelledby="not-proof-title">
          <Title order={2} size="h3" id="not-proof-title">
            What it does not prove
          </Title>
          <Text>{WHAT_IT_DOES_NOT_PROVE}</Text>
        </Stack>
        <Text>
          More about what Anchored promises:{' '}
          <Anchor component={Link} to={paths.why}>
            Why Anchored
          </Anchor>
          .
        </Text>
        <JoinCallToAction />
      </Stack>
    </Container>
  );
}
