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

  constructor(status: ErrorStatus, message: string, issues?: FieldIssue[]) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.issues = issues;
  }
}
