import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { REPORTS_PAGE_SIZE, type ModerationAction, type ReportReason, type ReportTargetType } from '#contracts/moderation';
import { userSchema, type User } from '#contracts/user';
import { dynamo, tableName } from '#data/table';
import { batchGet } from '#data/table';
import { transact, type NamedItem } from '#data/table';
import { toStoredComment, type StoredComment } from '#data/posts';
import { keys, OPEN_REPORTS_QUEUE, parseKey, OWN_REPORT_PREFIX, postKeys, REPORTER_PREFIX, USER_PROFILE_SK, withoutStorageAttributes } from '#data/table';
import { toStoredPost, type StoredPost } from '#data/posts';
import { queryAll } from '#data/table';

/**
 * Reports: `REPORT#<ULID> / REPORT` holds the report; while open it carries `openQueue`,
 * which puts it in the sparse GSI openReports (the admin queue, oldest first). Beside it, in one
 * transaction: the target's marker `REPORTS#<type>#<id> / REPORTER#<uid>` (one open report per
 * reporter and target; the target's partition lists its open reports, so a resolution resolves them
 * together) and the reporter's own `USER#<uid> / MYREPORT#<id>` (listMyReports is one Query of their
 * partition and one BatchGet; it goes with the partition when the reporter is removed).
 */
export interface StoredReport {
  reportId: string;
  reporterId: string;
  target: { type: ReportTargetType; id: string; postId: string | null };
  /** The member the report is about: the content's author, or the reported member. */
  subjectId: string;
  reason: ReportReason;
  note: string;
  status: 'open' | 'resolved';
  createdAt: string;
  outcome: ModerationAction | null;
  resolvedAt: string | null;
}

export function toStoredReport(item: Record<string, unknown>): StoredReport {
  const target = (item.target ?? {}) as Record<string, unknown>;
  return {
    reportId: String(item.reportId),
    reporterId: String(item.reporterId),
    target: { type: String(target.type) as ReportTargetType, id: String(target.id), postId: typeof target.postId === 'string' ? target.postId : null },
    subjectId: String(item.subjectId),
    reason: String(item.reason) as ReportReason,
    note: String(item.note ?? ''),
    status: item.status === 'resolved' ? 'resolved' : 'open',
    createdAt: String(item.createdAt),
    outcome: typeof item.outcome === 'string' ? (item.outcome as ModerationAction) : null,
    resolvedAt: typeof item.resolvedAt === 'string' ? item.resolvedAt : null,
  };
}

/** The item whose existence the report is conditioned on: the post, the comment, or the member's record. */
function targetItemKey(target: StoredReport['target']): { pk: string; sk: string } {
  if (target.type === 'post') return postKeys.post(target.id);
  if (target.type === 'comment') return postKeys.comment(target.postId ?? '', target.id);
  return keys.user(target.id);
}

export type ReportOutcome = 'created' | 'already-reported' | 'target-gone';

/**
 * Writes a new open report in one transaction: the report, the target's marker (condition: no
 * open report of this reporter on this target) and the reporter's own copy, with a condition check
 * that the target still exists (a member: and is not being removed). Content deleted at the same
 * moment thus answers 'target-gone' or leaves a report whose content the queue shows as gone.
 */
export async function createReport(report: Omit<StoredReport, 'status' | 'outcome' | 'resolvedAt'>): Promise<ReportOutcome> {
  const { reportId, reporterId, target } = report;
  const targetCheck =
    target.type === 'member'
      ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(removalPending)' }
      : { ConditionExpression: 'attribute_exists(pk)' };
  const outcome = await transact([
    { name: 'target', ConditionCheck: { TableName: tableName(), Key: targetItemKey(target), ...targetCheck } },
    {
      name: 'marker',
      Put: {
        TableName: tableName(),
        Item: { ...keys.openReportOnTarget(target.type, target.id, reporterId), reportId, reporterId, createdAt: report.createdAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      name: 'report',
      Put: {
        TableName: tableName(),
        Item: { ...keys.report(reportId), ...report, status: 'open', openQueue: OPEN_REPORTS_QUEUE },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      name: 'own',
      Put: {
        TableName: tableName(),
        Item: { ...keys.ownReport(reporterId, reportId), reportId, createdAt: report.createdAt, reason: report.reason, targetType: target.type },
      },
    },
  ]);
  if (outcome.ok) return 'created';
  if (outcome.failed.includes('target')) return 'target-gone';
  if (outcome.failed.includes('marker')) return 'already-reported';
  throw new Error(`Report cancelled: the ${outcome.failed.join(', ')} condition failed`);
}

export async function getReport(reportId: string): Promise<StoredReport | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.report(reportId), ConsistentRead: true }));
  return Item ? toStoredReport(Item) : null;
}

/** The reports by id (missing ones left out), strongly consistent: a resolution reads them right before writing. */
export async function getReports(reportIds: readonly string[], consistent = false): Promise<StoredReport[]> {
  const items = await batchGet(
    [...new Set(reportIds)].map((id) => keys.report(id)),
    undefined,
    { consistent },
  );
  return items.map(toStoredReport);
}

/** A cursor is the last report id of the page before (ULIDs: the index's sort key). */
export async function listOpenReports(cursor: string | undefined): Promise<{ reports: StoredReport[]; nextCursor: string | null }> {
  const { Items, LastEvaluatedKey } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'openReports',
      KeyConditionExpression: 'openQueue = :open' + (cursor ? ' AND reportId > :after' : ''),
      ExpressionAttributeValues: { ':open': OPEN_REPORTS_QUEUE, ...(cursor && { ':after': cursor }) },
      ScanIndexForward: true,
      Limit: REPORTS_PAGE_SIZE,
    }),
  );
  const reports = (Items ?? []).map(toStoredReport);
  return { reports, nextCursor: LastEvaluatedKey && reports.length > 0 ? (reports.at(-1)?.reportId ?? null) : null };
}

/** The ids of the open reports on a target (one Query of its partition). */
export async function openReportIdsOnTarget(targetType: ReportTargetType, targetId: string): Promise<string[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.openReportOnTarget(targetType, targetId, '').pk, ':prefix': REPORTER_PREFIX },
    ProjectionExpression: 'reportId',
  });
  return items.map((item) => String(item.reportId));
}

/** The reporter's newest reports (their MYREPORT# copies, then the reports themselves for status and outcome). */
export async function listOwnReports(uid: string, limit: number): Promise<StoredReport[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(uid).pk, ':prefix': OWN_REPORT_PREFIX },
      ScanIndexForward: false,
      Limit: limit,
      ProjectionExpression: 'reportId',
    }),
  );
  const reports = await getReports((Items ?? []).map((item) => String(item.reportId)));
  return reports.filter((report) => report.reporterId === uid).sort((a, b) => (a.reportId < b.reportId ? 1 : -1));
}

/**
 * The items that resolve one open report: the report (condition: still open; `openQueue` goes, so
 * it leaves the queue) and its target marker (so the reporter may report the target again).
 */
export function reportResolutionItems<N extends string>(report: StoredReport, outcome: ModerationAction, now: Date, name: N): NamedItem<N>[] {
  return [
    {
      name,
      Update: {
        TableName: tableName(),
        Key: keys.report(report.reportId),
        UpdateExpression: 'SET #status = :resolved, outcome = :outcome, resolvedAt = :at REMOVE openQueue',
        ConditionExpression: 'attribute_exists(pk) AND #status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':resolved': 'resolved', ':open': 'open', ':outcome': outcome, ':at': now.toISOString() },
      },
    },
    { name, Delete: { TableName: tableName(), Key: keys.openReportOnTarget(report.target.type, report.target.id, report.reporterId) } },
  ];
}

/** DynamoDB's limit of items in one TransactWriteItems. */
export const TRANSACTION_ITEM_LIMIT = 100;

/**
 * Writes a resolution: `items` (the primary report's resolution, the sanction, notices, audit and
 * log entries) in one transaction; 'resolved' or the names whose conditions failed.
 */
export async function writeResolution<N extends string>(items: readonly NamedItem<N>[]): Promise<{ ok: true } | { ok: false; failed: N[] }> {
  if (items.length > TRANSACTION_ITEM_LIMIT) throw new Error(`A resolution of ${items.length} items does not fit one transaction`);
  return transact(items);
}

/** The post a comment is on, found by the comment's id alone (GSI byCommentId: the comment item's key); null when there is none. */
export async function locateComment(commentId: string): Promise<string | null> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'byCommentId',
      KeyConditionExpression: 'commentId = :id',
      ExpressionAttributeValues: { ':id': commentId },
    }),
  );
  // The request record and the author's marker carry commentId too: only the comment item itself counts.
  for (const item of Items ?? []) {
    const key = parseKey(item);
    if (key.kind === 'comment') return key.postId;
  }
  return null;
}

/** How many open reports each target has (one COUNT Query per distinct target, in parallel). */
export async function countOpenReportsOnTargets(targets: readonly { type: ReportTargetType; id: string }[]): Promise<Map<string, number>> {
  const distinct = new Map(targets.map((target) => [`${target.type}#${target.id}`, target]));
  const counts = await Promise.all(
    [...distinct.entries()].map(async ([name, target]) => {
      const { Count } = await dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.openReportOnTarget(target.type, target.id, '').pk, ':prefix': REPORTER_PREFIX },
          Select: 'COUNT',
        }),
      );
      return [name, Count ?? 0] as const;
    }),
  );
  return new Map(counts);
}

/** What the queue shows of a page of reports: the members, posts and comments they name, in one BatchGet (pages of 100). */
export async function readReportContext(reports: readonly StoredReport[]): Promise<{
  users: Map<string, User>;
  posts: Map<string, StoredPost>;
  comments: Map<string, StoredComment>;
}> {
  const uids = new Set(reports.flatMap((report) => [report.reporterId, report.subjectId]));
  const postIds = new Set(reports.flatMap((report) => (report.target.postId ? [report.target.postId] : [])));
  // BatchGetItem refuses a key twice: comments (like members and posts) are named once each.
  const commentKeys = new Map(
    reports.flatMap((report) =>
      report.target.type === 'comment' && report.target.postId ? [[report.target.id, postKeys.comment(report.target.postId, report.target.id)] as const] : [],
    ),
  );
  const items = await batchGet([...[...uids].map((uid) => keys.user(uid)), ...[...postIds].map((postId) => postKeys.post(postId)), ...commentKeys.values()]);
  const users = new Map<string, User>();
  const posts = new Map<string, StoredPost>();
  const comments = new Map<string, StoredComment>();
  for (const item of items) {
    if (item.sk === USER_PROFILE_SK) {
      const user = userSchema.safeParse(withoutStorageAttributes(item));
      // A member being removed shows as gone.
      if (user.success && item.removalPending === undefined) users.set(user.data.uid, user.data);
    } else if (item.sk === 'POST') posts.set(String(item.postId), toStoredPost(item));
    else if (parseKey(item).kind === 'comment') comments.set(String(item.commentId), toStoredComment(item));
  }
  return { users, posts, comments };
}
