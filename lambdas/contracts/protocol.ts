/**
 * The callable protocol shared by the Lambdas, the local gateway and the web client: Firebase's
 * "Protocol specification for https.onCall", exactly, so a stock Firebase client
 * (`httpsCallableFromURL`) works against this backend.
 *
 * Request: POST {apiUrl}/{callable}, Content-Type application/json (parameters such as
 * `; charset=utf-8` allowed), body a JSON object whose one field is `data` (any JSON value, null
 * included). Anything else is refused with 400 INVALID_ARGUMENT.
 * Success: 200 {"result": ...}. Failure: {"error": {"status", "message", "details"?}} where
 * `status` is the canonical upper-case name (WIRE_STATUS) with its HTTP status (ERROR_HTTP_STATUS).
 *
 * The code (AppError, the web's ApiError, the UI) names a status by the spec's lower-case name
 * (ErrorStatus: 'invalid-argument', ...); only the wire carries the canonical name, translated by
 * toWireError on the way out and statusFromWire on the way in.
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

/** Each status's canonical name, as the wire carries it in `error.status`. */
export const WIRE_STATUS = {
  'invalid-argument': 'INVALID_ARGUMENT',
  unauthenticated: 'UNAUTHENTICATED',
  'permission-denied': 'PERMISSION_DENIED',
  'not-found': 'NOT_FOUND',
  aborted: 'ABORTED',
  'resource-exhausted': 'RESOURCE_EXHAUSTED',
  cancelled: 'CANCELLED',
  internal: 'INTERNAL',
  unimplemented: 'UNIMPLEMENTED',
  unavailable: 'UNAVAILABLE',
  'deadline-exceeded': 'DEADLINE_EXCEEDED',
} as const satisfies Record<ErrorStatus, string>;

export type WireStatus = (typeof WIRE_STATUS)[ErrorStatus];

const STATUS_OF_WIRE = new Map<string, ErrorStatus>(Object.entries(WIRE_STATUS).map(([status, wire]) => [wire, status as ErrorStatus]));

/** The status a canonical wire name stands for; undefined for anything else (lower-case names included). */
export function statusFromWire(wire: unknown): ErrorStatus | undefined {
  return typeof wire === 'string' ? STATUS_OF_WIRE.get(wire) : undefined;
}

export interface ErrorDetails {
  /** Present on every error so a member can quote it and an operator can find the log line. */
  correlationId?: string;
  /** Field-level problems of an invalid-argument error. */
  issues?: { path: string; message: string }[];
}

/** A refusal as the code knows it (status by its lower-case name). */
export interface CallableError {
  status: ErrorStatus;
  message: string;
  details?: ErrorDetails;
}

/** A refusal as the wire carries it (status by its canonical name). */
export interface WireError {
  status: WireStatus;
  message: string;
  details?: ErrorDetails;
}

export type CallableResponse<T> = { result: T } | { error: WireError };

/** The one place a refusal takes its wire form. */
export function toWireError({ status, message, details }: CallableError): WireError {
  return details === undefined ? { status: WIRE_STATUS[status], message } : { status: WIRE_STATUS[status], message, details };
}

/**
 * Maps an HTTP status without a protocol body (e.g. API Gateway's own `401 {"message":"Unauthorized"}`)
 * to a status, as the Firebase SDKs do for the statuses of the table; any other is internal (5xx)
 * or invalid-argument (4xx).
 */
export function statusFromHttp(httpStatus: number): ErrorStatus {
  const match = Object.entries(ERROR_HTTP_STATUS).find(([, code]) => code === httpStatus);
  if (match) return match[0] as ErrorStatus;
  return httpStatus >= 500 ? 'internal' : 'invalid-argument';
}

export const CORRELATION_HEADER = 'x-correlation-id';
