import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import { callables, contractOf, type Access, type CallableContract, type CallableName, type CallableOutput } from '#contracts/callables';
import { CORRELATION_HEADER } from '#contracts/protocol';
import { AppError } from '#domain/app-error';
import { flushProductMetrics, inSubsegment, type TraceSpan } from '#data/table';
import { asRetryableFault } from './backend-faults.ts';
import { ADMIN_GROUP, callerFromEvent, type Caller } from './caller.ts';
import { clientAddressOf, requireCloudFrontOrigin } from './client-address.ts';
import { logger } from './logger.ts';
import { requireMemberRecord } from './member-presence.ts';
import { spendActionBudget, spendRequestBudget } from './rate-limit.ts';
import { compressedFor, errorResponse, resultResponse } from './responses.ts';
import { functionEnv } from '#data/table';

export interface CallContext {
  /** Null only for public callables called without a token. */
  caller: Caller | null;
  correlationId: string;
  /** The client's address (the viewer's behind CloudFront, see client-address.ts); per-client limits key on it. */
  clientAddress: string;
}

export interface MemberCallContext extends CallContext {
  caller: Caller;
}

type Context<N extends CallableName> = (typeof callables)[N]['access'] extends 'public' ? CallContext : MemberCallContext;
type Implementation<N extends CallableName> = (input: z.output<(typeof callables)[N]['input']>, context: Context<N>) => Promise<CallableOutput<N>>;

export type CallableHandler = (event: APIGatewayProxyEventV2WithJWTAuthorizer) => Promise<APIGatewayProxyStructuredResultV2>;

/** Bodies beyond this are refused before parsing (API Gateway's own limit is 10 MB). */
const MAX_BODY_BYTES = 256 * 1024;
const CORRELATION_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

function correlationIdOf(event: APIGatewayProxyEventV2WithJWTAuthorizer): string {
  const fromClient = event.headers?.[CORRELATION_HEADER];
  if (fromClient && CORRELATION_ID_PATTERN.test(fromClient)) return fromClient;
  return event.requestContext?.requestId || randomUUID();
}

function authorize(name: CallableName, caller: Caller | null): void {
  const contract: CallableContract = callables[name];
  const access: Access = contract.access;
  if (access === 'public') return;
  if (!caller) throw new AppError('unauthenticated', 'Please sign in to continue.');
  if (access === 'dev-only' && functionEnv('STAGE') === 'prod') {
    throw new AppError('unimplemented', 'This function is not available.');
  }
  if (access === 'admin' && !caller.groups.includes(ADMIN_GROUP)) {
    throw new AppError('permission-denied', 'Access denied. Admin privileges required.');
  }
}

const BAD_ENVELOPE = 'The request body must be JSON of the form {"data": ...}.';

/** `application/json`, in any case, with or without parameters (the spec names `; charset=utf-8`). */
function isJsonContentType(value: string | undefined): boolean {
  return value?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * The request as the protocol has it: a POST with Content-Type application/json whose body is a
 * JSON object with exactly one field, `data` (any JSON value). Anything else is 400
 * INVALID_ARGUMENT on the wire, as a Firebase backend answers it. A null `data` (what the Firebase
 * SDKs send for a call without an argument) is read as `{}`, so a callable that takes no payload
 * accepts it.
 */
function readData(event: APIGatewayProxyEventV2WithJWTAuthorizer): unknown {
  if (event.requestContext?.http?.method !== 'POST') throw new AppError('invalid-argument', 'A callable is called with POST.');
  if (!isJsonContentType(event.headers?.['content-type'])) {
    throw new AppError('invalid-argument', 'The request must have Content-Type application/json.');
  }
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  if (Buffer.byteLength(raw, 'utf8') > MAX_BODY_BYTES) {
    throw new AppError('invalid-argument', 'The request is too large.');
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError('invalid-argument', BAD_ENVELOPE);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('invalid-argument', BAD_ENVELOPE);
  const fields = Object.keys(body);
  if (fields.length !== 1 || fields[0] !== 'data') throw new AppError('invalid-argument', BAD_ENVELOPE);
  const { data } = body as { data: unknown };
  return data === null ? {} : data;
}

function parseInput<N extends CallableName>(name: N, data: unknown): z.output<(typeof callables)[N]['input']> {
  const parsed = callables[name].input.safeParse(data);
  if (parsed.success) return parsed.data as z.output<(typeof callables)[N]['input']>;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = issues[0];
  const message = first ? `Invalid request: ${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid request.';
  throw new AppError('invalid-argument', message, issues);
}

/**
 * Wraps a callable's implementation in the protocol, in this order: came through CloudFront (the
 * origin secret, before anything is read) → authorize (access) → the
 * caller's record (presence) → the request budget (before the body is read, so malformed floods
 * count too) → parse the input → the action budget → run → parse the output → respond. Only
 * AppErrors reach the caller with their message; anything else is logged and answered as a bare
 * internal error carrying the correlation id.
 */
export function defineCallable<N extends CallableName>(name: N, implementation: Implementation<N>): CallableHandler {
  // One X-Ray subsegment a call, annotated with the callable's name and how it ended (never who called).
  return (event) => inSubsegment(`callable ${name}`, { callable: name }, (span) => answer(event, span));

  async function answer(event: APIGatewayProxyEventV2WithJWTAuthorizer, span: TraceSpan): Promise<APIGatewayProxyStructuredResultV2> {
    const correlationId = correlationIdOf(event);
    logger.appendKeys({ correlationId, callable: name });
    try {
      requireCloudFrontOrigin(event);
      const caller = callerFromEvent(event);
      authorize(name, caller);
      // A removed member's token outlives their account: refuse it before anything else runs.
      await requireMemberRecord(name, caller);
      await spendRequestBudget(caller, event, new Date(), { readOnly: contractOf(name).readOnly === true });
      const input = parseInput(name, readData(event));
      await spendActionBudget(name, caller, event);
      const clientAddress = clientAddressOf(event);
      const output = await implementation(input, { caller, correlationId, clientAddress } as Context<N>);
      span.annotate('outcome', 'ok');
      // Parsing the output drops any attribute the contract does not promise.
      return compressedFor(event.headers?.['accept-encoding'], resultResponse(callables[name].output.parse(output), correlationId));
    } catch (caught) {
      // A throttled, timed-out or conflicting backend call is a retryable 503/409, never a 500.
      const error = asRetryableFault(caught);
      if (error instanceof AppError) {
        logger.info('Callable refused', { status: error.status, reason: error.message });
        span.annotate('outcome', error.status);
        const details = error.issues ? { issues: error.issues } : undefined;
        return errorResponse({ status: error.status, message: error.message, details }, correlationId, error.retryAfterSeconds);
      }
      logger.error('Callable failed', error as Error);
      span.annotate('outcome', 'internal');
      span.recordError(error);
      return errorResponse({ status: 'internal', message: 'Something went wrong. Please try again.' }, correlationId);
    } finally {
      // The product's figures of this call (never throws: a metric must not fail the answer).
      flushProductMetrics();
      logger.removeKeys(['correlationId', 'callable']);
    }
  }
}
