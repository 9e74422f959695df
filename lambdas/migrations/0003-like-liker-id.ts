import { backfill, type Migration } from './migration.ts';

/**
 * GSI byLiker finds a member's likes by `likerId`; likes written before it lack the
 * attribute, so removing a member or deleting an account would leave their likes behind (and a
 * rename would not reach them). The liker is the like's own key: `LIKE#<uid>`.
 */
export const likeLikerId: Migration = {
  version: '0003',
  description: "Likes: likerId (the liker's uid from the like's key), which puts them in the byLiker index removal reads",
  run: (_context, { dryRun }) => backfill('like', { lacking: ['likerId'], read: [] }, ({ subject }) => ({ likerId: subject }), dryRun),
};
