import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import type { CallableOutput } from '../../lambdas/contracts/callables.ts';
import type { Endpoints } from '../../local/cloud-files.ts';
import { call, ok } from './callable-client.ts';
import { signIn } from './local-cloud-client.ts';
import { createMember, type MemberOptions, type TestMember } from './local-cloud-members.ts';

/**
 * Helpers of the vouching tests: members, verified the way a new community verifies its first
 * vouchers (an admin's verifyMember), codes shown and redeemed through the callables, and reads of
 * what the table holds (to say "nothing was written"). Call useLocalCloudData first.
 */
export function vouchingClient(endpoints: Endpoints, founder: { email: string; password: string }) {
  let adminToken: string | undefined;
  const admin = async (): Promise<string> => (adminToken ??= (await signIn(endpoints, founder.email, founder.password)).accessToken);

  const member = (label: string, options: MemberOptions = {}): Promise<TestMember> =>
    createMember(endpoints, label, { displayName: `${label} ${Date.now().toString(36)}`, ...options });

  /** A member an admin verified in person (with a reason, into the audit log). */
  const verifiedMember = async (label: string, options: MemberOptions = {}): Promise<TestMember> => {
    const created = await member(label, options);
    await ok(endpoints, 'verifyMember', { token: await admin(), data: { userId: created.uid, reason: 'Met them at the founding meeting' } });
    return created;
  };

  const codeOf = (subject: TestMember): Promise<CallableOutput<'createVouchCode'>> => ok(endpoints, 'createVouchCode', { token: subject.accessToken });

  /** The voucher scans a fresh code of the subject's and confirms. */
  const vouch = async (voucher: TestMember, subject: TestMember): Promise<CallableOutput<'vouchFor'>> => {
    const { nonce } = await codeOf(subject);
    return ok(endpoints, 'vouchFor', { token: voucher.accessToken, data: { nonce } });
  };

  const vouchesOf = (member: TestMember): Promise<CallableOutput<'listMyVouches'>> => ok(endpoints, 'listMyVouches', { token: member.accessToken });

  const tryVouch = (voucher: TestMember, form: { nonce: string } | { code: string }) => call(endpoints, 'vouchFor', { token: voucher.accessToken, data: form });
  const tryPreview = (voucher: TestMember, form: { nonce: string } | { code: string }) =>
    call(endpoints, 'previewVouchCode', { token: voucher.accessToken, data: form });

  return { admin, member, verifiedMember, codeOf, vouch, vouchesOf, tryVouch, tryPreview };
}

/** A member's record as stored. */
export async function storedRecord(uid: string): Promise<Record<string, unknown> | undefined> {
  const [{ dynamo, tableName }, { keys }] = await Promise.all([import('#data/table'), import('#data/table')]);
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid), ConsistentRead: true }));
  return Item;
}

/** Every vouch item (received VOUCH#, given VOUCHED#, monthly VOUCHMONTH#) in a member's partition. */
export async function vouchItemsOf(uid: string): Promise<Record<string, unknown>[]> {
  const [{ dynamo, tableName }, { keys }] = await Promise.all([import('#data/table'), import('#data/table')]);
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :vouch)',
      ExpressionAttributeValues: { ':pk': keys.user(uid).pk, ':vouch': 'VOUCH' },
      ConsistentRead: true,
    }),
  );
  return Items;
}

/** The stored code a nonce names (by its digest). */
export async function storedCode(nonce: string): Promise<Record<string, unknown> | undefined> {
  const [{ dynamo, tableName, keys }, { nonceDigestOf }] = await Promise.all([import('#data/table'), import('#data/vouching')]);
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.vouchNonce(nonceDigestOf(nonce)), ConsistentRead: true }));
  return Item;
}

/** What the members' partitions hold of vouches (vouchItemsOf), to compare before and after a refusal. */
export interface VouchSnapshot {
  members: readonly TestMember[];
  items: Record<string, unknown>[][];
}

export async function vouchSnapshot(...members: TestMember[]): Promise<VouchSnapshot> {
  return { members, items: await Promise.all(members.map((member) => vouchItemsOf(member.uid))) };
}

/** A refusal wrote nothing: the code is not redeemed, and the members' vouch items and counts are as they were. */
export async function expectNothingWritten(nonce: string, before: VouchSnapshot): Promise<void> {
  expect((await storedCode(nonce))?.redeemedBy).toBeUndefined();
  expect(await vouchSnapshot(...before.members)).toEqual(before);
}
