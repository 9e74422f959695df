/**
 * The entity areas of lambdas/data, until its files move into one folder per area (then a file's
 * area is its folder and this table goes). A data module imports only the plumbing and its own
 * area: code that reaches into several areas is a workflow (lambdas/workflows). The imports listed
 * in CROSSINGS predate the rule; none may be added.
 */
export const DATA_AREAS = {
  plumbing: [
    'aws-clients',
    'backoff',
    'batch',
    'conditional',
    'fault-injection',
    'grant-check',
    'grant-scopes',
    'keys',
    'product-metrics',
    'query-all',
    'rate-limits',
    'table-changes',
    'table-schema',
    'tracer',
  ],
  members: [
    'access-tokens',
    'account-emails',
    'accounts',
    'admin-directory',
    'audit-log',
    'cognito-accounts',
    'cognito-groups',
    'cognito-mfa',
    'member-presence',
    'member-roles',
    'member-search',
    'profile-updates',
    'protected-members',
    'session-epochs',
    'users',
  ],
  posts: ['author-details', 'comments', 'content-changes', 'feed', 'likes', 'member-contributions', 'member-posts', 'posts'],
  'social graph': ['anchors', 'blocks', 'friendships', 'moderation-lists', 'mutes'],
  moderation: ['member-sanctions', 'moderation-records', 'reports'],
  invites: ['invite-codes', 'invite-consumption', 'invite-reservations', 'invite-tree'],
  metrics: ['inviter-ranking', 'metrics', 'metrics-counters'],
  live: ['live-connections', 'live-management', 'live-push'],
  storage: ['member-files', 'photos', 'picture-versions', 'pictures'],
  exports: ['data-export-archive', 'data-export-contents', 'data-export-dispatch', 'data-export-jobs'],
  notifications: ['notification-changes', 'notification-removal', 'notifications'],
  removal: ['member-removal-steps', 'removal-dispatch', 'removal-jobs'],
  migrations: ['migration-records', 'migrations-store'],
  places: ['places/build-us-places', 'places/us-places'],
};

/** Imports across areas that predate the rule ('from -> to', file names in lambdas/data). */
export const CROSSINGS = new Set([
  'content-changes -> anchors',
  'data-export-archive -> pictures',
  'data-export-contents -> comments',
  'data-export-contents -> friendships',
  'data-export-contents -> invite-tree',
  'data-export-contents -> likes',
  'data-export-contents -> member-contributions',
  'data-export-contents -> member-presence',
  'data-export-contents -> posts',
  'friendships -> users',
  'member-contributions -> anchors',
  'member-removal-steps -> friendships',
  'member-sanctions -> member-presence',
  'notifications -> member-presence',
  'notifications -> moderation-lists',
  'notifications -> pictures',
  'photos -> users',
  'picture-versions -> member-presence',
  'protected-members -> friendships',
  'protected-members -> invite-reservations',
  'protected-members -> invite-tree',
  'removal-jobs -> audit-log',
  'reports -> comments',
  'reports -> posts',
  'table-changes -> member-presence',
  'table-changes -> posts',
]);

/** A data module's area ('plumbing' included), or null for a file the table does not name. */
export function dataAreaOf(repoPath) {
  const name = /^lambdas\/data\/(.+)\.ts$/.exec(repoPath)?.[1];
  if (!name) return null;
  for (const [area, names] of Object.entries(DATA_AREAS)) if (names.includes(name)) return area;
  return null;
}

/** Why a data module may not import another data module, or null when it may. */
export function dataAreaRefusal(file, target) {
  if (!file.startsWith('lambdas/data/') || !target?.startsWith('lambdas/data/')) return null;
  const [area, targetArea] = [dataAreaOf(file), dataAreaOf(target)];
  if (targetArea === 'plumbing' || (area !== null && area === targetArea)) return null;
  const name = (path) => path.slice('lambdas/data/'.length).replace(/\.ts$/, '');
  if (area === null) return `name ${file}'s entity area in lint/data-areas.js`;
  if (CROSSINGS.has(`${name(file)} -> ${name(target)}`)) return null;
  return `a data module imports only the data plumbing and its own entity area (${area} → ${targetArea ?? 'unnamed'}): coordinate areas in lambdas/workflows`;
}
