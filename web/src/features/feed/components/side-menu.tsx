import { Badge, Card, NavLink, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths, profilePath } from '../../../lib/paths.ts';
import { vouchingLink } from '../../vouching/index.ts';

interface SideMenuProps {
  userId: string;
  /** Verified in person: the menu offers vouching for others rather than getting verified. */
  verified: boolean;
}

/** Spec §2 Dashboard side menu: News Feed, Profile, Groups (Coming Soon: its page says so), Anchors, Invites, vouching's entry, Moderation log, Messages and Events (Coming Soon). */
function ComingSoon() {
  return (
    <Badge size="xs" variant="light" color="gray">
      Coming Soon
    </Badge>
  );
}

export function SideMenu({ userId, verified }: SideMenuProps) {
  const links: { label: string; to: string; active?: boolean; comingSoon?: boolean }[] = [
    { label: 'News Feed', to: paths.dashboard, active: true, comingSoon: false },
    { label: 'Profile', to: profilePath(userId) },
    { label: 'Groups', to: paths.groups, comingSoon: true },
    { label: 'Anchors', to: paths.anchors },
    { label: 'Invites', to: paths.invites },
    vouchingLink(verified),
    { label: 'Moderation log', to: paths.moderationLog },
  ];
  return (
    <Card withBorder padding="xs" component="nav" aria-label="Dashboard menu">
      <Stack gap={2}>
        {links.map((link) => (
          <NavLink
            key={link.label}
            component={Link}
            to={link.to}
            label={link.label}
            active={link.active}
            aria-current={link.active ? 'page' : undefined}
            rightSection={link.comingSoon ? <ComingSoon /> : undefined}
          />
        ))}
        {['Messages', 'Events'].map((label) => (
          <NavLink key={label} label={label} disabled aria-disabled rightSection={<ComingSoon />} />
        ))}
      </Stack>
    </Card>
  );
}
