import { useState } from 'react';

function newRequestId(): string {
  return crypto.randomUUID();
}

/**
 * One clientRequestId per draft of a post or comment. Sending the same draft again after a
 * failure (by hand or by the mutation's own retry) reuses it, so a create that did land on the
 * server (its answer lost to a timeout) is returned, not written twice. A sent or edited draft is
 * another post: `renew` gives it its own id.
 */
export function useDraftRequestId(): { requestId: string; renew: () => void } {
  const [requestId, setRequestId] = useState(newRequestId);
  return { requestId, renew: () => setRequestId(newRequestId()) };
}
