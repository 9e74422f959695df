/** What other areas may use of anchors; its query keys are in keys.ts. */
export { ANCHOR_UI_MESSAGES, profileAction, sendRequestFailureMessage } from './anchor-actions.ts';
export {
  useAcceptAnchorRequest,
  useAnchorsLive,
  useSendAnchorRequest,
  useInvalidateAnchors,
  useAnchorList,
  usePendingRequestCount,
} from './api/anchor-requests.ts';
