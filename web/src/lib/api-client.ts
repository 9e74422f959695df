import type { CallableInput, CallableName, CallableOutput } from '#contracts/callables';
import {
  CORRELATION_HEADER,
  type CallableResponse, type ErrorDetails, type ErrorStatus, statusFromHttp } from '#contracts/protocol';
import { loadConfig } from './config.ts';

/** A failed callable, with the protocol's status code, human message and correlation id. */
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

/**
 * Calls a callable: POST {apiUrl}/{name} with {data} and the Cognito access token. Resolves with
 * the result; rejects with an ApiError (a network failure is 'internal', as the spec maps it).
 * The result is trusted as typed: the server parses its own output against the same contract.
 */
export async function callApi<N extends CallableName>(
  name: N,
  data: CallableInput<N>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CallableOutput<N>> {
  const [config, token] = await Promise.all([
    loadConfig(),
    // Loaded on demand so Amplify stays out of the first page's JavaScript (see auth.ts).
    import('./auth.ts').then(({ accessToken }) => accessToken()).catch(() => undefined),
  ]);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${config.apiUrl.replace(/\/$/, '')}/${name}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ data }),
      signal: signal ?? null,
    });
  } catch {
    if (signal?.aborted) throw new ApiError('cancelled', 'The request was cancelled.');
    throw new ApiError('internal', 'Could not reach the server. Check your connection and try again.');
  }

  type Body = Partial<CallableResponse<CallableOutput<N>>> & { message?: string };
  const body = (await response.json().catch(() => undefined)) as Body | undefined;
  if (body && 'error' in body && body.error) {
    const { status, message, details } = body.error;
    throw new ApiError(status, message, details);
  }
  if (response.ok && body && 'result' in body) return body.result as CallableOutput<N>;
  // No protocol body, e.g. API Gateway's own `401 {"message":"Unauthorized"}`.
  const correlationId = response.headers.get(CORRELATION_HEADER) ?? undefined;
  throw new ApiError(
    response.ok ? 'internal' : statusFromHttp(response.status),
    body?.message ?? `The server answered HTTP ${response.status}.`,
    correlationId ? { correlationId } : {},
  );
}
