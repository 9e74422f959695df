import { Card, List, Text, Title } from '@mantine/core';

/** What each figure means, in plain words (the same definitions as the README). */
export function MetricDefinitions() {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        How these figures are measured
      </Title>
      <Text size="sm" mb="xs">
        A record is computed once a day (just after midnight UTC) from every member record. &ldquo;The last 30 days&rdquo; means from midnight UTC 30 days
        before the record&apos;s date. Members are accounts with a verified email.
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          <b>Total users</b>: verified members.
        </List.Item>
        <List.Item>
          <b>Verified in person</b>: of those, the members verified in person (two verified members vouched for them after meeting them, or an admin verified
          them); older records did not count them, and show no such card.
        </List.Item>
        <List.Item>
          <b>Active users</b>: members who opened the app or saved their profile in the last 30 days.
        </List.Item>
        <List.Item>
          <b>Invite acceptance</b>: of the people who created an account with a member&apos;s invite code, the share who completed joining (their invite was
          used when they saved their profile).
        </List.Item>
        <List.Item>
          <b>Platform refugees</b>: of the members who joined more than 30 days ago, the share with no activity in the last 30 days &mdash; they came and left.
        </List.Item>
        <List.Item>
          <b>Local connection density</b>: of all accepted anchor connections (each pair once), the share between members of the same city and state (as they
          were when the connection was accepted).
        </List.Item>
        <List.Item>
          <b>Top cities</b>: members with a completed profile, by city and state. <b>Community champions</b>: members whose invites were accepted most (then by
          acceptance rate), shown without names. A champion&apos;s acceptance rate is the share of the accounts made with their invite code that completed
          joining.
        </List.Item>
      </List>
    </Card>
  );
}
