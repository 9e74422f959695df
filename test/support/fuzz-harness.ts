import assert from 'node:assert/strict';
import { randomInt, randomUUID } from 'node:crypto';
import { AdminGetUserCommand, AdminListGroupsForUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import fc from 'fast-check';
import { callables, type CallableName } from '../../lambdas/contracts/callables.ts';
import { ERROR_HTTP_STATUS, statusFromWire } from '../../lambdas/contracts/protocol.ts';
import { callableHandlers } from '../../lambdas/callable-handlers.ts';
import { apiGatewayEvent } from '../../local/api-gateway-event.ts';
import type { Endpoints } from '../../local/cloud-files.ts';
import { ensureTable } from '../../local/dynamodb-local.ts';
import { ensureBucket } from '../../local/s3-local.ts';
import { acceptsBody, FORBIDDEN_FIELDS, invalidCases, mixedCases, VALID_SAMPLES, withField, type FuzzCase } from './fuzz-inputs.ts';
import { cognito } from './local-cloud-client.ts';
import { createMember, useLocalCloudData } from './local-cloud-members.ts';
import { decodeJwtPayload } from './local-cloud-tokens.ts';

/**
 * Runs hostile input against every callable's handler in this process, as API Gateway would call
 * it, against a table and a bucket of this run's own (created in the local cloud's DynamoDB and
 * s3rver), so a full Scan and a full bucket listing before and after a batch show exactly what the
 * batch changed — other test files write to the cloud's own table at the same time.
 */

const LAMBDAS_DIR = new URL('../../lambdas/', import.meta.url).href;

/** Points the data layer at the local cloud, then at a fresh table and bucket of this run. */
export async function useOwnFuzzStore(endpoints: Endpoints): Promise<{ tableName: string; bucket: string }> {
  useLocalCloudData(endpoints);
  const suffix = randomUUID().slice(0, 8);
  const tableName = `fuzz-${suffix}`;
  const bucket = `fuzz-${suffix}`;
  // Nothing reacts to this table's changes: no stream (DynamoDB Local's streams slow every write).
  await ensureTable(endpoints.dynamodb.endpoint, tableName, { stream: false });
  await ensureBucket(endpoints.s3.endpoint, bucket, ['http://localhost']);
  Object.assign(process.env, { TABLE_NAME: tableName, BUCKET_NAME: bucket });
  return { tableName, bucket };
}

export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string | number | boolean>;
}

type Handler = (event: unknown) => Promise<{ statusCode?: number; body?: string; headers?: Record<string, string | number | boolean> }>;

async function handlerOf(name: CallableName): Promise<Handler> {
  const module = (await import(LAMBDAS_DIR + callableHandlers[name].entry)) as { handler: Handler };
  return module.handler;
}

/** A client address per call (the peer API Gateway reports), so the per-client limit of public callables does not answer instead. */
function anyClientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** Calls the handler with a raw body (any bytes, any size) and these JWT claims (null: no token). */
export async function invokeRaw(name: CallableName, claims: Record<string, unknown> | null, body: string): Promise<Answer> {
  const handler = await handlerOf(name);
  const request = {
    method: 'POST',
    url: `/api/${name}`,
    headers: { 'content-type': 'application/json' },
    socket: { remoteAddress: anyClientAddress() },
    httpVersion: '1.1',
  } as never;
  const event = apiGatewayEvent({
    request,
    requestId: `fuzz-${randomUUID()}`,
    routeKey: `POST /api/${name}`,
    rawPath: `/api/${name}`,
    body: Buffer.from(body, 'utf8'),
    claims: claims as never,
  });
  const result = await handler(event);
  let parsed: unknown = result.body;
  try {
    parsed = JSON.parse(result.body ?? '');
  } catch {
    // Left as text: assertProtocolAnswer says it is not the protocol.
  }
  return { status: result.statusCode ?? 200, body: parsed, headers: result.headers ?? {} };
}

/** Never a 5xx, and always the protocol's body: `{result}` with 200, or `{error}` with its status. */
export function assertProtocolAnswer(answer: Answer, what: string): void {
  const shown = `${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
  assert.ok(answer.status < 500, `5xx for ${shown}`);
  assert.ok(typeof answer.body === 'object' && answer.body !== null, `not a JSON object: ${shown}`);
  const body = answer.body as { result?: unknown; error?: { status?: string; message?: unknown; details?: { correlationId?: unknown } } };
  if (answer.status === 200) {
    assert.ok('result' in body && !('error' in body), `200 without {result}: ${shown}`);
    return;
  }
  const error = body.error;
  const status = statusFromWire(error?.status);
  assert.ok(error && status, `no protocol error (a canonical status name): ${shown}`);
  assert.equal(ERROR_HTTP_STATUS[status], answer.status, `status mismatch: ${shown}`);
  assert.ok(typeof error.message === 'string' && error.message.length > 0, `no message: ${shown}`);
  assert.ok(typeof error.details?.correlationId === 'string', `no correlation id: ${shown}`);
}

/** A refusal of the input itself: 400 INVALID_ARGUMENT in the protocol's shape. */
export function assertRefused(answer: Answer, what: string): void {
  assertProtocolAnswer(answer, what);
  assert.equal(answer.status, 400, `not refused (${answer.status}) for ${what}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  assert.equal((answer.body as { error: { status: string } }).error.status, 'INVALID_ARGUMENT', what);
}

/**
 * Everything this run's table and bucket hold, as one comparable string. Rate-limit windows are
 * left out: the abuse limits count every request, refused or not, by design.
 */
export async function snapshot(): Promise<string> {
  const { dynamo, tableName, s3, bucketName } = await import('#data/table');
  const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: startKey, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  const rows = items
    .filter((item) => !String(item.pk).startsWith('RATE#'))
    .map((item) => JSON.stringify(item, (_key, value: unknown) => (value instanceof Set ? [...(value as Set<unknown>)].sort() : value)))
    .sort();
  const objects: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: bucketName(), ContinuationToken: token }));
    objects.push(...(page.Contents ?? []).map((object) => `${object.Key} ${object.Size} ${object.ETag}`));
    token = page.NextContinuationToken;
  } while (token);
  return JSON.stringify({ rows, objects: objects.sort() });
}

export interface FuzzMember {
  uid: string;
  claims: Record<string, unknown> | null;
  /**
   * The member's Cognito account as one comparable string: attributes, status, last change and
   * groups (deleteMyAccount, removeUserAndInviteTree and setAdminClaim write to Cognito, which lives
   * outside the run's table and bucket).
   */
  account: () => Promise<string>;
}

/** Cognito's answer, or null for a user that does not exist (any other error is thrown). */
async function unlessNoUser<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof UserNotFoundException) return null;
    throw error;
  }
}

/** A member of its own for one callable (the abuse limits are per member), admin for admin rows. */
export async function memberFor(endpoints: Endpoints, name: CallableName): Promise<FuzzMember> {
  const admin = callables[name].access === 'admin';
  // An admin as admin callables check one: the token's group and isAdmin on the record.
  const member = await createMember(endpoints, `fuzz-${name}`, {
    location: { city: 'Austin', state: 'Texas' },
    ...(admin ? { extra: { isAdmin: true } } : {}),
  });
  const claims = decodeJwtPayload(member.accessToken);
  if (admin) claims['cognito:groups'] = ['admin'];
  const client = cognito(endpoints);
  // The token's username (the sub), as the handlers name the account: cognito-local files group
  // memberships under it, so a lookup by email would list none.
  const target = { UserPoolId: endpoints.cognito.userPoolId, Username: String(claims.username ?? claims.sub) };
  const account = async () => {
    const [user, groups] = await Promise.all([
      unlessNoUser(client.send(new AdminGetUserCommand(target))),
      unlessNoUser(client.send(new AdminListGroupsForUserCommand(target))),
    ]);
    return JSON.stringify({
      user: user && {
        attributes: (user.UserAttributes ?? []).map(({ Name, Value }) => `${Name}=${Value}`).sort(),
        enabled: user.Enabled,
        status: user.UserStatus,
        modified: user.UserLastModifiedDate?.toISOString(),
      },
      groups: (groups?.Groups ?? []).map((group) => group.GroupName).sort(),
    });
  };
  // Public callables are fuzzed as a stranger would call them: no token.
  return { uid: member.uid, claims: callables[name].access === 'public' ? null : claims, account };
}

/** What a refused call must leave as it was: the run's table and bucket, and the member's account. */
async function stateOf(member: FuzzMember): Promise<string> {
  const [store, account] = await Promise.all([snapshot(), member.account()]);
  return `${store}\n${account}`;
}

/** Values a member might try for a server-only field. */
function forbiddenValue(field: string, uid: string): unknown {
  if (field === 'inviteSystem') return { invitesRemaining: 999, localInvitesUsed: 0, distantInvitesUsed: 0 };
  if (field === 'photos') return [{ id: 'x', url: 'users/x/photos/photo-1.jpg', caption: '', uploadedAt: '2020-01-01' }];
  if (/^(is|profileCompleted)/.test(field)) return true;
  if (/Count|Remaining|Used|Seq|Version/.test(field)) return 1_000_000;
  return uid;
}

/** The valid sample with a forbidden field, at the top level and inside each nested object. */
export function forbiddenFieldBodies(name: CallableName, uid: string): FuzzCase[] {
  const sample = VALID_SAMPLES[name];
  const bodies: FuzzCase[] = [];
  for (const field of FORBIDDEN_FIELDS) {
    const value = forbiddenValue(field, uid);
    bodies.push({ kind: `forbidden ${field}`, body: JSON.stringify({ data: withField(sample, field, value) }) });
    for (const [key, nestedValue] of Object.entries(sample)) {
      if (typeof nestedValue !== 'object' || nestedValue === null || Array.isArray(nestedValue)) continue;
      const inner = withField(nestedValue as Record<string, unknown>, field, value);
      bodies.push({ kind: `forbidden ${key}.${field}`, body: JSON.stringify({ data: { ...sample, [key]: inner } }) });
    }
  }
  return bodies;
}

export interface FuzzCounts {
  name: CallableName;
  /** Generated by fast-check, refused by the contract. */
  refused: number;
  /** Not generated: every forbidden field at every level. */
  forbidden: number;
  /**
   * Generated by fast-check: `mixedAccepted` answered 200; `mixedRefusedByRules` were inputs the
   * contract accepts that the handler's rules refused (each checked to have changed nothing).
   */
  mixed: number;
  mixedAccepted: number;
  mixedRefusedByRules: number;
  total: number;
}

export interface FuzzOptions {
  /** Schema-invalid bodies, all answered 400, inside the snapshot comparison. */
  refusedRuns: number;
  /** Any body (valid-looking ones included): never a 5xx, always the protocol. */
  mixedRuns: number;
  seed?: number;
  /** Cases sent at once (default 10). */
  concurrency?: number;
}

/**
 * Whether the callable's grants (lambdas/callable-handlers.ts: what CDK gives its role) allow a
 * write anywhere besides the RATE# counters every role may update. Locally the handlers run with
 * full rights, so the state comparison is what shows a read-only callable really wrote nothing.
 */
function mayWrite(name: CallableName): boolean {
  const { table, pictures, userPoolActions = [] } = callableHandlers[name].permissions;
  return table === 'readWrite' || pictures === 'readWrite' || userPoolActions.some((action) => !/^cognito-idp:(AdminGet|List)/.test(action));
}

/** One mixed case: never a 5xx, always the protocol, and 400 whenever the contract refuses it. */
async function mixedCase(name: CallableName, member: FuzzMember, fuzzCase: FuzzCase): Promise<Answer> {
  const answer = await invokeRaw(name, member.claims, fuzzCase.body);
  assertProtocolAnswer(answer, `${name} ${fuzzCase.kind}`);
  if (!acceptsBody(name, fuzzCase.body)) assertRefused(answer, `${name} ${fuzzCase.kind}`);
  return answer;
}

/**
 * One callable's batch: state → refused cases and every forbidden field (each 400) → state, which
 * must be identical; then mixed cases, which may be accepted but never answer 5xx, and which must
 * change nothing unless they answer 200 (a callable granted no writes: nothing at all). "State" is
 * the run's table and bucket (RATE# windows left out) and the member's Cognito account and groups.
 */
export async function fuzzCallable(name: CallableName, member: FuzzMember, options: FuzzOptions): Promise<FuzzCounts> {
  const counts: FuzzCounts = { name, refused: 0, forbidden: 0, mixed: 0, mixedAccepted: 0, mixedRefusedByRules: 0, total: 0 };
  const batch = options.concurrency ?? 10;
  const runs = (cases: number) => Math.max(1, Math.ceil(cases / batch));
  const refusable = invalidCases(name).filter((fuzzCase) => !acceptsBody(name, fuzzCase.body));
  const before = await stateOf(member);
  // Each run sends a batch of cases at once. No shrinking (endOnFailure): replays would spend the
  // member's 300 requests / 5 min and end in 429s that hide the real failure.
  await fc.assert(
    fc.asyncProperty(fc.array(refusable, { minLength: batch, maxLength: batch }), async (fuzzCases) => {
      counts.refused += fuzzCases.length;
      await Promise.all(fuzzCases.map(async (fuzzCase) => assertRefused(await invokeRaw(name, member.claims, fuzzCase.body), `${name} ${fuzzCase.kind}`)));
    }),
    { numRuns: runs(options.refusedRuns), seed: options.seed, endOnFailure: true },
  );
  const forbidden = forbiddenFieldBodies(name, member.uid);
  counts.forbidden = forbidden.length;
  for (let i = 0; i < forbidden.length; i += batch) {
    await Promise.all(
      forbidden.slice(i, i + batch).map(async (fuzzCase) => assertRefused(await invokeRaw(name, member.claims, fuzzCase.body), `${name} ${fuzzCase.kind}`)),
    );
  }
  assert.equal(await stateOf(member), before, `${name}: a refused call changed the table, the bucket or the member's Cognito account`);
  const readOnly = !mayWrite(name);
  // The state before the next mixed case.
  let baseline = before;
  await fc.assert(
    fc.asyncProperty(fc.array(mixedCases(name), { minLength: batch, maxLength: batch }), async (fuzzCases) => {
      counts.mixed += fuzzCases.length;
      // A business refusal: the contract accepts the input, the handler's rules refuse it.
      const tally = (fuzzCase: FuzzCase, answer: Answer) => {
        if (answer.status === 200) counts.mixedAccepted++;
        else if (acceptsBody(name, fuzzCase.body)) counts.mixedRefusedByRules++;
      };
      // A callable that may not write: every case side by side; the state is compared once, after
      // the last run, and must not have changed at all (accepted or refused).
      if (readOnly) {
        await Promise.all(fuzzCases.map(async (fuzzCase) => tally(fuzzCase, await mixedCase(name, member, fuzzCase))));
        return;
      }
      // What the contract refuses goes side by side (each 400, nothing may change); what it
      // accepts goes one at a time, so a business refusal (403, 404, 409, 429…) is compared with
      // the state just before it.
      const refusedByContract = fuzzCases.filter((fuzzCase) => !acceptsBody(name, fuzzCase.body));
      const accepted = fuzzCases.filter((fuzzCase) => acceptsBody(name, fuzzCase.body));
      await Promise.all(refusedByContract.map((fuzzCase) => mixedCase(name, member, fuzzCase)));
      let state = baseline;
      if (refusedByContract.length) assert.equal(await stateOf(member), state, `${name}: a mixed case the contract refuses changed the state`);
      for (const fuzzCase of accepted) {
        const answer = await mixedCase(name, member, fuzzCase);
        tally(fuzzCase, answer);
        const after = await stateOf(member);
        if (answer.status !== 200) {
          assert.equal(after, state, `${name} ${fuzzCase.kind}: answered ${answer.status} yet changed the table, the bucket or the member's account`);
        }
        state = after;
      }
      baseline = state;
    }),
    { numRuns: runs(options.mixedRuns), seed: options.seed, endOnFailure: true },
  );
  if (readOnly) assert.equal(await stateOf(member), before, `${name}: a callable granted no writes changed the table, the bucket or the member's account`);
  counts.total = counts.refused + counts.forbidden + counts.mixed;
  return counts;
}

/** Bodies past the 256 KB the API accepts (up to API Gateway's 10 MB), otherwise valid-looking. */
export function bigBodies(name: CallableName): FuzzCase[] {
  const sample = VALID_SAMPLES[name];
  return [300 * 1024, 1024 * 1024, 10 * 1024 * 1024 - 64].map((size) => {
    const head = JSON.stringify({ data: sample }).slice(0, -2);
    const pad = `,"padding":"${'x'.repeat(size)}"}}`;
    return { kind: `body of ${Math.round(size / 1024)} KB`, body: `${head}${head.endsWith('{') ? pad.slice(1) : pad}` };
  });
}
