import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RESERVATION_DAYS } from '#contracts/invites';
import { tableName, dynamo } from './aws-clients.ts';
import { conditionalWrite, transact } from './conditional.ts';
import { keys, RESERVATION_PARTITION } from './keys.ts';
import { queryAll } from './query-all.ts';

/** An invite held for someone who signed up with a member's code and has not joined yet. */
export interface Reservation {
  /** The account's Cognito username (with email sign-in, its sub: the uid its record will have). */
  username: string;
  inviterUid: string;
  /** The code it was taken with (it may have been replaced since; the reservation stands). */
  code: string;
  displayName: string;
  email: string;
  reservedAt: string;
  lapsesAt: string;
  /** When the lapse job last found the Cognito account there (it checks once, then only at lapse). */
  accountSeenAt?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function lapseTimeOf(reservedAt: Date): Date {
  return new Date(reservedAt.getTime() + RESERVATION_DAYS * DAY_MS);
}

export function readReservation(item: Record<string, unknown>): Reservation {
  return {
    username: String(item.username),
    inviterUid: String(item.invitedBy),
    code: String(item.code),
    displayName: String(item.displayName ?? ''),
    email: String(item.email ?? ''),
    reservedAt: String(item.createdAt),
    lapsesAt: String(item.lapsesAt),
    ...(typeof item.accountSeenAt === 'string' && { accountSeenAt: item.accountSeenAt }),
  };
}

export function isReservationItem(item: Record<string, unknown>): boolean {
  return item.pk === RESERVATION_PARTITION;
}

/**
 * The inviter's condition for holding one more invite, checked by DynamoDB inside the write:
 * the code is still theirs (a replaced code admits nobody), they joined and are not being removed,
 * their invites are not disabled and no suspension counts (issue 16: ISO date-times compare as
 * strings), and — unless a superuser — an invite is left after those already held.
 */
const CAN_HOLD_ANOTHER =
  'attribute_exists(pk) AND inviteSystem.inviteCode = :code AND attribute_not_exists(removalPending) AND ' +
  'attribute_not_exists(invitesDisabled) AND (attribute_not_exists(suspendedUntil) OR suspendedUntil <= :nowIso) AND ' +
  '(attribute_type(joinedAt, :string) OR isSuperuser = :true OR isAdmin = :true) AND ' +
  '(isSuperuser = :true OR (attribute_not_exists(inviteSystem.invitesReserved) AND inviteSystem.invitesRemaining > :zero) OR ' +
  'inviteSystem.invitesRemaining > inviteSystem.invitesReserved)';

export interface NewReservation {
  username: string;
  inviterUid: string;
  code: string;
  displayName: string;
  email: string;
  now: Date;
}

/**
 * Holds one of the inviter's invites for a sign-up: the reservation and the inviter's held count
 * in one transaction, so 15 sign-ups racing for the last 10 invites admit exactly 10. Returns
 * false when the inviter's condition refused it (the caller re-reads the inviter to say why).
 */
export async function reserveInvite({ username, inviterUid, code, displayName, email, now }: NewReservation): Promise<boolean> {
  const outcome = await transact([
    {
      name: 'inviter',
      Update: {
        TableName: tableName(),
        Key: keys.user(inviterUid),
        UpdateExpression: 'SET inviteSystem.invitesReserved = if_not_exists(inviteSystem.invitesReserved, :zero) + :one',
        ConditionExpression: CAN_HOLD_ANOTHER,
        ExpressionAttributeValues: { ':code': code, ':string': 'S', ':true': true, ':zero': 0, ':one': 1, ':nowIso': now.toISOString() },
      },
    },
    {
      name: 'reservation',
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.inviteReservation(username),
          username,
          invitedBy: inviterUid,
          // byInviter's sort key: the invite tree lists the newest arrivals last, as it does members.
          createdAt: now.toISOString(),
          lapsesAt: lapseTimeOf(now).toISOString(),
          code,
          displayName,
          email,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  return outcome.ok;
}

export async function findReservation(username: string): Promise<Reservation | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.inviteReservation(username), ConsistentRead: true }));
  return Item ? readReservation(Item) : null;
}

/**
 * Gives a held invite back: the reservation goes and the inviter's held count drops, together.
 * When the inviter's record is gone (removed first), only the reservation is deleted. Returns
 * whether this call released it (false: already released by a racing run, or consumed).
 */
export async function releaseReservation(username: string): Promise<boolean> {
  const reservation = await findReservation(username);
  if (!reservation) return false;
  const ownDelete = {
    TableName: tableName(),
    Key: keys.inviteReservation(username),
    ConditionExpression: 'attribute_exists(pk) AND invitedBy = :inviter',
    ExpressionAttributeValues: { ':inviter': reservation.inviterUid },
  };
  const outcome = await transact([
    { name: 'reservation', Delete: ownDelete },
    {
      name: 'inviter',
      Update: {
        TableName: tableName(),
        Key: keys.user(reservation.inviterUid),
        UpdateExpression: 'SET inviteSystem.invitesReserved = inviteSystem.invitesReserved - :one',
        ConditionExpression: 'attribute_exists(pk) AND inviteSystem.invitesReserved > :zero',
        ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
      },
    },
  ]);
  if (outcome.ok) return true;
  if (outcome.failed.includes('reservation')) return false;
  // The inviter's record is gone (or holds nothing): the reservation alone goes.
  return (await conditionalWrite(new DeleteCommand(ownDelete))) !== null;
}

/** Every pending reservation (the lapse job's work list): one partition, no scan. */
export async function listAllReservations(): Promise<Reservation[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': RESERVATION_PARTITION },
  });
  return items.map(readReservation);
}

/**
 * Marks a held invite as lapsing before the job deletes its account: from then on it can no longer
 * turn into a member (the consumption's condition), so the job never deletes someone who just
 * joined. False when it is gone (used or released meanwhile).
 */
export async function markLapsing(username: string, now: Date): Promise<boolean> {
  const marked = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.inviteReservation(username),
      UpdateExpression: 'SET lapsingSince = if_not_exists(lapsingSince, :now)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
  return marked !== null;
}

/** Remembers that the reservation's Cognito account exists, so the job asks Cognito once, not every run. */
export async function markAccountSeen(username: string, now: Date): Promise<void> {
  await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.inviteReservation(username),
      UpdateExpression: 'SET accountSeenAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}
