import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminMember } from '#contracts/admin';
import { DEFAULT_COUNTRY, userSchema, type User } from '#contracts/user';
import { dynamo, tableName } from '#data/table';
import { userIndexAttributes, withoutStorageAttributes } from '#data/table';
import { queryAll } from '#data/table';
import { isVerifiedInPerson } from '#domain/verification';

/** The index that holds exactly the user records (every record has emailShard/emailKey, nothing else does). */
const USER_RECORDS_INDEX = 'byEmail';

/** What the panel says of an admin besides the member: the founder, and since when (set by grantAdmin; older admins: null). */
export interface MemberRoles {
  isFounder: boolean;
  adminSince: string | null;
}

/** Where a member stands with verification in person: verified, or joined and not verified yet. */
export interface MemberStanding {
  verifiedInPerson: boolean;
  joined: boolean;
}

/** Scan page size: small enough that a page is a fraction of DynamoDB's 1 MB cap for these few attributes. */
const SCAN_PAGE = 500;

/**
 * Calls `visit` with every member record, one Scan page of GSI byEmail at a time (only the
 * attributes the panel needs), so neither posts, feed entries nor likes are ever read and no more
 * than one page is held in memory.
 */
export async function forEachMember(visit: (member: AdminMember, roles: MemberRoles, standing: MemberStanding) => void, pageSize = SCAN_PAGE): Promise<void> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName(),
        IndexName: USER_RECORDS_INDEX,
        ProjectionExpression: 'uid, displayName, email, #location, isSuperuser, isAdmin, isFounder, adminSince, verificationLevel, joinedAt',
        ExpressionAttributeNames: { '#location': 'location' },
        Limit: pageSize,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? [])
      visit(
        adminMemberOf(item),
        { isFounder: item.isFounder === true, adminSince: typeof item.adminSince === 'string' ? item.adminSince : null },
        { verifiedInPerson: isVerifiedInPerson(item), joined: typeof item.joinedAt === 'string' },
      );
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Members whose email starts with `prefix` (case-insensitive), in email order: GSI byEmail. */
export async function findUsersByEmailPrefix(prefix: string, limit: number): Promise<User[]> {
  const { emailShard, emailKey } = userIndexAttributes({ uid: '', displayName: '', email: prefix });
  if (!emailKey) return [];
  const items = await queryAll(
    {
      TableName: tableName(),
      IndexName: USER_RECORDS_INDEX,
      KeyConditionExpression: 'emailShard = :shard AND begins_with(emailKey, :prefix)',
      ExpressionAttributeValues: { ':shard': emailShard, ':prefix': emailKey },
      Limit: limit,
    },
    limit,
  );
  return items.slice(0, limit).map((item) => userSchema.parse(withoutStorageAttributes(item)));
}

export function adminMemberOfUser(user: User): AdminMember {
  return {
    uid: user.uid,
    displayName: user.displayName,
    email: user.email,
    location: user.location,
    isSuperuser: user.isSuperuser,
    isAdmin: user.isAdmin,
    verifiedInPerson: isVerifiedInPerson(user),
  };
}

/** Both stored variants of the record read the same (the older one lacks isSuperuser and isAdmin). */
function adminMemberOf(item: Record<string, unknown>): AdminMember {
  const location = (item.location ?? {}) as Partial<AdminMember['location']>;
  return {
    uid: String(item.uid ?? ''),
    displayName: String(item.displayName ?? ''),
    email: String(item.email ?? ''),
    location: { city: location.city ?? '', state: location.state ?? '', country: location.country ?? DEFAULT_COUNTRY },
    isSuperuser: item.isSuperuser === true,
    isAdmin: item.isAdmin === true,
    verifiedInPerson: isVerifiedInPerson(item),
  };
}
