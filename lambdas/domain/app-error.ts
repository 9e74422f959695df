import type { ErrorStatus } from '#contracts/protocol';

export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * The one error type domain and data code throw on purpose. Its message is shown to the member,
 * so it must be one of the spec's sentences or an equally plain one, never an internal detail.
 */
export class AppError extends Error {
  readonly status: ErrorStatus;
  readonly issues: FieldIssue[] | undefined;
  /** For resource-exhausted: when the caller may try again (sent as the Retry-After header). */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: ErrorStatus, message: string, issues?: FieldIssue[], options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.issues = issues;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
