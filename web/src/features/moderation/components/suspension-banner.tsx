import { Alert, Text } from '@mantine/core';
import { isSuspended, suspensionMessage, useStanding } from '../api/standing.ts';

/** Orange's own title colour is too light on its light background (axe: colour contrast). */
export const TITLE_STYLES = { title: { color: 'var(--mantine-color-text)' } };

/**
 * The app shell's notice to a suspended member (getMyStanding): until when, what they cannot do,
 * and the admin's note to them. Nothing for anyone else, nor while the standing is unknown.
 */
export function SuspensionBanner() {
  const standing = useStanding().data?.standing;
  if (!isSuspended(standing)) return null;
  return (
    <Alert color="orange" title="Account suspended" role="alert" mb="md" data-testid="suspension-banner" styles={TITLE_STYLES}>
      <Text size="sm">{suspensionMessage(standing.suspendedUntil)}</Text>
      {standing.suspensionNote && (
        <Text size="sm" mt="xs">
          Note from the admins: {standing.suspensionNote}
        </Text>
      )}
    </Alert>
  );
}
