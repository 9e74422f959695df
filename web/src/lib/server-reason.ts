import { type ApiError, isApiError } from './api-client.ts';

/** Refusals whose message the server wrote for the member (e.g. 'Anchor request already pending'). */
const MEMBER_FACING = new Set<ApiError['status']>(['invalid-argument', 'permission-denied', 'not-found', 'aborted', 'resource-exhausted']);

/** The server's own sentence when it refused for a reason the member can act on; otherwise undefined. */
export function serverReason(error: unknown): string | undefined {
  return isApiError(error) && MEMBER_FACING.has(error.status) && error.message ? error.message : undefined;
}
