import type { CallableName } from '#contracts/callables';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** Server rows of the dev tools' callables: handler module and least-privilege grants (see handler-row.ts). */
export const devHandlers = {
  createDummyAnchors: { entry: 'handlers/dev/create-dummy-anchors.ts', permissions: { table: 'readWrite' } },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
