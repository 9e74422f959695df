import { ActionIcon, Anchor as TextLink, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Anchor } from '#contracts/anchors';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { profilePath } from '../../../lib/paths.ts';

interface AnchorCardProps {
  anchor: Anchor;
  onRemove: (anchor: Anchor) => void;
}

/** One anchor: links to their profile, shows the connection type, and offers remove. */
export function AnchorCard({ anchor, onRemove }: AnchorCardProps) {
  return (
    <Card withBorder padding="sm" data-testid="anchor-card">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <UserAvatar name={anchor.displayName} picture={anchor.profilePicture} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <TextLink component={Link} to={profilePath(anchor.uid)} fw={600}>
                {anchor.displayName}
              </TextLink>
              <VerifiedBadge verified={anchor.verifiedInPerson} />
            </Group>
            <Group gap={4}>
              <Badge size="xs" variant="light" color={anchor.connectionType === 'local' ? 'teal' : 'violet'}>
                {anchor.connectionType === 'local' ? 'Local' : 'Distant'}
              </Badge>
              {/* Absent when the anchor's profile visibility hides it from their anchors. */}
              {anchor.location?.city && (
                <Text size="xs" c="dimmed">
                  {anchor.location.city}, {anchor.location.state}
                </Text>
              )}
            </Group>
          </Stack>
        </Group>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${anchor.displayName}`} onClick={() => onRemove(anchor)}>
          <span aria-hidden>✕</span>
        </ActionIcon>
      </Group>
    </Card>
  );
}
