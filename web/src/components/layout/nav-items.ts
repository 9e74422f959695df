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
 * Signed in: Dashboard, Anchors, Metrics, the member's profile (display name), Settings, and Admin
 * for admins (their record says so: the server checks it on every admin call).
 */
export function signedInItems(userId: string, displayName: string, isAdmin = false): NavItem[] {
  return [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Anchors', to: '/anchors' },
    { label: 'Metrics', to: '/metrics' },
    { label: displayName, to: `/profile/${encodeURIComponent(userId)}`, ariaLabel: `Your profile: ${displayName}` },
    { label: 'Settings', to: '/settings' },
    ...(isAdmin ? [{ label: 'Admin', to: '/admin' }] : []),
  ];
}

/**
 * The mobile menu: the header's items, Invites and the Moderation log (on desktop both are in the
 * dashboard's side menu).
 */
export function mobileMenuItems(userId: string, displayName: string, isAdmin = false): NavItem[] {
  const items = signedInItems(userId, displayName, isAdmin);
  const afterAnchors = items.findIndex((item) => item.to === '/anchors') + 1;
  return [
    ...items.slice(0, afterAnchors),
    { label: 'Invites', to: '/invites' },
    ...items.slice(afterAnchors),
    { label: 'Moderation log', to: '/moderation-log' },
  ];
}

/** The mobile bottom bar (spec §2): Feed, Groups, Post, Anchors, Profile. */
export function bottomBarItems(userId: string): NavItem[] {
  return [
    { label: 'Feed', to: '/dashboard' },
    { label: 'Groups', to: '/groups' },
    { label: 'Post', to: '/post' },
    { label: 'Anchors', to: '/anchors' },
    { label: 'Profile', to: `/profile/${encodeURIComponent(userId)}` },
  ];
}

export function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
