/**
 * Every page of the app by name. The router registers these, and every link, redirect and
 * navigation takes its path from here: the house lint refuses a page path written as a string
 * anywhere else in web/src, so renaming a page is one edit and a typo cannot link nowhere.
 */
export const paths = {
  home: '/',
  why: '/why',
  /** How verification in person works (public: the landing's "Verified real people" links here). */
  aboutVerification: '/about/verification',
  terms: '/terms',
  privacy: '/privacy',
  signUp: '/auth/signup',
  register: '/auth/register',
  verifyEmail: '/auth/verify-email',
  signIn: '/auth/signin',
  resetPassword: '/auth/reset-password',
  welcome: '/welcome',
  profileSetup: '/profile/setup',
  /** The linked-only "Profile" of spec §2; a member's own profile is profilePath(uid). */
  profile: '/profile',
  dashboard: '/dashboard',
  anchors: '/anchors',
  invites: '/invites',
  admin: '/admin',
  metrics: '/metrics',
  notifications: '/notifications',
  settings: '/settings',
  moderationLog: '/moderation-log',
  /** Get verified: the member's vouch code (the vouching feature). */
  verify: '/verify',
  /** Vouch for a member: scan or type their code (the vouching feature). */
  vouch: '/vouch',
  dev: '/dev',
  groups: '/groups',
  discoverGroups: '/groups/discover',
  createGroup: '/groups/create',
  newPost: '/post',
} as const;

/** Route patterns with parameters, as the router registers them. */
export const routePatterns = {
  profile: '/profile/:userId',
  group: '/groups/:id',
} as const;

/** Every path under this prefix is an auth screen (sign-in never returns to one). */
export const AUTH_PATH_PREFIX = '/auth/';

/** The dashboard's query flag that opens the post composer (the bottom bar's Post). */
export const COMPOSE_PARAM = 'compose';

/**
 * The Anchors page's flag that focuses Find New Anchors' search box (the page drops it once it
 * has), so an empty state's "Find anchors" lands in the search rather than at the top.
 */
export const FIND_ANCHORS_PARAM = 'find';

export function profilePath(userId: string): string {
  return `${paths.profile}/${encodeURIComponent(userId)}`;
}

/** The dashboard with the composer open and focused. */
export const COMPOSE_POST_PATH = `${paths.dashboard}?${COMPOSE_PARAM}`;
export const FIND_ANCHORS_PATH = `${paths.anchors}?${FIND_ANCHORS_PARAM}`;
/** Settings on its Vouches tab (vouches received and given, with Withdraw). */
export const SETTINGS_VOUCHES_PATH = `${paths.settings}?tab=vouches`;
/** The Anchors page on its Pending tab (the dashboard's 'Pending requests'). */
export const PENDING_ANCHORS_PATH = `${paths.anchors}?tab=pending`;

/** An auth screen with its email field filled in (sign-in, verify email, reset password). */
export function withEmail(path: (typeof paths)['signIn' | 'verifyEmail' | 'resetPassword'], email: string): string {
  return `${path}?email=${encodeURIComponent(email)}`;
}
