import { AppError } from '#domain/app-error';
import { withBackoff } from '#data/table';

/**
 * Maps the faults of DynamoDB, S3 and Cognito that a retry can cure to protocol errors, so a
 * member reads a plain sentence and a client knows to try again, never a 500: throttling,
 * timeouts and an unavailable service → 503 unavailable; a transaction cancelled because another
 * one held an item → 409 aborted. Conditions that failed (a real refusal) are not faults and stay
 * with the code that wrote them.
 */
export const FAULT_MESSAGES = {
  busy: 'The service is busy. Please try again.',
  conflict: 'Someone else changed this at the same time. Please try again.',
} as const;

const BUSY_NAMES = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'SlowDown',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'InternalFailure',
  'InternalErrorException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);
const CONFLICT_NAMES = new Set(['TransactionConflictException', 'TransactionInProgressException']);
const NETWORK_CODES = new Set(['ETIMEDOUT', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'EAI_AGAIN']);

interface SdkLikeError {
  name?: unknown;
  code?: unknown;
  CancellationReasons?: { Code?: string }[];
  $metadata?: { httpStatusCode?: number };
  cause?: unknown;
}

function classify(error: unknown, depth = 0): 'busy' | 'conflict' | null {
  if (typeof error !== 'object' || error === null || depth > 3) return null;
  const e = error as SdkLikeError;
  const name = typeof e.name === 'string' ? e.name : '';
  if (name === 'TransactionCanceledException') {
    // Only a conflict is retryable; a failed condition is a real answer the caller must handle.
    return e.CancellationReasons?.some((reason) => reason.Code === 'TransactionConflict') ? 'conflict' : null;
  }
  if (CONFLICT_NAMES.has(name)) return 'conflict';
  if (BUSY_NAMES.has(name)) return 'busy';
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return 'busy';
  if (e.$metadata?.httpStatusCode === 503) return 'busy';
  return classify(e.cause, depth + 1);
}

/** The AppError a retryable backend fault becomes, or the error itself when it is not one. */
export function asRetryableFault(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const kind = classify(error);
  if (kind === 'busy') return new AppError('unavailable', FAULT_MESSAGES.busy);
  if (kind === 'conflict') return new AppError('aborted', FAULT_MESSAGES.conflict);
  return error;
}

/** Whether an error is one of the faults above (a retry may well succeed). */
export function isRetryableFault(error: unknown): boolean {
  return classify(error) !== null;
}

/**
 * Runs a step that must not be left half-done once an earlier write has landed (deleting an
 * object whose entry is gone, or the copy whose entry never came), retrying it through faults with
 * the data layer's one backoff, so a momentary throttle does not leave an orphan behind.
 */
export function throughFaults<T>(step: () => Promise<T>): Promise<T> {
  return withBackoff(async (retry) => {
    try {
      return await step();
    } catch (error) {
      if (!isRetryableFault(error)) throw error;
      return retry(error);
    }
  });
}
