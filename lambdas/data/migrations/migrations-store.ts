import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#data/table';
import { conditionalWrite } from '#data/table';
import { COMMENT_PREFIX, FEED_ENTRY_PREFIX, keys, LIKE_PREFIX, PARTITION_PREFIXES, postKeys, RESERVATION_PARTITION, USER_PROFILE_SK } from '#data/table';
import { countAll } from '#data/table';

/**
 * What npm run migrate's backfills (lambdas/migrations) need of the table, by item kind rather than
 * by key (keys stay in this layer): a whole-table Scan for the items of a kind that lack an
 * attribute, counts the value is computed from, and a write that only ever fills a gap. The write
 * sets an attribute only where it is still missing, so running a backfill again changes nothing and
 * a value a live write set meanwhile (the app's own, and newer) is never overwritten. A repair (a
 * stored value the app once wrote wrong) rewrites only while the value is still the one it read.
 */

export type ItemKey = { pk: string; sk: string };

/** The item kinds a backfill fills, each told apart by its key shape (docs/data-model.md). */
export type BackfilledKind = 'member' | 'post' | 'like' | 'feedEntry';

/** One item the scan found: its key, whose it is, and the attributes asked for. */
export interface ScannedItem {
  key: ItemKey;
  /** From the partition key: the member's uid (member, feedEntry) or the post's id (post, like). */
  owner: string;
  /** From the sort key: the liker's uid (like) or the post's id (feedEntry); '' for member and post. */
  subject: string;
  attributes: Record<string, unknown>;
}

const KIND_FILTERS: Record<BackfilledKind, { filter: string; values: Record<string, string>; pkPrefix: string; skPrefix: string }> = {
  member: { filter: 'sk = :sk', values: { ':sk': USER_PROFILE_SK }, pkPrefix: PARTITION_PREFIXES.member, skPrefix: USER_PROFILE_SK },
  post: { filter: 'sk = :sk', values: { ':sk': postKeys.post('').sk }, pkPrefix: PARTITION_PREFIXES.post, skPrefix: postKeys.post('').sk },
  like: {
    filter: 'begins_with(pk, :pk) AND begins_with(sk, :sk)',
    values: { ':pk': PARTITION_PREFIXES.post, ':sk': LIKE_PREFIX },
    pkPrefix: PARTITION_PREFIXES.post,
    skPrefix: LIKE_PREFIX,
  },
  feedEntry: {
    filter: 'begins_with(pk, :pk) AND begins_with(sk, :sk)',
    values: { ':pk': PARTITION_PREFIXES.member, ':sk': FEED_ENTRY_PREFIX },
    pkPrefix: PARTITION_PREFIXES.member,
    skPrefix: FEED_ENTRY_PREFIX,
  },
};

export interface LackingRequest {
  /** The item is handed over when it lacks any of these (dotted paths reach into maps: `inviteSystem.invitesReserved`). */
  lacking: readonly string[];
  /** Further attributes the backfill reads to compute its values (dotted paths too). */
  read: readonly string[];
  /** Parallel Scan segments, each paging on its own; 4 keeps a run short without a burst on a small table. */
  segments?: number;
}

/** Placeholders for dotted paths: `inviteSystem.invitedAt` → `#a3.#a4`, the names shared by every path. */
function pathExpressions(paths: readonly string[]): { expressions: string[]; names: Record<string, string> } {
  const names: Record<string, string> = {};
  const placeholder = new Map<string, string>();
  const expressions = paths.map((path) =>
    path
      .split('.')
      .map((part) => {
        if (!placeholder.has(part)) placeholder.set(part, `#a${placeholder.size}`);
        const name = placeholder.get(part) ?? '';
        names[name] = part;
        return name;
      })
      .join('.'),
  );
  return { expressions, names };
}

/** A Scan filter over the items of one kind, and the (dotted) attributes to read. */
interface KindScan {
  /** The filter beyond the kind's, on the placeholders of `paths` (`#a0.#a1`). */
  condition: (expressions: string[]) => string;
  values?: Record<string, unknown>;
  paths: readonly string[];
  segments?: number;
}

/**
 * Every item of `kind` that passes `scan.condition`, page by page, in parallel segments; `onItem`
 * runs for one item at a time within a segment. Answers how many items it handed over. Eventually
 * consistent, as a backfill or a repair may be: its writes are conditional on what it read.
 */
async function scanKind(kind: BackfilledKind, scan: KindScan, onItem: (item: ScannedItem) => Promise<void>): Promise<number> {
  const shape = KIND_FILTERS[kind];
  const { expressions, names } = pathExpressions(scan.paths);
  const projection = ['pk', 'sk', ...expressions].join(', ');
  const segments = scan.segments ?? 4;
  let scanned = 0;
  const scanSegment = async (segment: number) => {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await dynamo().send(
        new ScanCommand({
          TableName: tableName(),
          FilterExpression: `${shape.filter} AND (${scan.condition(expressions)})`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ...shape.values, ...scan.values },
          ProjectionExpression: projection,
          Segment: segment,
          TotalSegments: segments,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        scanned += 1;
        const key = { pk: String(item.pk), sk: String(item.sk) };
        const subject = kind === 'like' || kind === 'feedEntry' ? key.sk.slice(shape.skPrefix.length) : '';
        await onItem({ key, owner: key.pk.slice(shape.pkPrefix.length), subject, attributes: item });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  };
  await Promise.all(Array.from({ length: segments }, (_, segment) => scanSegment(segment)));
  return scanned;
}

/**
 * Every item of `kind` lacking one of `lacking` (the lacking attributes are read too: the backfill
 * fills only those this item really lacks). An item written after its page was read was written by
 * code that sets the attribute itself.
 */
export function scanItemsLacking(kind: BackfilledKind, request: LackingRequest, onItem: (item: ScannedItem) => Promise<void>): Promise<number> {
  const count = request.lacking.length;
  const condition = (expressions: string[]) =>
    expressions
      .slice(0, count)
      .map((path) => `attribute_not_exists(${path})`)
      .join(' OR ');
  return scanKind(kind, { condition, paths: [...request.lacking, ...request.read], segments: request.segments }, onItem);
}

/**
 * Every item of `kind` where one of the string attributes `containing` holds `text` (a repair's
 * candidates: place repair looks for a comma in a city); reads those and `read`.
 */
export function scanItemsContaining(
  kind: BackfilledKind,
  request: { containing: readonly string[]; text: string; read: readonly string[] },
  onItem: (item: ScannedItem) => Promise<void>,
): Promise<number> {
  const count = request.containing.length;
  const condition = (expressions: string[]) =>
    expressions
      .slice(0, count)
      .map((path) => `contains(${path}, :text)`)
      .join(' OR ');
  return scanKind(kind, { condition, values: { ':text': request.text }, paths: [...request.containing, ...request.read] }, onItem);
}

/**
 * A repair's write: sets each path (dotted) from the value read to the repaired one, in one write,
 * only while every one still holds the value read. Answers whether it wrote: false when the item is
 * gone or a live write changed one of them meanwhile (the app's value is newer: it stays).
 */
export async function replaceIfUnchanged(key: ItemKey, changes: Record<string, { from: unknown; to: unknown }>): Promise<boolean> {
  const paths = Object.keys(changes);
  if (paths.length === 0) return false;
  const { expressions, names } = pathExpressions(paths);
  const values: Record<string, unknown> = {};
  paths.forEach((path, index) => {
    values[`:from${index}`] = changes[path]?.from;
    values[`:to${index}`] = changes[path]?.to;
  });
  const written = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${expressions.map((path, index) => `${path} = :to${index}`).join(', ')}`,
      ConditionExpression: ['attribute_exists(pk)', ...expressions.map((path, index) => `${path} = :from${index}`)].join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
  return written !== null;
}

/**
 * A backfill's write that depends on more than one attribute: sets each of `values` (top-level
 * attributes) in one write, only while each of `holding` still has the value read (undefined: is
 * still missing). Answers whether it wrote: false when the item is gone or a live write changed
 * one of them meanwhile (the app's value is newer: it stays).
 */
export async function setWhileHolding(key: ItemKey, values: Record<string, unknown>, holding: Record<string, unknown>): Promise<boolean> {
  const paths = Object.keys(values);
  if (paths.length === 0) return false;
  const held = Object.keys(holding);
  const { expressions, names } = pathExpressions([...paths, ...held]);
  const attributeValues: Record<string, unknown> = {};
  paths.forEach((path, index) => (attributeValues[`:to${index}`] = values[path]));
  const conditions = held.map((path, index) => {
    const expression = expressions[paths.length + index] ?? '';
    if (holding[path] === undefined) return `attribute_not_exists(${expression})`;
    attributeValues[`:held${index}`] = holding[path];
    return `${expression} = :held${index}`;
  });
  const written = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${paths.map((_, index) => `${expressions[index] ?? ''} = :to${index}`).join(', ')}`,
      ConditionExpression: ['attribute_exists(pk)', ...conditions].join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: attributeValues,
    }),
  );
  return written !== null;
}

/** How many items of a partition start with `skPrefix` (and pass `filter`): a COUNT Query, paged, strongly consistent. */
function countItems(pk: string, skPrefix: string, filter?: { expression: string; values: Record<string, unknown> }): Promise<number> {
  return countAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: filter?.expression,
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix, ...filter?.values },
    ConsistentRead: true,
  });
}

/** A post's likes and comments as items of its partition: what its counters must say. */
export async function countPostReactions(postId: string): Promise<{ likes: number; comments: number }> {
  const { pk } = postKeys.post(postId);
  const [likes, comments] = await Promise.all([countItems(pk, LIKE_PREFIX), countItems(pk, COMMENT_PREFIX)]);
  return { likes, comments };
}

/** Invites held at sign-up for people this member invited who have not joined yet: their invitesReserved. */
export async function countHeldInvites(inviterUid: string): Promise<number> {
  return countItems(RESERVATION_PARTITION, keys.inviteReservation('').sk, { expression: 'invitedBy = :inviter', values: { ':inviter': inviterUid } });
}

/**
 * Sets `path` (top-level `likeCount`, or nested `inviteSystem.invitesReserved`) on an item that
 * exists and lacks it. Answers whether it wrote: false when the item is gone or the attribute is
 * there (set meanwhile by the app, or by an earlier run), the backfill's "nothing to do".
 */
export async function setIfMissing(key: ItemKey, path: string, value: unknown): Promise<boolean> {
  const {
    expressions: [attribute = ''],
    names,
  } = pathExpressions([path]);
  // A nested attribute needs its parent map: an item without one is not the shape this backfill fills.
  const parent = attribute.includes('.') ? ` AND attribute_exists(${attribute.slice(0, attribute.lastIndexOf('.'))})` : '';
  const written = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${attribute} = :value`,
      ConditionExpression: `attribute_exists(pk)${parent} AND attribute_not_exists(${attribute})`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':value': value },
    }),
  );
  return written !== null;
}
