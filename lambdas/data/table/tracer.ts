import { createRequire } from 'node:module';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import type * as PowertoolsTracer from '@aws-lambda-powertools/tracer';
import { PRODUCT_METRICS_SERVICE } from './product-metrics.ts';
import { functionEnvOf } from './function-env.ts';

/**
 * The one X-Ray tracer of every function: Powertools Tracer, from the AWS
 * Powertools layer on Lambda (lib/powertools-layer.ts), never from the bundle.
 *
 * It is loaded only inside Lambda, with tracing on (Lambda sets AWS_EXECUTION_ENV; the stack turns
 * active tracing on for every function), and then by `require`, on first use. Anywhere else (the
 * local cloud, vitest, the benches) the X-Ray SDK is never even imported: importing it starts
 * cls-hooked's async hooks for the whole process, which made promise-heavy code 10–20× slower in a
 * measurement here, and nothing locally could receive a segment (no X-Ray daemon). The local cloud
 * and vitest also set POWERTOOLS_TRACE_ENABLED=false, which the Tracer itself honours.
 *
 * `require` (CommonJS resolution, which searches NODE_PATH, where Lambda lists the layers'
 * /opt/nodejs/node_modules) keeps the load synchronous and lazy: the SDK clients are captured when
 * they are made, synchronously, and a top-level `await import()` would load the SDK at import.
 */
const TRACER_PACKAGE = '@aws-lambda-powertools/tracer';

/** Annotations are indexed and searchable in X-Ray: names of things only, never a member's id, email or words. */
export type TraceAnnotations = Readonly<Record<string, string | number | boolean>>;

/** What a traced piece of work may add to its subsegment while it runs. */
export interface TraceSpan {
  /** One more annotation (same rule: no personal data). */
  annotate(key: string, value: string | number | boolean): void;
  /** Marks the subsegment as failed with this error (for errors the work answers rather than throws). */
  recordError(error: unknown): void;
}

const NO_SPAN: TraceSpan = { annotate: () => undefined, recordError: () => undefined };

/** True inside a Lambda function whose tracing was not turned off. */
export function tracingWanted(env: Readonly<Record<string, string | undefined>> = functionEnvOf('AWS_EXECUTION_ENV', 'POWERTOOLS_TRACE_ENABLED')): boolean {
  return Boolean(env.AWS_EXECUTION_ENV?.startsWith('AWS_Lambda_')) && env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false';
}

/** The X-Ray SDK's list of what each AWS call records (aws-xray-sdk-core's aws_whitelist.json, in part). */
interface CallWhitelist {
  services: Record<string, { operations: Record<string, { request_parameters?: string[] }> }>;
}

/** Request fields that would put a member's id in a trace: S3 keys are `pictures/<uid>/…`, `exports/<uid>/…`. */
const FIELDS_WITH_MEMBER_DATA = new Set(['Key', 'CopySource']);

/**
 * Makes the X-Ray SDK the tracer uses (the same module instance, resolved from the tracer's own
 * package) record S3 calls by operation and bucket only, without their object keys. DynamoDB's
 * entries already record no key (table, index, projection, capacity).
 */
function dropMemberDataFromCalls(tracerPath: string): void {
  const requireBesideTracer = createRequire(tracerPath);
  const xray = requireBesideTracer('aws-xray-sdk-core') as { setAWSWhitelist(source: CallWhitelist): void };
  const whitelist = structuredClone(requireBesideTracer('aws-xray-sdk-core/dist/lib/resources/aws_whitelist.json') as CallWhitelist);
  for (const service of Object.values(whitelist.services)) {
    for (const operation of Object.values(service.operations)) {
      if (operation.request_parameters) operation.request_parameters = operation.request_parameters.filter((field) => !FIELDS_WITH_MEMBER_DATA.has(field));
    }
  }
  xray.setAWSWhitelist(whitelist);
}

let tracer: Tracer | null | undefined;

/** The tracer, made on first use; null wherever tracing is off. */
function activeTracer(): Tracer | null {
  if (tracer !== undefined) return tracer;
  tracer = null;
  if (!tracingWanted()) return tracer;
  try {
    const requireHere = createRequire(import.meta.url);
    const tracerModule = requireHere(TRACER_PACKAGE) as typeof PowertoolsTracer;
    // Only SDK clients' calls are traced (tracedClient): a patched global http/https would record
    // every URL, S3's with a member's id in the path.
    const made = new tracerModule.Tracer({ serviceName: PRODUCT_METRICS_SERVICE, captureHTTPsRequests: false });
    if (!made.isTracingEnabled()) return tracer;
    dropMemberDataFromCalls(requireHere.resolve(TRACER_PACKAGE));
    tracer = made;
  } catch (error) {
    // A trace is never worth a member's request: without the layer, or with an SDK whose list
    // moved, the function runs untraced (and says so once).
    console.warn(`X-Ray tracing off: ${(error as Error).message}`);
  }
  return tracer;
}

/** True when this process sends traces (only inside Lambda with tracing on). */
export function isTracing(): boolean {
  return activeTracer() !== null;
}

/**
 * An AWS SDK v3 client whose calls become subsegments (service, operation, status, retries, and
 * the few request fields the X-Ray SDK's list names, S3 object keys dropped): no request or
 * response bodies. Returns the client itself where tracing is off.
 */
export function tracedClient<Client extends object>(client: Client): Client {
  const active = activeTracer();
  return active ? active.captureAWSv3Client(client) : client;
}

function annotationKey(key: string): string {
  // X-Ray indexes annotation keys of letters, digits and underscores only.
  return key.replace(/[^A-Za-z0-9_]/g, '_');
}

/**
 * Runs `work` inside a subsegment named `## <name>` of the invocation's segment, annotated with
 * `annotations` (and ColdStart and Service, as Powertools' own handler wrapper does). An error
 * thrown by `work` is recorded on the subsegment and thrown on. Where tracing is off, or outside
 * an invocation, it runs `work` and nothing else.
 */
export async function inSubsegment<T>(name: string, annotations: TraceAnnotations, work: (span: TraceSpan) => Promise<T>): Promise<T> {
  const active = activeTracer();
  const parent = active?.getSegment();
  if (!active || !parent) return work(NO_SPAN);
  const subsegment = parent.addNewSubsegment(`## ${name}`);
  active.setSegment(subsegment);
  const span: TraceSpan = {
    annotate: (key, value) => subsegment.addAnnotation(annotationKey(key), value),
    recordError: (error) => subsegment.addError(error instanceof Error ? error : new Error(String(error))),
  };
  try {
    active.annotateColdStart();
    active.addServiceNameAnnotation();
    for (const [key, value] of Object.entries(annotations)) span.annotate(key, value);
    return await work(span);
  } catch (error) {
    span.recordError(error);
    throw error;
  } finally {
    subsegment.close();
    active.setSegment(parent);
  }
}

/** A Lambda handler whose every invocation runs in `inSubsegment(name, annotations, …)`. */
export function tracedHandler<Args extends unknown[], Result>(
  name: string,
  annotations: TraceAnnotations,
  handler: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return (...args) => inSubsegment(name, annotations, () => handler(...args));
}
