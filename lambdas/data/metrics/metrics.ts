import { PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { communityMetricsSchema, type CommunityMetrics } from '#contracts/metrics';
import type { CommunityFacts } from '#domain/community-metrics';
import { isVerifiedInPerson } from '#domain/verification';
import { dynamo, tableName } from '#data/table';
import { keys, USER_PROFILE_SK, type ParsedKey } from '#data/table';

const FRIENDSHIP_SK = 'FRIENDSHIP';
const METRICS_PK = keys.metrics('').pk;

/**
 * Only what the metrics read: a page carries a few attributes per item, not whole records. Every
 * name goes through a placeholder (`state`, `location`, `status` are DynamoDB reserved words).
 */
const PROJECTED_PATHS = [
  'sk',
  'uid',
  'isVerified',
  'verificationLevel',
  'createdAt',
  'lastActive',
  'profileCompleted',
  'location.city',
  'location.state',
  'invitedBy',
  'inviteSystem.invitedBy',
  'inviteSystem.pendingInviteCode',
  'inviteSystem.inviteCode',
  'inviteSystem.invitesUsed',
  'status',
  'connectionType',
];
const placeholder = (name: string) => `#${name}`;
const PROJECTION = PROJECTED_PATHS.map((path) => path.split('.').map(placeholder).join('.')).join(', ');
const PROJECTION_NAMES = Object.fromEntries(PROJECTED_PATHS.flatMap((path) => path.split('.')).map((name) => [placeholder(name), name]));

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

function factsOf(item: Record<string, unknown>): CommunityFacts | null {
  if (item.sk === FRIENDSHIP_SK) return { kind: 'connection', status: text(item.status), connectionType: text(item.connectionType) };
  if (item.sk !== USER_PROFILE_SK) return null;
  const invites = (item.inviteSystem ?? {}) as Record<string, unknown>;
  const location = (item.location ?? {}) as Record<string, unknown>;
  return {
    kind: 'member',
    uid: text(item.uid),
    isVerified: item.isVerified === true,
    verifiedInPerson: isVerifiedInPerson(item),
    createdAt: text(item.createdAt),
    lastActive: text(item.lastActive),
    profileCompleted: item.profileCompleted === true,
    city: text(location.city),
    state: text(location.state),
    invitedBy: textOrNull(item.invitedBy) ?? textOrNull(invites.invitedBy),
    pendingInviteCode: textOrNull(invites.pendingInviteCode),
    ownInviteCode: text(invites.inviteCode),
    invitesUsed: typeof invites.invitesUsed === 'number' ? invites.invitesUsed : 0,
  };
}

/**
 * What a record counts for in the metrics, by the scan's own filter: a verified member, or an
 * accepted pair that is not a dev tools' dummy (`dummy` present at all, as attribute_not_exists
 * reads it); anything else, null. The stream's counters read each image through it, so they count
 * exactly what a scan would.
 */
export function countedFactsOf(key: ParsedKey, item: Record<string, unknown> | undefined): CommunityFacts | null {
  if (!item) return null;
  if (key.kind === 'member') return item.isVerified === true ? factsOf(item) : null;
  if (key.kind === 'friendship') return item.status === 'accepted' && item.dummy === undefined ? factsOf(item) : null;
  return null;
}

/**
 * Reads the whole table in Scan pages (1 MB each, or `pageLimit` items read) and hands each page's
 * verified members and accepted pairs to `onPage`; the page is dropped before the next is read, so
 * memory holds one page at a time whatever the table's size.
 */
export async function scanCommunity(onPage: (page: CommunityFacts[]) => void, pageLimit?: number): Promise<{ pages: number }> {
  let pages = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName(),
        ProjectionExpression: PROJECTION,
        // Dev tools' dummy pairs are marked `dummy` (their members are unverified): left out.
        FilterExpression: '(#sk = :profile AND #isVerified = :yes) OR (#sk = :friendship AND #status = :accepted AND attribute_not_exists(#dummy))',
        ExpressionAttributeNames: { ...PROJECTION_NAMES, '#dummy': 'dummy' },
        ExpressionAttributeValues: { ':profile': USER_PROFILE_SK, ':yes': true, ':friendship': FRIENDSHIP_SK, ':accepted': 'accepted' },
        ExclusiveStartKey: startKey,
        Limit: pageLimit,
      }),
    );
    pages++;
    onPage((page.Items ?? []).map(factsOf).filter((facts): facts is CommunityFacts => facts !== null));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { pages };
}

/** One record per day: a second run the same day replaces it, so re-runs are harmless. */
export async function putDailyMetrics(metrics: CommunityMetrics): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...keys.metrics(metrics.date), ...metrics } }));
}

/**
 * The latest `limit` daily records, newest first: one Query on the METRICS partition. Records
 * written before the full set of metrics existed (only a member count) do not parse and are left
 * out rather than shown with invented zeros.
 */
export async function latestDailyMetrics(limit: number): Promise<CommunityMetrics[]> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :metrics',
      ExpressionAttributeValues: { ':metrics': METRICS_PK },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.flatMap((item) => {
    const parsed = communityMetricsSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
