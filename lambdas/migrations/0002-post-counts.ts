import { countPostReactions } from '#data/migrations';
import { backfill, type Migration } from './migration.ts';

/**
 * The post is the only home of its counts, moved with `countsVersion` in each like's
 * and comment's transaction; the live push and the page keep the highest countsVersion they saw.
 * Posts have carried likeCount and commentCount since they existed (written as 0), but those made
 * before countsVersion (5ba7dce) lack it, and a post missing a count would show none and fail its
 * `> 0` condition on an unlike or a deleted comment. Filled from the table: the counts are the
 * post's LIKE# and COMMENT# items, countsVersion starts at 0 (each later change adds 1).
 */
export const postCounts: Migration = {
  version: '0002',
  description: 'Posts: likeCount and commentCount counted from their like and comment items, countsVersion 0',
  run: (_context, { dryRun }) =>
    backfill(
      'post',
      { lacking: ['likeCount', 'commentCount', 'countsVersion'], read: [] },
      async ({ owner, attributes }) => {
        const counts = await countPostReactions(owner);
        const values: Record<string, unknown> = {};
        if (!('likeCount' in attributes)) values.likeCount = counts.likes;
        if (!('commentCount' in attributes)) values.commentCount = counts.comments;
        if (!('countsVersion' in attributes)) values.countsVersion = 0;
        return values;
      },
      dryRun,
    ),
};
