import { AsyncLocalStorage } from 'node:async_hooks';
import { matchesPattern } from './grant-scopes.ts';
import { functionEnv } from './function-env.ts';

/**
 * The local cloud's check of the registry's grant scopes (lambdas/handler-row.ts `tableWrites` and
 * `pictureKeys`), which CDK turns into IAM conditions (lib/app-function.ts). The local cloud runs
 * every handler in one process with no IAM, so without this a handler could write a partition its
 * row never names, pass every local test, and fail on AWS. While a function's handler runs
 * (local/lambda-modules.ts sets its scopes), an SDK middleware refuses, as IAM would, a table write
 * whose partition key falls outside them and an object request outside its prefixes. Every
 * integration and e2e run thus measures the declared scopes against the keys really touched.
 *
 * It checks the declarations, it is not IAM: what AWS evaluates is asserted on the synthesized
 * policies (test/infra/least-privilege.test.ts). Listing is bucket-wide in IAM too, so unchecked;
 * a presigned POST is signed without a request, so it is not seen here either.
 * Only on STAGE 'local' (AWS never installs it), and only inside a handler the local cloud runs.
 */
export interface FunctionScopes {
  /** The function as a refusal names it (its registry row). */
  readonly functionName: string;
  /** Partition-key patterns (IAM StringLike) its table writes must match. */
  readonly tableWrites: readonly string[];
  /** Partition-key patterns its reads must match, when its row names them (absent: reads unchecked, as IAM grants them table-wide). */
  readonly tableReads?: readonly string[];
  /** Object key prefixes its object requests must begin with. */
  readonly objectPrefixes: readonly string[];
}

const running = new AsyncLocalStorage<FunctionScopes>();
const utf8 = new TextDecoder();

/** Runs `work` (a handler's invocation and everything it starts) held to `scopes`. */
export function runWithinScopes<T>(scopes: FunctionScopes, work: () => T): T {
  return running.run(scopes, work);
}

function accessDenied(name: string, scopes: FunctionScopes, action: string, what: string): Error {
  return Object.assign(
    new Error(
      `User: ${scopes.functionName} is not authorized to perform: ${action} on ${what} because no identity-based policy allows it ` +
        "(the local cloud's check of its registry row's scopes, lambdas/handler-row.ts)",
    ),
    { name, $fault: 'client', $metadata: { httpStatusCode: 403 } },
  );
}

type AttributeMap = Record<string, { S?: string } | undefined>;
interface WriteBody {
  Item?: AttributeMap;
  Key?: AttributeMap;
  RequestItems?: Record<string, { PutRequest?: { Item?: AttributeMap }; DeleteRequest?: { Key?: AttributeMap } }[]>;
  TransactItems?: { Put?: { Item?: AttributeMap }; Update?: { Key?: AttributeMap }; Delete?: { Key?: AttributeMap } }[];
}

/** The DynamoDB write actions and the partition keys each names (ConditionCheck is a read). */
const WRITTEN_PARTITIONS: Record<string, (body: WriteBody) => (AttributeMap | undefined)[]> = {
  PutItem: (body) => [body.Item],
  UpdateItem: (body) => [body.Key],
  DeleteItem: (body) => [body.Key],
  BatchWriteItem: (body) => Object.values(body.RequestItems ?? {}).flatMap((requests) => requests.map((r) => r.PutRequest?.Item ?? r.DeleteRequest?.Key)),
  TransactWriteItems: (body) => (body.TransactItems ?? []).map((item) => item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key),
};

interface ReadBody {
  Key?: AttributeMap;
  IndexName?: string;
  KeyConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: AttributeMap;
  RequestItems?: Record<string, { Keys?: AttributeMap[] }>;
  TransactItems?: { Get?: { Key?: AttributeMap }; ConditionCheck?: { Key?: AttributeMap } }[];
}

/** The partition key a Query names (`pk = :value` in its key condition), undefined when it names none. */
function queriedPartition(body: ReadBody): AttributeMap | undefined {
  for (const [, name, value] of (body.KeyConditionExpression ?? '').matchAll(/(#?\w+)\s*=\s*(:\w+)/g)) {
    const attribute = name?.startsWith('#') ? body.ExpressionAttributeNames?.[name] : name;
    if (attribute === 'pk' && value) return { pk: body.ExpressionAttributeValues?.[value] };
  }
  return undefined;
}

/**
 * The DynamoDB reads and the partition keys each names. Scan names none and a Query of an index
 * names the index's key, so neither is allowed to a row held to its partitions (`undefined` keys).
 */
const READ_PARTITIONS: Record<string, (body: ReadBody) => (AttributeMap | undefined)[]> = {
  GetItem: (body) => [body.Key],
  BatchGetItem: (body) => Object.values(body.RequestItems ?? {}).flatMap((request) => request.Keys ?? []),
  TransactGetItems: (body) => (body.TransactItems ?? []).map((item) => item.Get?.Key),
  TransactWriteItems: (body) => (body.TransactItems ?? []).filter((item) => item.ConditionCheck).map((item) => item.ConditionCheck?.Key),
  Query: (body) => [body.IndexName ? undefined : queriedPartition(body)],
  Scan: () => [undefined],
};

/** The partition keys a DynamoDB request reads; undefined stands for a read no key condition can hold (Scan, an index). */
export function readPartitions(target: string, body: string): { action: string; partitions: (string | undefined)[] } | undefined {
  const operation = target.split('.').at(-1) ?? '';
  const keysOf = READ_PARTITIONS[operation];
  if (!keysOf) return undefined;
  const partitions = keysOf(JSON.parse(body) as ReadBody).map((key) => key?.pk?.S);
  return { action: operation === 'TransactWriteItems' ? 'dynamodb:ConditionCheckItem' : `dynamodb:${operation}`, partitions };
}

/** The partition keys a DynamoDB request writes (by its X-Amz-Target and JSON body), with its action. */
export function writtenPartitions(target: string, body: string): { action: string; partitions: string[] } | undefined {
  const operation = target.split('.').at(-1) ?? '';
  const keysOf = WRITTEN_PARTITIONS[operation];
  if (!keysOf) return undefined;
  const partitions = keysOf(JSON.parse(body) as WriteBody).flatMap((key) => (key?.pk?.S === undefined ? [] : [key.pk.S]));
  return { action: `dynamodb:${operation}`, partitions };
}

/** The object keys an S3 command names (its Key, a copy's source, a batch delete's keys). */
export function objectKeysOf(input: { Key?: unknown; CopySource?: unknown; Delete?: { Objects?: { Key?: unknown }[] } }): string[] {
  const named: unknown[] = [input.Key, ...(input.Delete?.Objects ?? []).map((object) => object.Key)];
  if (typeof input.CopySource === 'string') named.push(decodeURIComponent(input.CopySource.replace(/^\//, '').split('/').slice(1).join('/')));
  return named.filter((key): key is string => typeof key === 'string');
}

type Next = (args: { input: unknown; request?: unknown }) => Promise<unknown>;
type AddMiddleware = (middleware: unknown, options: { step: 'initialize' | 'build'; name: string }) => void;
interface HasMiddlewareStack {
  middlewareStack: { add: (...args: never[]) => void };
}

function dynamoCheck(next: Next) {
  return async (args: { input: unknown; request?: unknown }): Promise<unknown> => {
    const scopes = running.getStore();
    const request = args.request as { headers?: Record<string, string>; body?: unknown } | undefined;
    const target = request?.headers?.['x-amz-target'] ?? request?.headers?.['X-Amz-Target'];
    // The serializer's body is a string or, with the SDK's schema serde, UTF-8 bytes.
    const body = request?.body instanceof Uint8Array ? utf8.decode(request.body) : request?.body;
    if (scopes && target && typeof body === 'string') {
      const written = writtenPartitions(target, body);
      const outside = written?.partitions.find((pk) => !scopes.tableWrites.some((pattern) => matchesPattern(pk, pattern)));
      if (written && outside !== undefined) throw accessDenied('AccessDeniedException', scopes, written.action, `an item of partition ${outside}`);
      const { tableReads } = scopes;
      const read = tableReads ? readPartitions(target, body) : undefined;
      const unreadable = read?.partitions.findIndex((pk) => pk === undefined || !tableReads?.some((pattern) => matchesPattern(pk, pattern)));
      if (read && unreadable !== undefined && unreadable >= 0) {
        const what = read.partitions[unreadable];
        throw accessDenied('AccessDeniedException', scopes, read.action, what === undefined ? 'the table or an index' : `an item of partition ${what}`);
      }
    }
    return next(args);
  };
}

function s3Check(next: Next, context: { commandName?: string }) {
  return async (args: { input: unknown }): Promise<unknown> => {
    const scopes = running.getStore();
    const command = context.commandName ?? '';
    if (scopes && !command.startsWith('List')) {
      const outside = objectKeysOf(args.input as Parameters<typeof objectKeysOf>[0]).find(
        (key) => !scopes.objectPrefixes.some((prefix) => key.startsWith(prefix)),
      );
      if (outside !== undefined) throw accessDenied('AccessDenied', scopes, `s3 ${command.replace(/Command$/, '')}`, `object ${outside}`);
    }
    return next(args);
  };
}

/** Installs the check on a client built for the local cloud; a no-op elsewhere. */
export function withGrantCheck<C extends HasMiddlewareStack>(client: C, service: 'dynamodb' | 's3'): C {
  if (functionEnv('STAGE') !== 'local') return client;
  const add = client.middlewareStack.add as AddMiddleware;
  // DynamoDB after serializing (the request names its action and the marshalled keys), S3 before.
  if (service === 'dynamodb') add(dynamoCheck, { step: 'build', name: 'grantCheck-dynamodb' });
  else add(s3Check, { step: 'initialize', name: 'grantCheck-s3' });
  return client;
}
