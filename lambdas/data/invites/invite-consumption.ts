import type { InviteType } from '#contracts/joining';
import { DISTANT_INVITES_PER_MEMBER, LOCAL_INVITES_PER_MEMBER } from '#contracts/user';
import { tableName } from '#data/table';
import { transact } from '#data/table';
import { keys, UNVERIFIED_QUEUE } from '#data/table';

export interface Consumption {
  inviterUid: string;
  inviteeUid: string;
  inviteType: InviteType;
  /** The place a local or distant invite was judged on (recorded on the invitee). */
  place: { city: string; state: string } | null;
  /**
   * The invitee's Cognito username when sign-up held this invite for them (PreSignUp's
   * reservation): the held invite turns into a used one. Null for an account admitted without one
   * (an operator's AdminCreateUser): then an invite must be free after those held for others.
   */
  reservationOf: string | null;
  now: Date;
}

/** Which side's condition refused the transaction (the caller re-reads to explain). */
export type ConsumptionOutcome =
  { ok: true } | { ok: false; reason: 'inviter-refused' } | { ok: false; reason: 'invitee-refused' } | { ok: false; reason: 'reservation-gone' };

/**
 * The inviter's side of the transaction. Every limit is a condition here, checked by DynamoDB in
 * the write itself (never read-then-write): a member's code moves only while invites remain and
 * its kind has fewer than 5 uses; a superuser's code has no quota (only `isSuperuser` must still
 * hold) and its remaining count never goes below zero.
 */
function inviterUpdate(consumption: Consumption, superuserHasInvitesLeft: boolean) {
  const { inviterUid, inviteType, reservationOf } = consumption;
  const values: Record<string, unknown> = { ':one': 1, ':zero': 0 };
  const sets = ['inviteSystem.invitesUsed = if_not_exists(inviteSystem.invitesUsed, :zero) + :one'];
  const conditions = ['attribute_exists(pk)'];
  if (reservationOf !== null) {
    sets.push('inviteSystem.invitesReserved = inviteSystem.invitesReserved - :one');
    conditions.push('inviteSystem.invitesReserved > :zero');
  } else {
    // Not held at sign-up: the inviter must have joined and have an invite free of those held for
    // others, and their code must admit newcomers (invites not disabled, no suspension counting).
    values[':string'] = 'S';
    values[':yes'] = true;
    values[':nowIso'] = consumption.now.toISOString();
    conditions.push('(attribute_type(joinedAt, :string) OR isSuperuser = :yes OR isAdmin = :yes)');
    conditions.push('attribute_not_exists(invitesDisabled) AND (attribute_not_exists(suspendedUntil) OR suspendedUntil <= :nowIso)');
    if (inviteType !== 'unrestricted') {
      conditions.push('(attribute_not_exists(inviteSystem.invitesReserved) OR inviteSystem.invitesRemaining > inviteSystem.invitesReserved)');
    }
  }
  if (inviteType === 'unrestricted') {
    values[':true'] = true;
    conditions.push('isSuperuser = :true');
    if (superuserHasInvitesLeft) {
      sets.push('inviteSystem.invitesRemaining = inviteSystem.invitesRemaining - :one');
      conditions.push('inviteSystem.invitesRemaining > :zero');
    }
  } else {
    const counter = inviteType === 'local' ? 'localInvitesUsed' : 'distantInvitesUsed';
    values[':limit'] = inviteType === 'local' ? LOCAL_INVITES_PER_MEMBER : DISTANT_INVITES_PER_MEMBER;
    sets.push('inviteSystem.invitesRemaining = inviteSystem.invitesRemaining - :one');
    sets.push(`inviteSystem.${counter} = if_not_exists(inviteSystem.${counter}, :zero) + :one`);
    conditions.push('inviteSystem.invitesRemaining > :zero');
    conditions.push(`(attribute_not_exists(inviteSystem.${counter}) OR inviteSystem.${counter} < :limit)`);
  }
  return {
    name: 'inviter' as const,
    Update: {
      TableName: tableName(),
      Key: keys.user(inviterUid),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: values,
    },
  };
}

/** The invitee's side: `invitedBy` is set only if absent, so a second redemption fails whole. */
function inviteeUpdate({ inviterUid, inviteeUid, inviteType, place, now }: Consumption) {
  const bindsPlace = inviteType !== 'unrestricted' && place !== null;
  return {
    name: 'invitee' as const,
    Update: {
      TableName: tableName(),
      Key: keys.user(inviteeUid),
      // The top-level invitedBy feeds the sparse byInviter index (invite tree); queue and queueKey
      // put the new member in the admins' list of members not yet verified in person (GSI queues),
      // which the write that verifies them takes them out of.
      UpdateExpression:
        'SET invitedBy = :inviter, inviteSystem.invitedBy = :inviter, inviteSystem.inviteType = :type, inviteSystem.invitedAt = :now, joinedAt = :now, ' +
        '#queue = :unverified, #queueKey = :queueKey' +
        (bindsPlace ? ', inviteSystem.invitedFrom = :place' : '') +
        ' REMOVE inviteSystem.pendingInviteCode',
      ConditionExpression:
        'attribute_exists(pk) AND attribute_not_exists(invitedBy) AND ' + '(attribute_not_exists(inviteSystem.invitedBy) OR inviteSystem.invitedBy = :null)',
      ExpressionAttributeNames: { '#queue': 'queue', '#queueKey': 'queueKey' },
      ExpressionAttributeValues: {
        ':inviter': inviterUid,
        ':type': inviteType,
        ':now': now.toISOString(),
        ':null': null,
        ':unverified': UNVERIFIED_QUEUE,
        ':queueKey': `${now.toISOString()}#${inviteeUid}`,
        ...(bindsPlace && { ':place': { city: place.city, state: place.state } }),
      },
    },
  };
}

/** A held invite turns into a used one: its reservation goes in the same transaction. */
function reservationDelete({ inviterUid, reservationOf }: Consumption) {
  if (reservationOf === null) return [];
  return [
    {
      name: 'reservation' as const,
      Delete: {
        TableName: tableName(),
        Key: keys.inviteReservation(reservationOf),
        // Not once the lapse job has begun deleting the account; only a verified hold (an unverified
        // one still counts among the inviter's unverified holds: useInviteCode confirms it first).
        ConditionExpression: 'attribute_exists(pk) AND invitedBy = :inviter AND attribute_not_exists(lapsingSince) AND attribute_not_exists(unverified)',
        ExpressionAttributeValues: { ':inviter': inviterUid },
      },
    },
  ];
}

/**
 * Consumes one invite: the inviter's counters, the invitee's `invitedBy` and `joinedAt`, and the
 * invite held for them at sign-up, in ONE transaction (concurrent redemptions of one code collide
 * on the inviter's record: a conflict is retried by `transact`).
 * `superuserHasInvitesLeft` (read before) only chooses whether a superuser's remaining count is
 * also lowered; the write re-checks it as a condition.
 */
export async function consumeInvite(consumption: Consumption, superuserHasInvitesLeft = false): Promise<ConsumptionOutcome> {
  const outcome = await transact([inviterUpdate(consumption, superuserHasInvitesLeft), inviteeUpdate(consumption), ...reservationDelete(consumption)]);
  if (outcome.ok) return { ok: true };
  // The invitee's side first: an already-invited member must get the idempotent answer.
  if (outcome.failed.includes('invitee')) return { ok: false, reason: 'invitee-refused' };
  if (outcome.failed.includes('inviter')) return { ok: false, reason: 'inviter-refused' };
  // The held invite lapsed (or was released) meanwhile.
  return { ok: false, reason: 'reservation-gone' };
}
