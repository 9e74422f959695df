import { countHeldInvites } from '#data/migrations';
import { backfill, type Migration } from './migration.ts';

/**
 * Member records written before invites that hold (cb6f8bd) lack `joinedAt`, so the presence check
 * takes every older member for an account still joining and refuses them all but the joining path
 * (403), and their codes admit nobody (the reservation's condition wants the inviter joined). A
 * member whose invite was used (top-level `invitedBy`, set by that use) joined when it was used;
 * one who never used an invite has not joined and keeps no joinedAt. The same records lack
 * `inviteSystem.invitesReserved`, which every write reads as 0 when absent; it is filled too, from
 * the invites held for their invitees, so the record has the shape the code writes today.
 * The table stream sees the change: notification-changes.ts tells an inviter of a joinedAt only
 * when the same write set invitedBy, so the backfill notifies nobody.
 */

type Attributes = Record<string, unknown>;

function inviteSystemOf(attributes: Attributes): Attributes | null {
  const system = attributes.inviteSystem;
  return system !== null && typeof system === 'object' ? (system as Attributes) : null;
}

/** When an older member joined: the use of their invite, else their record's creation; null for one who never used an invite. */
export function joinedAtOf(attributes: Attributes): string | null {
  if (typeof attributes.invitedBy !== 'string' || attributes.invitedBy === '') return null;
  const invitedAt = inviteSystemOf(attributes)?.invitedAt;
  if (typeof invitedAt === 'string' && invitedAt !== '') return invitedAt;
  return typeof attributes.createdAt === 'string' ? attributes.createdAt : null;
}

export const memberJoinedState: Migration = {
  version: '0001',
  description: 'Member records: joinedAt for members whose invite was used, and inviteSystem.invitesReserved counted from the invites held for their invitees',
  run: (_context, { dryRun }) =>
    backfill(
      'member',
      // inviteCode is read only to see whether the record has an inviteSystem at all (the projection drops an empty map).
      { lacking: ['joinedAt', 'inviteSystem.invitesReserved'], read: ['invitedBy', 'createdAt', 'inviteSystem.invitedAt', 'inviteSystem.inviteCode'] },
      async ({ owner, attributes }) => {
        const values: Record<string, unknown> = {};
        const joinedAt = 'joinedAt' in attributes ? null : joinedAtOf(attributes);
        if (joinedAt) values.joinedAt = joinedAt;
        const system = inviteSystemOf(attributes);
        if (system && !('invitesReserved' in system)) values['inviteSystem.invitesReserved'] = await countHeldInvites(owner);
        return values;
      },
      dryRun,
    ),
};
