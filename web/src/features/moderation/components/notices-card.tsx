import { Button, Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Notice, NoticeKind } from '#contracts/moderation';
import { formatMoment, useStanding } from '../api/moderation.ts';
import { noticeText } from '../moderation-words.ts';

const DISMISSED_KEY = 'dismissedModerationNotices';

function readDismissed(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeDismissed(ids: string[]): void {
  try {
    // The server keeps the latest 50 notices; remembering a few more than that is enough.
    localStorage.setItem(DISMISSED_KEY, JSON.stringify(ids.slice(-200)));
  } catch {
    // storage blocked: dismissing lasts until the page is reloaded
  }
}

/** One notice: what happened, when, and the admin's note to the member when there is one. */
export function NoticeLine({ notice }: { notice: Notice }) {
  return (
    <Stack gap={2}>
      <Text size="sm">{noticeText(notice)}</Text>
      {notice.noteToMember && (
        <Text size="sm" c="dimmed">
          Note from the admins: {notice.noteToMember}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {formatMoment(notice.at)}
      </Text>
    </Stack>
  );
}

/**
 * The member's moderation notices (getMyStanding: warnings, suspensions, removed content, disabled
 * invites, outcomes of their reports, sanctions of members they invited), each dismissible; the
 * dismissed ones are remembered in this browser. Nothing when there is nothing new.
 * `kinds` limits it (the Invites page shows only its own).
 */
export function NoticesCard({ kinds, title = 'Notices', mb = 'md' }: { kinds?: readonly NoticeKind[]; title?: string; mb?: string | number }) {
  const standing = useStanding();
  const [dismissed, setDismissed] = useState<string[]>(readDismissed);
  const notices = (standing.data?.notices ?? []).filter((notice) => (!kinds || kinds.includes(notice.kind)) && !dismissed.includes(notice.noticeId));
  if (notices.length === 0) return null;

  const dismiss = (ids: string[]) => {
    const next = [...dismissed, ...ids];
    setDismissed(next);
    writeDismissed(next);
  };

  return (
    <Card withBorder padding="md" mb={mb} component="section" aria-labelledby="notices-title" data-testid="moderation-notices">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5" id="notices-title">
          {title}
        </Title>
        {notices.length > 1 && (
          <Button variant="subtle" size="compact-xs" onClick={() => dismiss(notices.map((notice) => notice.noticeId))}>
            Dismiss all
          </Button>
        )}
      </Group>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {notices.map((notice) => (
          <Group key={notice.noticeId} component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <NoticeLine notice={notice} />
            <CloseButton size="sm" aria-label={`Dismiss: ${noticeText(notice)}`} onClick={() => dismiss([notice.noticeId])} />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
