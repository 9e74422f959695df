/**
 * The callable protocol shared by the Lambdas, the local gateway and the web client.
 * POST {apiUrl}/{callable} with body {"data": ...}; success {"result": ...};
 * failure {"error": {"status", "message", "details"?}}.
 */
export const ERROR_HTTP_STATUS = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  aborted: 409,
  'resource-exhausted': 429,
  cancelled: 499,
  internal: 500,
  unimplemented: 501,
  unavailable: 503,
  'deadline-exceeded': 504,
} as const;

export type ErrorStatus = keyof typeof ERROR_HTTP_STATUS;

export interface ErrorDetails {
  /** Present on every error so a member can quote it and an operator can find the log line. */
  correlationId?: string;
  /** Field-level problems of an invalid-argument error. */
  issues?: { path: string; message: string }[];
}

export interface CallableError {
  status: ErrorStatus;
  message: string;
  details?: ErrorDetails;
}

export type CallableResponse<T> = { result: T } | { error: CallableError };

/** Maps an HTTP status without a protocol body (e.g. API Gateway's own 401) to a protocol status. */
export function statusFromHttp(httpStatus: number): ErrorStatus {
  const match = Object.entries(ERROR_HTTP_STATUS).find(([, code]) => code === httpStatus);
  if (match) return match[0] as ErrorStatus;
  return httpStatus >= 500 ? 'internal' : 'invalid-argument';
}

export const CORRELATION_HEADER = 'x-correlation-id';
