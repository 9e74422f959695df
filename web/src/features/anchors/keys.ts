/**
 * Anchor data several screens share (the anchors page, profiles, the dashboard's pending count).
 * Every key starts with 'anchors', so one invalidation after any anchor action refreshes them all.
 */
export const anchorKeys = {
  all: ['anchors'] as const,
  list: (uid: string) => ['anchors', uid, 'list'] as const,
  requests: (uid: string) => ['anchors', uid, 'requests'] as const,
  search: (uid: string, query: string) => ['anchors', uid, 'search', query] as const,
  profile: (uid: string, userId: string) => ['anchors', uid, 'profile', userId] as const,
};
