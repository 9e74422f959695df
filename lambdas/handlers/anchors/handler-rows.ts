import type { CallableName } from '#contracts/callables';
import { PARTITIONS } from '#data/table';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** Server rows of the anchor callables: handler module and least-privilege grants (see handler-row.ts). */
export const anchorsHandlers = {
  sendAnchorRequest: {
    entry: 'handlers/anchors/send-anchor-request.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.friendship] },
  },
  // readWrite: the pair, both edges, both counters, and the feed catch-up both ways.
  acceptAnchorRequest: {
    entry: 'handlers/anchors/accept-anchor-request.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.friendship] },
  },
  removeAnchorRequest: {
    entry: 'handlers/anchors/remove-anchor-request.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.friendship] },
  },
  removeAnchor: { entry: 'handlers/anchors/remove-anchor.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.friendship] } },
  listAnchors: { entry: 'handlers/anchors/list-anchors.ts', permissions: { table: 'read' } },
  listAnchorRequests: { entry: 'handlers/anchors/list-anchor-requests.ts', permissions: { table: 'read' } },
  searchUsers: { entry: 'handlers/anchors/search-users.ts', permissions: { table: 'read' } },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
