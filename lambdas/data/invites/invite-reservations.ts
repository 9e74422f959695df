import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RESERVATION_DAYS } from '#contracts/invites';
import type { SignUpTicket } from '#domain/sign-up-ticket';
import { UNVERIFIED_HOLD_HOURS, UNVERIFIED_HOLDS_PER_MEMBER } from '#domain/sign-up-limits';
import { tableName, dynamo } from '#data/table';
import { conditionalWrite, transact } from '#data/table';
import { keys, RESERVATION_PARTITION } from '#data/table';
import { TTL_ATTRIBUTE } from '#data/table';
import { queryAll } from '#data/table';

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
  /**
   * True until PostConfirmation learns the account's email was verified: the hold then counts
   * among the inviter's at most 4 unverified ones and lapses within a day. Absent on holds taken
   * before holds knew of verification (they count as verified).
   */
  unverified: boolean;
  /**
   * When the inviter's code replacement released this unverified hold: the invite is back with the
   * inviter, the account cannot join and lapses at `lapsesAt` (the reservation stays only for that).
   */
  releasedAt?: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** When a verified account's hold lapses: 7 days after its sign-up. */
export function lapseTimeOf(reservedAt: Date): Date {
  return new Date(reservedAt.getTime() + RESERVATION_DAYS * DAY_MS);
}

/** When an unverified account's hold lapses: 23 hours after its sign-up (released within 24 by the hourly job). */
export function unverifiedLapseTimeOf(reservedAt: Date): Date {
  return new Date(reservedAt.getTime() + UNVERIFIED_HOLD_HOURS * HOUR_MS);
}

export function readReservation(item: Record<string, unknown>): Reservation {
  return {
    username: String(item.username),
    // A released hold left the byInviter index (no invitedBy); it remembers whose it was.
    inviterUid: String(item.invitedBy ?? item.releasedFrom),
    code: String(item.code),
    displayName: String(item.displayName ?? ''),
    email: String(item.email ?? ''),
    reservedAt: String(item.createdAt),
    lapsesAt: String(item.lapsesAt),
    ...(typeof item.accountSeenAt === 'string' && { accountSeenAt: item.accountSeenAt }),
    unverified: item.unverified === true,
    ...(typeof item.releasedAt === 'string' && { releasedAt: item.releasedAt }),
  };
}

export function isReservationItem(item: Record<string, unknown>): boolean {
  return item.pk === RESERVATION_PARTITION;
}

/**
 * The inviter's condition for holding one more invite, checked by DynamoDB inside the write:
 * the code is still theirs (a replaced code admits nobody), they joined and are not being removed,
 * their invites are not disabled and no suspension counts (ISO date-times compare as
 * strings), and — unless a superuser — an invite is left after those already held and fewer than
 * 4 are held for accounts whose email is not verified yet (a leaked code cannot freeze the rest).
 */
const CAN_HOLD_ANOTHER =
  'attribute_exists(pk) AND inviteSystem.inviteCode = :code AND attribute_not_exists(removalPending) AND ' +
  'attribute_not_exists(invitesDisabled) AND (attribute_not_exists(suspendedUntil) OR suspendedUntil <= :nowIso) AND ' +
  '(attribute_type(joinedAt, :string) OR isSuperuser = :true OR isAdmin = :true) AND ' +
  '(isSuperuser = :true OR (attribute_not_exists(inviteSystem.invitesReserved) AND inviteSystem.invitesRemaining > :zero) OR ' +
  'inviteSystem.invitesRemaining > inviteSystem.invitesReserved) AND ' +
  '(isSuperuser = :true OR attribute_not_exists(inviteSystem.invitesUnverified) OR inviteSystem.invitesUnverified < :maxUnverified)';

export interface NewReservation {
  username: string;
  inviterUid: string;
  code: string;
  displayName: string;
  email: string;
  /** The sign-up ticket that admitted it: spent in the same transaction, so it admits no other. */
  ticket?: SignUpTicket;
  now: Date;
}

/**
 * Held (also when this sign-up's own earlier call held it: a retry); or refused by the inviter's
 * condition (the caller re-reads the inviter to say why); or the ticket was spent by another sign-up.
 */
export type ReserveOutcome = 'reserved' | 'inviter-refused' | 'ticket-spent' | 'duplicate';

/**
 * The ticket's nonce, written once: a second sign-up with the same ticket fails the whole
 * transaction. The email (lower-cased, as Cognito compares it) tells a retry of the same sign-up
 * from another sign-up (resumeHold).
 */
function ticketSpend(ticket: SignUpTicket | undefined, username: string, email: string) {
  if (!ticket) return [];
  return [
    {
      name: 'ticket' as const,
      Put: {
        TableName: tableName(),
        Item: { ...keys.spentSignUpTicket(ticket.nonce), username, email: email.toLowerCase(), [TTL_ATTRIBUTE]: ticket.expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/**
 * Holds one of the inviter's invites for a sign-up, unverified: the reservation, the inviter's
 * held and unverified counts and the spent ticket in one transaction, so 15 sign-ups racing for
 * the last 3 invites admit exactly 3, and one ticket admits one sign-up.
 */
export async function reserveInvite({ username, inviterUid, code, displayName, email, ticket, now }: NewReservation): Promise<ReserveOutcome> {
  const outcome = await transact([
    {
      name: 'inviter' as const,
      Update: {
        TableName: tableName(),
        Key: keys.user(inviterUid),
        UpdateExpression:
          'SET inviteSystem.invitesReserved = if_not_exists(inviteSystem.invitesReserved, :zero) + :one, ' +
          'inviteSystem.invitesUnverified = if_not_exists(inviteSystem.invitesUnverified, :zero) + :one',
        ConditionExpression: CAN_HOLD_ANOTHER,
        ExpressionAttributeValues: {
          ':code': code,
          ':string': 'S',
          ':true': true,
          ':zero': 0,
          ':one': 1,
          ':nowIso': now.toISOString(),
          ':maxUnverified': UNVERIFIED_HOLDS_PER_MEMBER,
        },
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
          lapsesAt: unverifiedLapseTimeOf(now).toISOString(),
          unverified: true,
          code,
          displayName,
          email,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...ticketSpend(ticket, username, email),
  ]);
  if (outcome.ok) return 'reserved';
  if (outcome.failed.includes('ticket')) return (await spentBy(ticket, username)) ? 'reserved' : 'ticket-spent';
  if (outcome.failed.includes('inviter')) return 'inviter-refused';
  return 'duplicate';
}

/**
 * Whether this very sign-up already spent the ticket and holds its invite: Cognito may call a
 * trigger again for one SignUp (a retry after a timeout), and the first call's transaction may
 * have been written. That retry is admitted (nothing is written twice); any other sign-up is not.
 */
async function spentBy(ticket: SignUpTicket | undefined, username: string): Promise<boolean> {
  if (!ticket) return false;
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.spentSignUpTicket(ticket.nonce), ConsistentRead: true }));
  return Item?.username === username && (await findReservation(username)) !== null;
}

/**
 * The hold an earlier attempt at the same sign-up took with this ticket: the sign-up that spent it
 * gave the same email, under another username (with email sign-in Cognito names every SignUp call
 * anew), and its hold is still an unverified one of this inviter's code. Null for anything else.
 */
export async function earlierAttemptHold(ticket: SignUpTicket, { username, email, inviterUid, code }: Omit<NewReservation, 'ticket' | 'displayName' | 'now'>) {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.spentSignUpTicket(ticket.nonce), ConsistentRead: true }));
  if (!email || Item?.email !== email.toLowerCase() || typeof Item.username !== 'string' || Item.username === username) return null;
  const held = await findReservation(Item.username);
  const resumable = held?.unverified && !held.releasedAt && !held.accountSeenAt && held.inviterUid === inviterUid && held.code === code;
  return resumable ? held : null;
}

/**
 * Moves an earlier attempt's hold to this sign-up, in one transaction: the old reservation goes
 * (still as read: unverified, not released, not lapsing, no account seen), the same hold is put
 * under the new username (its times kept: it lapses as the first one would have), and the spent
 * ticket names the new username. The inviter's counts do not change: one invite stays held.
 */
export async function resumeHold(from: Reservation, to: { username: string; displayName: string; email: string }, ticket: SignUpTicket): Promise<boolean> {
  const outcome = await transact([
    {
      name: 'earlier' as const,
      Delete: {
        TableName: tableName(),
        Key: keys.inviteReservation(from.username),
        ConditionExpression:
          'invitedBy = :inviter AND code = :code AND unverified = :true AND attribute_not_exists(releasedAt) AND ' +
          'attribute_not_exists(lapsingSince) AND attribute_not_exists(accountSeenAt)',
        ExpressionAttributeValues: { ':inviter': from.inviterUid, ':code': from.code, ':true': true },
      },
    },
    {
      name: 'resumed',
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.inviteReservation(to.username),
          username: to.username,
          invitedBy: from.inviterUid,
          createdAt: from.reservedAt,
          lapsesAt: from.lapsesAt,
          unverified: true,
          code: from.code,
          displayName: to.displayName,
          email: to.email,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      name: 'ticket',
      Update: {
        TableName: tableName(),
        Key: keys.spentSignUpTicket(ticket.nonce),
        UpdateExpression: 'SET username = :to',
        ConditionExpression: 'username = :from',
        ExpressionAttributeValues: { ':from': from.username, ':to': to.username },
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
 * The inviter's counts for a hold that goes (released, lapsed, used): held −1, and unverified −1
 * while the account had not verified its email.
 */
function inviterGivesBack(inviterUid: string, unverified: boolean) {
  return {
    name: 'inviter' as const,
    Update: {
      TableName: tableName(),
      Key: keys.user(inviterUid),
      UpdateExpression:
        'SET inviteSystem.invitesReserved = inviteSystem.invitesReserved - :one' +
        (unverified ? ', inviteSystem.invitesUnverified = inviteSystem.invitesUnverified - :one' : ''),
      ConditionExpression: 'attribute_exists(pk) AND inviteSystem.invitesReserved > :zero' + (unverified ? ' AND inviteSystem.invitesUnverified > :zero' : ''),
      ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
    },
  };
}

/**
 * Gives a held invite back: the reservation goes and the inviter's held count drops, together.
 * When the inviter's record is gone (removed first), only the reservation is deleted; so it is
 * for a hold the code's replacement already released. Returns whether this call released it
 * (false: already released by a racing run, or consumed).
 */
export async function releaseReservation(username: string): Promise<boolean> {
  const reservation = await findReservation(username);
  if (!reservation) return false;
  if (reservation.releasedAt) {
    return (
      (await conditionalWrite(
        new DeleteCommand({ TableName: tableName(), Key: keys.inviteReservation(username), ConditionExpression: 'attribute_exists(releasedAt)' }),
      )) !== null
    );
  }
  const ownDelete = {
    TableName: tableName(),
    Key: keys.inviteReservation(username),
    // As read: still this inviter's, and still (un)verified as counted.
    ConditionExpression: `attribute_exists(pk) AND invitedBy = :inviter AND ${reservation.unverified ? 'unverified = :true' : 'attribute_not_exists(unverified)'}`,
    ExpressionAttributeValues: { ':inviter': reservation.inviterUid, ...(reservation.unverified && { ':true': true }) },
  };
  const outcome = await transact([{ name: 'reservation' as const, Delete: ownDelete }, inviterGivesBack(reservation.inviterUid, reservation.unverified)]);
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

/**
 * PostConfirmation: the account's email is verified, so its hold leaves the inviter's unverified
 * ones and lasts the 7 days from sign-up. Nothing to do when there is no unverified hold (an
 * operator's account, a hold used, released or lapsing meanwhile). When the inviter's record is
 * gone, the hold is marked verified alone.
 */
export async function confirmReservation(username: string): Promise<boolean> {
  const reservation = await findReservation(username);
  if (!reservation?.unverified || reservation.releasedAt) return false;
  const verify = {
    TableName: tableName(),
    Key: keys.inviteReservation(username),
    UpdateExpression: 'SET lapsesAt = :lapsesAt REMOVE unverified',
    ConditionExpression: 'unverified = :true AND invitedBy = :inviter AND attribute_not_exists(lapsingSince)',
    ExpressionAttributeValues: { ':true': true, ':inviter': reservation.inviterUid, ':lapsesAt': lapseTimeOf(new Date(reservation.reservedAt)).toISOString() },
  };
  const outcome = await transact([
    { name: 'reservation' as const, Update: verify },
    {
      name: 'inviter' as const,
      Update: {
        TableName: tableName(),
        Key: keys.user(reservation.inviterUid),
        UpdateExpression: 'SET inviteSystem.invitesUnverified = inviteSystem.invitesUnverified - :one',
        ConditionExpression: 'attribute_exists(pk) AND inviteSystem.invitesUnverified > :zero',
        ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
      },
    },
  ]);
  if (outcome.ok) return true;
  if (outcome.failed.includes('reservation')) return false;
  return (await conditionalWrite(new UpdateCommand(verify))) !== null;
}

/**
 * After a code replacement: releases the holds of the inviter's still-unverified accounts that
 * signed up with any code but `currentCode`. Each gives its invite back at once (held and
 * unverified −1) and stays, released, until it lapses: the account can no longer join, and the
 * lapse job deletes it. It leaves the byInviter index (no more pending on the Invites page).
 * At most 4 such holds exist for a member (more for a superuser): a few small transactions.
 */
export async function releaseUnverifiedHoldsOf(inviterUid: string, currentCode: string, now: Date): Promise<number> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'byInviter',
    KeyConditionExpression: 'invitedBy = :inviter',
    FilterExpression: 'pk = :reservations AND unverified = :true AND code <> :current',
    ExpressionAttributeValues: { ':inviter': inviterUid, ':reservations': RESERVATION_PARTITION, ':true': true, ':current': currentCode },
  });
  let released = 0;
  for (const reservation of items.map(readReservation)) {
    const outcome = await transact([
      {
        name: 'reservation' as const,
        Update: {
          TableName: tableName(),
          Key: keys.inviteReservation(reservation.username),
          UpdateExpression: 'SET releasedAt = :now, releasedFrom = :inviter REMOVE invitedBy',
          ConditionExpression: 'invitedBy = :inviter AND unverified = :true AND code <> :current AND attribute_not_exists(lapsingSince)',
          ExpressionAttributeValues: { ':now': now.toISOString(), ':inviter': inviterUid, ':true': true, ':current': currentCode },
        },
      },
      inviterGivesBack(inviterUid, true),
    ]);
    if (outcome.ok) released++;
  }
  return released;
}
