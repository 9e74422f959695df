import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { decorateNewClients, type ClientService } from '#data/table';

/**
 * Fault injection for the local cloud: an SDK middleware that makes a chosen share of
 * DynamoDB, S3 and Cognito requests fail the way the real services fail under load — throttling,
 * a TransactionConflict on a transaction, a timeout before the request is sent, or a timeout after
 * it was applied (the response is lost: the nastiest case for idempotency).
 *
 * Off unless STAGE is 'local' (never on AWS, where STAGE is dev or prod) and FAULT_INJECTION_RATE
 * holds a share in (0, 1]. The rate is read on every request, so a process can switch faults on
 * after its clients exist (test/support/fault-cloud-process.ts does, once its cloud has started).
 * An injected fault is thrown outside the SDK's own retries: it stands for one that outlasted
 * them, so the handler must deal with it.
 */
export type FaultService = ClientService;

export const FAULT_RATE_ENV = 'FAULT_INJECTION_RATE';

export function faultRate(env: NodeJS.ProcessEnv = process.env): number {
  if (env.STAGE !== 'local') return 0;
  const rate = Number(env[FAULT_RATE_ENV] ?? '');
  return Number.isFinite(rate) && rate > 0 ? Math.min(rate, 1) : 0;
}

/** True where the middleware may be installed at all (clients built on AWS never get it). */
export function faultInjectionPossible(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.STAGE === 'local';
}

function serviceError(name: string, message: string, httpStatusCode: number): Error {
  return Object.assign(new Error(message), { name, $fault: httpStatusCode >= 500 ? 'server' : 'client', $metadata: { httpStatusCode } });
}

/** What Node's HTTP handler throws when a request times out (the SDK names it TimeoutError). */
function timeoutError(): Error {
  return Object.assign(new Error('Injected fault: the request timed out'), { name: 'TimeoutError', code: 'ETIMEDOUT' });
}

function throttlingError(service: FaultService): Error {
  if (service === 's3') return serviceError('SlowDown', 'Injected fault: Please reduce your request rate.', 503);
  if (service === 'cognito') return serviceError('TooManyRequestsException', 'Injected fault: Too many requests', 400);
  return serviceError(
    'ProvisionedThroughputExceededException',
    'Injected fault: The level of configured provisioned throughput for the table was exceeded.',
    400,
  );
}

function transactionConflict(itemCount: number): Error {
  const conflicting = Math.floor(Math.random() * itemCount);
  return new TransactionCanceledException({
    message: 'Injected fault: Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict]',
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: Array.from({ length: itemCount }, (_, index) =>
      index === conflicting ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' } : { Code: 'None' },
    ),
  });
}

/**
 * What this process injected so far, per service (a test asserts each service met faults), and
 * how many of each service's next requests must fail whatever the rate (so a service with few
 * requests in a workload, like Cognito, surely meets some). Module state: the local cloud runs its
 * handlers inside the process that started it (test/support/fault-cloud-process.ts), which reads
 * and sets these.
 */
const injected: Record<FaultService, number> = { dynamodb: 0, s3: 0, cognito: 0 };
const forced: Record<FaultService, number> = { dynamodb: 0, s3: 0, cognito: 0 };

export function injectedFaultCounts(): Record<FaultService, number> {
  return { ...injected };
}

/** The service's next `count` requests made while faults are on fail, whatever the rate. */
export function forceFaults(service: FaultService, count: number): void {
  forced[service] = Math.max(0, Math.floor(count));
}

type Next = (args: { input: unknown }) => Promise<unknown>;
type Kind = 'throttle' | 'timeout-before' | 'timeout-after' | 'conflict';
const KIND = Symbol('faultInjection.kind');
const SENT = Symbol('faultInjection.sent');
type Context = { [KIND]?: Kind; [SENT]?: boolean };

/** Carries an injected fault past the SDK's retry middleware (which would retry a throttle itself). */
class InjectedFault extends Error {
  constructor(readonly fault: Error) {
    super(fault.message);
    this.name = 'InjectedFault';
  }
}

function chooseKind(input: unknown): Kind {
  const transactItems = (input as { TransactItems?: unknown[] } | undefined)?.TransactItems;
  const kinds: Kind[] = ['throttle', 'timeout-before', 'timeout-after', ...(Array.isArray(transactItems) ? (['conflict', 'conflict'] as const) : [])];
  return kinds[Math.floor(Math.random() * kinds.length)] ?? 'throttle';
}

function faultOf(kind: Kind, service: FaultService, input: unknown): Error {
  if (kind === 'conflict') return transactionConflict(((input as { TransactItems?: unknown[] }).TransactItems ?? [undefined]).length);
  if (kind === 'throttle') return throttlingError(service);
  return timeoutError();
}

/**
 * Two middlewares: the outer one (initialize step, outside the SDK's retries) picks a fault with
 * probability faultRate() and throws what the inner one (deserialize step, right before the
 * request goes on the wire) raised, or a timeout once the request came back ('timeout-after').
 * Only requests that really reach the wire can fail: presigning (getSignedUrl, createPresignedPost)
 * runs the same stack but stops before the deserialize step, so it is never hit — as on AWS.
 */
export function faultMiddlewares(service: FaultService) {
  const outer =
    (next: Next, context: Context) =>
    async (args: { input: unknown }): Promise<unknown> => {
      const rate = faultRate();
      if (rate === 0) return next(args);
      if (forced[service] > 0) forced[service]--;
      else if (Math.random() >= rate) return next(args);
      const kind = chooseKind(args.input);
      context[KIND] = kind;
      try {
        const output = await next(args);
        if (kind === 'timeout-after' && context[SENT]) {
          injected[service]++;
          throw timeoutError();
        }
        return output;
      } catch (error) {
        if (!(error instanceof InjectedFault)) throw error;
        injected[service]++;
        throw error.fault;
      }
    };
  const inner =
    (next: Next, context: Context) =>
    async (args: { input: unknown }): Promise<unknown> => {
      const kind = context[KIND];
      if (kind && kind !== 'timeout-after') {
        context[KIND] = undefined;
        throw new InjectedFault(faultOf(kind, service, args.input));
      }
      const output = await next(args);
      context[SENT] = true;
      return output;
    };
  return { outer, inner };
}

interface HasMiddlewareStack {
  middlewareStack: { add: (...args: never[]) => void };
}
type AddMiddleware = (middleware: unknown, options: { step: 'initialize' | 'deserialize'; name: string }) => void;

/** Installs the middlewares on a client (where STAGE is local: a no-op elsewhere). */
export function withFaultInjection<C extends HasMiddlewareStack>(client: C, service: FaultService): C {
  if (!faultInjectionPossible()) return client;
  const { outer, inner } = faultMiddlewares(service);
  (client.middlewareStack.add as AddMiddleware)(outer, { step: 'initialize', name: `faultInjection-${service}` });
  (client.middlewareStack.add as AddMiddleware)(inner, { step: 'deserialize', name: `faultInjectionOnTheWire-${service}` });
  return client;
}

let installed = false;

/**
 * Puts the middlewares on every data-layer client this process builds from now on. The local cloud
 * calls it as it starts, before any handler builds a client: this module lives outside lambdas/,
 * so no deployed bundle can carry it (test/infra/lambda-bundles.test.ts checks one).
 */
export function injectFaultsIntoNewClients(): void {
  if (installed) return;
  installed = true;
  decorateNewClients((client, service) => withFaultInjection(client, service));
}
