/**
 * lambdas/data is one folder per entity area, and `table/` is the plumbing every area shares
 * (clients, keys, schema, conditional writes, batches, backoff, tracing). Code in lambdas/ outside a
 * folder imports the folder's one entry (`#data/<folder>`, its index.ts), never a module inside it;
 * inside a folder, modules import each other directly. A data module imports only the plumbing and its
 * own area: code that reaches into several areas is a workflow (lambdas/workflows). The imports in
 * CROSSINGS predate the rule; none may be added.
 */
const PLUMBING = 'table';
const IN_A_FOLDER = 'a data module lives in the folder of its entity area (lambdas/data/<area>/), or in table/ if it is plumbing';

/** Imports across areas that predate the rule ('<folder>/<file> -> <folder>', paths in lambdas/data). */
export const CROSSINGS = new Set([
  'changes/table-changes -> members',
  'changes/table-changes -> posts',
  'exports/data-export-archive -> storage',
  'exports/data-export-contents -> graph',
  'exports/data-export-contents -> invites',
  'exports/data-export-contents -> members',
  'exports/data-export-contents -> posts',
  'graph/friendships -> members',
  'moderation/member-sanctions -> members',
  'moderation/reports -> posts',
  'notifications/notifications -> graph',
  'notifications/notifications -> members',
  'notifications/notifications -> storage',
  'posts/content-changes -> graph',
  'posts/member-contributions -> graph',
  'removal/member-removal-steps -> graph',
  'removal/protected-members -> graph',
  'removal/protected-members -> invites',
  'removal/removal-jobs -> members',
  'storage/photos -> members',
  'storage/picture-versions -> members',
]);

/** A data module's folder under lambdas/data ('table' for the plumbing), or null outside one. */
export function dataAreaOf(repoPath) {
  return /^lambdas\/data\/([^/]+)\/.+\.ts$/.exec(repoPath)?.[1] ?? null;
}

/** Why `file` may not import the data module `target` (repository paths), or null when it may. */
export function dataAreaRefusal(file, target) {
  if (!file.startsWith('lambdas/') || !target?.startsWith('lambdas/data/')) return null;
  const [area, targetArea] = [dataAreaOf(file), dataAreaOf(target)];
  if (file.startsWith('lambdas/data/') && area === null) return IN_A_FOLDER;
  if (targetArea === null) return IN_A_FOLDER;
  if (area === targetArea) return null;
  if (!target.endsWith(`/${targetArea}/index.ts`)) return `import lambdas/data/${targetArea} through its entry (#data/${targetArea}), not a module inside it`;
  if (!file.startsWith('lambdas/data/') || targetArea === PLUMBING) return null;
  if (CROSSINGS.has(`${file.slice('lambdas/data/'.length).replace(/\.ts$/, '')} -> ${targetArea}`)) return null;
  return `a data module imports only the data plumbing and its own entity area (${area} → ${targetArea}): coordinate areas in lambdas/workflows`;
}
