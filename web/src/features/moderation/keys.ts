/**
 * Moderation data several screens share (the "…" menus of posts, comments and profiles, Settings ›
 * Privacy, the app shell's suspension banner, the dashboard's notices, the Invites page, the
 * moderation log). Keys are per member, like the session's.
 */
export const moderationKeys = {
  all: ['moderation'] as const,
  blocked: (uid: string) => ['moderation', uid, 'blocked'] as const,
  muted: (uid: string) => ['moderation', uid, 'muted'] as const,
  standing: (uid: string) => ['moderation', uid, 'standing'] as const,
  myReports: (uid: string) => ['moderation', uid, 'my-reports'] as const,
  log: (uid: string) => ['moderation', uid, 'log'] as const,
  /** The admin queue. */
  reports: ['moderation', 'admin', 'reports'] as const,
};
