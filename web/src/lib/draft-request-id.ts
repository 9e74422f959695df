import { useRef } from 'react';

/**
 * The clientRequestId of a post or comment draft, tied to what is sent with it.
 *
 * `requestIdFor(draft)` answers the id to send `draft` with: the same id as last time when the
 * same draft goes out again (a retry by hand after a failure, or the mutation's own retry), so a
 * create that did land on the server (its answer lost to a timeout) is returned, not written twice;
 * a new id as soon as the draft differs from what the id was last sent with, since another text is
 * another post. The id follows the text itself rather than a callback having renewed it: TanStack
 * Query's per-call onSuccess never fires once the mutation was reset, so an edit made while a draft
 * was sending once went out under the first draft's id and the server answered with the first post.
 *
 * `renew` is for a draft that was posted: sending the same text once more is then a new post.
 */
export function useDraftRequestId(): { requestIdFor: (draft: string) => string; renew: () => void } {
  const sent = useRef<{ id: string; draft: string } | null>(null);
  return {
    requestIdFor: (draft) => {
      if (sent.current?.draft !== draft) sent.current = { id: crypto.randomUUID(), draft };
      return sent.current.id;
    },
    renew: () => {
      sent.current = null;
    },
  };
}
