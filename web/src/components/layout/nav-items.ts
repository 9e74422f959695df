/** The dashboard's query flag that opens the post composer (the bottom bar's Post). */
export const COMPOSE_PARAM = 'compose';

export interface NavItem {
  label: string;
  to: string;
  /** Accessible name when the visible label alone is ambiguous (e.g. a display name). */
  ariaLabel?: string;
}

export const SIGNED_OUT_ITEMS: NavItem[] = [
  { label: 'Why', to: '/why' },
  { label: 'Sign In', to: '/auth/signin' },
  { label: 'Join', to: '/auth/signup' },
];

/**
 * Signed in: Dashboard, Anchors, Metrics, the member's profile (display name), Settings, Admin
 * for admins (their record says so: the server checks it on every admin call), and Dev tools where
 * they exist (dev and local stages: every member may use them there).
 */
export function signedInItems(userId: string, displayName: string, isAdmin = false, devTools = false): NavItem[] {
  return [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Anchors', to: '/anchors' },
    { label: 'Metrics', to: '/metrics' },
    { label: displayName, to: `/profile/${encodeURIComponent(userId)}`, ariaLabel: `Your profile: ${displayName}` },
    { label: 'Settings', to: '/settings' },
    ...(isAdmin ? [{ label: 'Admin', to: '/admin' }] : []),
    ...(devTools ? [{ label: 'Dev tools', to: '/dev' }] : []),
  ];
}

/**
 * The mobile menu: the header's items, Invites and the Moderation log (on desktop both are in the
 * dashboard's side menu).
 */
export function mobileMenuItems(userId: string, displayName: string, isAdmin = false, devTools = false): NavItem[] {
  const items = signedInItems(userId, displayName, isAdmin, devTools);
  const afterAnchors = items.findIndex((item) => item.to === '/anchors') + 1;
  return [
    ...items.slice(0, afterAnchors),
    { label: 'Invites', to: '/invites' },
    ...items.slice(afterAnchors),
    { label: 'Moderation log', to: '/moderation-log' },
  ];
}

/** The mobile bottom bar (spec §2): Feed, Groups, Post (the dashboard's composer, focused), Anchors, Profile. */
export function bottomBarItems(userId: string): NavItem[] {
  return [
    { label: 'Feed', to: '/dashboard' },
    { label: 'Groups', to: '/groups' },
    { label: 'Post', to: `/dashboard?${COMPOSE_PARAM}` },
    { label: 'Anchors', to: '/anchors' },
    { label: 'Profile', to: `/profile/${encodeURIComponent(userId)}` },
  ];
}

export function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
