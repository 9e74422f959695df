import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { VouchNotice } from '#contracts/notifications';
import { conditionalWrite, keys, tableName, type ClassifiedChange } from '#data/table';

/**
 * The 'vouching' notifications, each read from a change on the table's stream like the other
 * kinds, so every one of them passes the same rules (the switch, blocks, the unread cap) and the
 * same live push (lambdas/streams/notify.ts): a vouch received written active (new or renewed), a
 * vouch received voided while it counted (its voucher was removed as not real), and the member's
 * record: its level moving either way, a strike for a vouchee removed as not real, the right to
 * vouch lost, and the month-ahead notice (notifyVerificationExpiring, which the minute sweep calls).
 */
export interface VouchNoticeSource {
  type: 'vouching';
  recipient: string;
  notice: VouchNotice;
  /** Who did it: the voucher of 'vouched'; nobody for the rest. */
  actorId: string | null;
  /** The date the notice names ('expiring': the lapse; 'vouching-suspended': when vouching is allowed again). */
  until: string | null;
  at: string;
  /**
   * What makes a notice once-only when its moment is not stored on the item (a lapse: the record
   * keeps no time of it, so `at` is when the change was read): its recipient is told of it once
   * (the told-once marker), however often the stream delivers the change.
   */
  once?: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function stringsOf(value: unknown): string[] {
  if (value instanceof Set) return [...value].map(String);
  return Array.isArray(value) ? value.map(String) : [];
}

/** Where the record keeps the month-ahead notice it was sent: for which lapse, and when. */
const NOTICE_UNTIL = 'lapseNoticeUntil';
const NOTICE_AT = 'lapseNoticeAt';

/**
 * The notices a change makes; `now` is only the moment of a lapse (see `once`). Reads the images
 * only, so a redelivered record makes the same notices (and the same notification ids).
 */
export function vouchNoticesOf({ key, eventName, oldImage, newImage }: Omit<ClassifiedChange, 'sequenceNumber'>, now: Date): VouchNoticeSource[] {
  if (!newImage || eventName === 'REMOVE') return [];
  if (key.kind === 'vouch-received') return receivedNoticesOf(key.subjectUid, key.voucherUid, oldImage, newImage);
  if (key.kind === 'member' && oldImage) return recordNoticesOf(key.uid, oldImage, newImage, now);
  return [];
}

function receivedNoticesOf(
  subject: string,
  voucher: string,
  oldImage: Record<string, unknown> | undefined,
  newImage: Record<string, unknown>,
): VouchNoticeSource[] {
  const vouchedAt = text(newImage.vouchedAt);
  const base = { type: 'vouching' as const, recipient: subject, until: null };
  // New, renewed (a new vouchedAt) or made active again: someone met the member and vouched.
  if (newImage.state === 'active' && vouchedAt && (oldImage?.state !== 'active' || text(oldImage.vouchedAt) !== vouchedAt))
    return [{ ...base, notice: 'vouched', actorId: voucher, at: vouchedAt }];
  // Voided while it still counted: its voucher was removed as not real (accountability).
  const changedAt = text(newImage.changedAt);
  const counted = oldImage?.state === 'active' && changedAt !== null && String(oldImage.lapsesAt ?? '') > changedAt;
  if (newImage.state === 'void' && counted) return [{ ...base, notice: 'voucher-removed', actorId: null, at: changedAt }];
  return [];
}

function recordNoticesOf(uid: string, oldImage: Record<string, unknown>, newImage: Record<string, unknown>, now: Date): VouchNoticeSource[] {
  const notices: VouchNoticeSource[] = [];
  const base = { type: 'vouching' as const, recipient: uid, actorId: null, until: null };
  const before = oldImage.verificationLevel === 'verified';
  const after = newImage.verificationLevel === 'verified';
  const verifiedAt = text(newImage.verifiedAt);
  // The founder is verified from the start: nothing to tell.
  if (!before && after && verifiedAt && newImage.verifiedVia !== 'founder') notices.push({ ...base, notice: 'verified', at: verifiedAt });
  if (before && !after) notices.push({ ...base, notice: 'lapsed', at: now.toISOString(), once: `lapsed\n${uid}\n${String(newImage.vouchVersion ?? '')}` });

  const strikesBefore = new Set(stringsOf(oldImage.vouchStrikes));
  const newStrike = stringsOf(newImage.vouchStrikes)
    .filter((at) => !strikesBefore.has(at))
    .sort()
    .at(-1);
  if (newStrike) notices.push({ ...base, notice: 'vouchee-removed', at: newStrike });
  const suspendedUntil = text(newImage.vouchingSuspendedUntil);
  if (suspendedUntil && suspendedUntil !== text(oldImage.vouchingSuspendedUntil))
    notices.push({
      ...base,
      notice: 'vouching-suspended',
      until: suspendedUntil,
      at: newStrike ?? now.toISOString(),
      once: `suspended\n${uid}\n${suspendedUntil}`,
    });

  const noticeUntil = text(newImage[NOTICE_UNTIL]);
  const noticeAt = text(newImage[NOTICE_AT]);
  if (noticeUntil && noticeAt && noticeUntil !== text(oldImage[NOTICE_UNTIL])) notices.push({ ...base, notice: 'expiring', until: noticeUntil, at: noticeAt });
  return notices;
}

/**
 * The month-ahead notice that the member's verification lapses on `until` unless someone vouches
 * again (the minute sweep's 'verification-notice'): written on the member's record, once per
 * `until` (a repeat for the same lapse changes nothing, so tells nothing), and the stream's consumer
 * makes the notification from that change as it makes the others. Nothing for a member who is gone.
 */
export async function notifyVerificationExpiring(uid: string, until: string, now = new Date()): Promise<void> {
  await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: 'SET #until = :until, #at = :at',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#until) OR #until <> :until)',
      ExpressionAttributeNames: { '#until': NOTICE_UNTIL, '#at': NOTICE_AT },
      ExpressionAttributeValues: { ':until': until, ':at': now.toISOString() },
    }),
  );
}
