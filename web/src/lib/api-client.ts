import type { CallableInput, CallableName, CallableOutput } from '#contracts/callables';
import { CORRELATION_HEADER, type ErrorDetails, type ErrorStatus, statusFromHttp, statusFromWire } from '#contracts/protocol';
import { loadConfig } from './config.ts';

/** The spec's default: a call that has not settled by then rejects with deadline-exceeded. */
export const CALL_TIMEOUT_MS = 70_000;

/**
 * A failed callable, with the status by the spec's lower-case name (the wire's canonical
 * INVALID_ARGUMENT is 'invalid-argument' here), the human message and the correlation id.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly correlationId: string | undefined;

  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.correlationId = details.correlationId;
  }
}

export function isApiError(error: unknown, status?: ErrorStatus): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

interface WireBody {
  result?: unknown;
  error?: { status?: unknown; message?: unknown; details?: ErrorDetails };
  /** API Gateway's own refusals, e.g. `401 {"message":"Unauthorized"}`. */
  message?: unknown;
}

/** The ApiError a response stands for (null: a success), read as the Firebase SDKs read it. */
function errorOf(response: Response, body: WireBody | undefined): ApiError | null {
  if (body?.error) {
    const { status, message, details } = body.error;
    const text = typeof message === 'string' ? message : `The server answered HTTP ${response.status}.`;
    // An unknown status is a broken answer, as the Firebase SDKs take it.
    return new ApiError(statusFromWire(status) ?? 'internal', text, details ?? {});
  }
  if (response.ok && body && 'result' in body) return null;
  // No protocol body: mapped by its HTTP status.
  const correlationId = response.headers.get(CORRELATION_HEADER) ?? undefined;
  return new ApiError(
    response.ok ? 'internal' : statusFromHttp(response.status),
    typeof body?.message === 'string' ? body.message : `The server answered HTTP ${response.status}.`,
    correlationId ? { correlationId } : {},
  );
}

/** Sign-outs begun in this tab: a call begun before the latest one is never sent or answered. */
let signOuts = 0;
let signingOut = false;
/** The calls on their way, to be cancelled when the tab starts signing out. */
const callsInFlight = new Set<AbortController>();

/**
 * Runs `work` (the tab signing out) so that no call carries the token being revoked, which the API
 * would answer 401: the calls on their way are cancelled before Amplify revokes it, a call begun
 * meanwhile is refused as cancelled and never sent, and so is a call begun before whose token was
 * still being read (it would go out after, with the revoked token or none). Once `work` has
 * forgotten the member nothing asks again.
 */
export async function signingOutWith<T>(work: () => Promise<T>): Promise<T> {
  signOuts += 1;
  signingOut = true;
  for (const call of callsInFlight) call.abort();
  try {
    return await work();
  } finally {
    signingOut = false;
  }
}

async function attempt<N extends CallableName>(name: N, data: CallableInput<N>, signal: AbortSignal, cancelled: () => boolean): Promise<CallableOutput<N>> {
  const [config, token] = await Promise.all([
    loadConfig(),
    // Loaded on demand so Amplify stays out of the first page's JavaScript (see auth.ts).
    import('./auth.ts').then(({ accessToken }) => accessToken()).catch(() => undefined),
  ]);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (cancelled()) throw new ApiError('cancelled', 'The request was cancelled.');
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl.replace(/\/$/, '')}/${name}`, { method: 'POST', headers, body: JSON.stringify({ data }), signal });
  } catch {
    if (cancelled()) throw new ApiError('cancelled', 'The request was cancelled.');
    throw new ApiError('internal', 'Could not reach the server. Check your connection and try again.');
  }
  const body = (await response.json().catch(() => undefined)) as WireBody | undefined;
  if (cancelled()) throw new ApiError('cancelled', 'The request was cancelled.');
  const error = errorOf(response, body);
  if (error) throw error;
  return body?.result as CallableOutput<N>;
}

/**
 * Calls a callable: POST {apiUrl}/{name} with {data} and the Cognito access token. Resolves with
 * the result; rejects with an ApiError: the server's refusal, 'internal' for a network failure (as
 * the spec maps it), 'cancelled' when `signal` aborts or the tab signs out meanwhile, 'deadline-exceeded' after CALL_TIMEOUT_MS.
 * The result is trusted as typed: the server parses its own output against the same contract.
 */
export async function callApi<N extends CallableName>(name: N, data: CallableInput<N>, { signal }: { signal?: AbortSignal } = {}): Promise<CallableOutput<N>> {
  const controller = new AbortController();
  const cancel = () => controller.abort();
  if (signal?.aborted) cancel();
  else signal?.addEventListener('abort', cancel, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new ApiError('deadline-exceeded', 'The request took too long. Please try again.'));
      controller.abort();
    }, CALL_TIMEOUT_MS);
  });
  const signOutsBefore = signOuts;
  // By the caller, or by a sign-out begun since (see signingOutWith).
  const cancelled = () => signal?.aborted === true || signingOut || signOuts !== signOutsBefore;
  callsInFlight.add(controller);
  try {
    return await Promise.race([attempt(name, data, controller.signal, cancelled), deadline]);
  } finally {
    callsInFlight.delete(controller);
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}
