import { COMPOSE_POST_PATH, paths, profilePath } from '../../lib/paths.ts';
import { vouchingLink } from '../../features/vouching/index.ts';

export interface NavItem {
  label: string;
  to: string;
  /** Accessible name when the visible label alone is ambiguous (e.g. a display name). */
  ariaLabel?: string;
}

export const SIGNED_OUT_ITEMS: NavItem[] = [
  { label: 'Why', to: paths.why },
  { label: 'Sign In', to: paths.signIn },
  { label: 'Join', to: paths.signUp },
];

/**
 * Signed in: Dashboard, Anchors, Metrics, the member's profile (display name), Settings, Admin
 * for admins (their record says so: the server checks it on every admin call), and Dev tools where
 * they exist (dev and local stages: every member may use them there).
 */
export function signedInItems(userId: string, displayName: string, isAdmin = false, devTools = false): NavItem[] {
  return [
    { label: 'Dashboard', to: paths.dashboard },
    { label: 'Anchors', to: paths.anchors },
    { label: 'Metrics', to: paths.metrics },
    { label: displayName, to: profilePath(userId), ariaLabel: `Your profile: ${displayName}` },
    { label: 'Settings', to: paths.settings },
    ...(isAdmin ? [{ label: 'Admin', to: paths.admin }] : []),
    ...(devTools ? [{ label: 'Dev tools', to: paths.dev }] : []),
  ];
}

/**
 * The mobile menu: the header's items, Invites, vouching's entry and the Moderation log (on
 * desktop they are in the dashboard's side menu).
 */
export function mobileMenuItems(userId: string, displayName: string, isAdmin = false, devTools = false, verified = false): NavItem[] {
  const items = signedInItems(userId, displayName, isAdmin, devTools);
  const afterAnchors = items.findIndex((item) => item.to === paths.anchors) + 1;
  return [
    ...items.slice(0, afterAnchors),
    { label: 'Invites', to: paths.invites },
    vouchingLink(verified),
    ...items.slice(afterAnchors),
    { label: 'Moderation log', to: paths.moderationLog },
  ];
}

/** The mobile bottom bar (spec §2): Feed, Groups, Post (the dashboard's composer, focused), Anchors, Profile. */
export function bottomBarItems(userId: string): NavItem[] {
  return [
    { label: 'Feed', to: paths.dashboard },
    { label: 'Groups', to: paths.groups },
    { label: 'Post', to: COMPOSE_POST_PATH },
    { label: 'Anchors', to: paths.anchors },
    { label: 'Profile', to: profilePath(userId) },
  ];
}

export function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
