import { memberJoinedState } from './0001-member-joined-state.ts';
import { postCounts } from './0002-post-counts.ts';
import { likeLikerId } from './0003-like-liker-id.ts';
import { feedEntryExpiry } from './0004-feed-entry-expiry.ts';
import { placeCityStateApart } from './0005-place-city-state-apart.ts';
import { verifiedInPerson } from './0006-verified-in-person.ts';
import type { Migration } from './migration.ts';

/**
 * Every migration, in the order a stage runs them. Append only: a version, once run on any stage,
 * keeps its number and its meaning (a changed backfill is a new migration). plan.ts checks the order.
 */
export const migrations: readonly Migration[] = [memberJoinedState, postCounts, likeLikerId, feedEntryExpiry, placeCityStateApart, verifiedInPerson];
