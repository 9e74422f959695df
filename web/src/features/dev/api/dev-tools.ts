import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useInvalidateAnchors } from '../../anchors/index.ts';

/** Creates 10 dummy members anchored to the caller (the dev-only callable). */
export function useCreateDummyAnchors() {
  const invalidate = useInvalidateAnchors();
  return useMutation({
    mutationFn: () => callApi('createDummyAnchors', {}),
    // One batch at a time: a double click must not create 20.
    scope: { id: 'createDummyAnchors' },
    onSettled: invalidate,
  });
}
