import { Alert } from '@mantine/core';
import { isApiError } from '../../../lib/api-client.ts';

interface SaveStatusProps {
  status: 'saved' | 'failed' | null;
  savedMessage: string;
  failedMessage: string;
  error: unknown;
}

/**
 * The spec's sentence for a save, and, when the server refused the input itself, its reason
 * (which field and why) so the member can fix it.
 */
export function SaveStatus({ status, savedMessage, failedMessage, error }: SaveStatusProps) {
  if (status === 'saved') {
    return (
      <Alert color="green" role="status">
        {savedMessage}
      </Alert>
    );
  }
  if (status === 'failed') {
    return (
      <Alert color="red" role="alert" title={failedMessage}>
        {isApiError(error, 'invalid-argument') ? error.message : null}
      </Alert>
    );
  }
  return null;
}

/** An upload's failure as the member should read it. */
export function uploadFailureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message.trim() : '';
  return message || 'The upload failed. Please try again.';
}
