import { createHash, randomBytes, randomInt } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { VOUCH_CODE_SECONDS, VOUCH_SHORT_CODE_ALPHABET, VOUCH_SHORT_CODE_LENGTH } from '#contracts/vouching';
import { dynamo, keys, tableName, transact, TTL_ATTRIBUTE, type NamedItem } from '#data/table';

/**
 * Vouch codes: a nonce of 128 random bits (what the QR code carries) and a six-character fallback
 * to type, good for one minute and one vouch. Only the nonce's sha256 digest is stored, so a read
 * of the table cannot redeem a code; the fallback item names that digest.
 */

/** A code is kept a day after its minute (TTL), long enough to answer "already used" or "expired" rather than "not valid". */
const KEEP_SECONDS = 24 * 60 * 60;
/** Draws of a fallback that collides with a live one before giving up (31^6 codes: a collision is rare). */
const SHORT_CODE_DRAWS = 5;

export interface StoredVouchCode {
  nonceDigest: string;
  subjectUid: string;
  issuedAt: string;
  validUntil: string;
  redeemedBy?: string;
  redeemedAt?: string;
}

export function nonceDigestOf(nonce: string): string {
  return createHash('sha256').update(nonce, 'utf8').digest('base64url');
}

function newShortCode(): string {
  return Array.from({ length: VOUCH_SHORT_CODE_LENGTH }, () => VOUCH_SHORT_CODE_ALPHABET[randomInt(VOUCH_SHORT_CODE_ALPHABET.length)]).join('');
}

/**
 * A fresh code for `subjectUid`: the nonce item and the fallback item in one transaction, the
 * fallback on the condition that no live code holds it (a collision: draw again).
 */
export async function mintVouchCode(subjectUid: string, now: Date): Promise<{ nonce: string; code: string; validUntil: string }> {
  const validUntil = new Date(now.getTime() + VOUCH_CODE_SECONDS * 1000).toISOString();
  const expiresAt = Math.floor(now.getTime() / 1000) + VOUCH_CODE_SECONDS + KEEP_SECONDS;
  for (let draw = 0; draw < SHORT_CODE_DRAWS; draw++) {
    const nonce = randomBytes(16).toString('base64url');
    const nonceDigest = nonceDigestOf(nonce);
    const code = newShortCode();
    const items: NamedItem<'nonce' | 'short'>[] = [
      {
        name: 'nonce',
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.vouchNonce(nonceDigest),
            nonceDigest,
            subjectUid,
            shortCode: code,
            issuedAt: now.toISOString(),
            validUntil,
            [TTL_ATTRIBUTE]: expiresAt,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        name: 'short',
        Put: {
          TableName: tableName(),
          Item: { ...keys.vouchShortCode(code), nonceDigest, subjectUid, validUntil, [TTL_ATTRIBUTE]: expiresAt },
          // A fallback whose minute is over may be drawn again (its nonce keeps answering "expired").
          ConditionExpression: 'attribute_not_exists(pk) OR validUntil < :now',
          ExpressionAttributeValues: { ':now': now.toISOString() },
        },
      },
    ];
    const outcome = await transact(items);
    if (outcome.ok) return { nonce, code, validUntil };
  }
  throw new Error('No free vouch code after several draws');
}

async function getByDigest(nonceDigest: string): Promise<StoredVouchCode | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.vouchNonce(nonceDigest), ConsistentRead: true }));
  if (!Item) return null;
  return {
    nonceDigest,
    subjectUid: String(Item.subjectUid),
    issuedAt: String(Item.issuedAt),
    validUntil: String(Item.validUntil),
    ...(typeof Item.redeemedBy === 'string' && { redeemedBy: Item.redeemedBy }),
    ...(typeof Item.redeemedAt === 'string' && { redeemedAt: Item.redeemedAt }),
  };
}

/** The code a nonce or a typed fallback names, or null when none does. */
export async function findVouchCode(form: { nonce?: string | undefined; code?: string | undefined }): Promise<StoredVouchCode | null> {
  if (form.nonce !== undefined) return getByDigest(nonceDigestOf(form.nonce));
  if (form.code === undefined) return null;
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.vouchShortCode(form.code), ConsistentRead: true }));
  return typeof Item?.nonceDigest === 'string' ? getByDigest(Item.nonceDigest) : null;
}

/**
 * A transaction item that redeems a code for `voucherUid`: it fails unless the code is unredeemed
 * and still within its minute, so of two vouchers redeeming one code at once one wins.
 */
export function redeemVouchCodeItem<N extends string>(name: N, code: StoredVouchCode, voucherUid: string, now: Date): NamedItem<N> {
  return {
    name,
    Update: {
      TableName: tableName(),
      Key: keys.vouchNonce(code.nonceDigest),
      UpdateExpression: 'SET redeemedBy = :voucher, redeemedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(redeemedBy) AND validUntil > :now',
      ExpressionAttributeValues: { ':voucher': voucherUid, ':now': now.toISOString() },
    },
  };
}
