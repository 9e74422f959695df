import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Standing } from '#contracts/moderation';
import { dynamo, tableName } from '#data/table';
import { conditionalWrite, type NamedItem } from '#data/table';
import { keys } from '#data/table';
import { REMOVAL_PENDING } from '#data/members';
import { queryAll } from '#data/table';

/**
 * Sanctions kept on the member's record: `suspendedUntil` (ISO date-time) with
 * `suspensionNote`, read by the presence check every call already makes (member-presence.ts), and
 * `invitesDisabled`, a condition of every write that admits someone with their code
 * (invite-reservations.ts, invite-consumption.ts).
 */

/** The record's update for a resolution's transaction: only a member who is there and not being removed. */
export function sanctionUpdate(uid: string, sanction: { kind: 'suspend'; until: string; note: string } | { kind: 'disable-invites' }): NamedItem<'member'> {
  const exists = { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#pending)' };
  if (sanction.kind === 'suspend') {
    return {
      name: 'member',
      Update: {
        TableName: tableName(),
        Key: keys.user(uid),
        UpdateExpression: 'SET suspendedUntil = :until, suspensionNote = :note',
        ...exists,
        ExpressionAttributeNames: { '#pending': REMOVAL_PENDING },
        ExpressionAttributeValues: { ':until': sanction.until, ':note': sanction.note },
      },
    };
  }
  return {
    name: 'member',
    Update: {
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: 'SET invitesDisabled = :yes',
      ...exists,
      ExpressionAttributeNames: { '#pending': REMOVAL_PENDING },
      ExpressionAttributeValues: { ':yes': true },
    },
  };
}

/** The member's standing as their record says it (an expired suspension is answered as none). */
export async function getStanding(uid: string, now = new Date()): Promise<Standing> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      ProjectionExpression: 'suspendedUntil, suspensionNote, invitesDisabled',
      ConsistentRead: true,
    }),
  );
  const until = typeof Item?.suspendedUntil === 'string' && Date.parse(Item.suspendedUntil) > now.getTime() ? Item.suspendedUntil : null;
  return {
    suspendedUntil: until,
    suspensionNote: until && typeof Item?.suspensionNote === 'string' ? Item.suspensionNote : null,
    invitesDisabled: Item?.invitesDisabled === true,
  };
}

/**
 * Moves the members `removedUid` invited to `newInviterUid` (null: they become roots of their own):
 * the record's `invitedBy` (GSI byInviter) and `inviteSystem.invitedBy`, each on the condition that
 * it still names the removed member, so a re-run moves nobody twice and touches nobody else.
 * Accounts still on the way in (reservations) are not moved: their held invite is the removed
 * member's, and it lapses with them. Returns how many moved.
 */
export async function reparentInvitees(removedUid: string, newInviterUid: string | null): Promise<number> {
  const invitees = await queryAll({
    TableName: tableName(),
    IndexName: 'byInviter',
    KeyConditionExpression: 'invitedBy = :removed',
    ExpressionAttributeValues: { ':removed': removedUid },
    ProjectionExpression: 'pk, sk',
  });
  const records = invitees.filter((item) => item.sk === keys.user('').sk && item.pk !== keys.user(removedUid).pk);
  const moved = await Promise.all(
    records.map((item) =>
      conditionalWrite(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: String(item.pk), sk: String(item.sk) },
          UpdateExpression: newInviterUid
            ? 'SET invitedBy = :inviter, inviteSystem.invitedBy = :inviter'
            : 'SET inviteSystem.invitedBy = :none REMOVE invitedBy',
          ConditionExpression: 'invitedBy = :removed',
          ExpressionAttributeValues: { ':removed': removedUid, ...(newInviterUid ? { ':inviter': newInviterUid } : { ':none': null }) },
        }),
      ),
    ),
  );
  return moved.filter((written) => written !== null).length;
}
