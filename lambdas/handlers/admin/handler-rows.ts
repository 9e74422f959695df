import type { CallableHandlerEntry } from '../../callable-handlers.ts';
import type { adminCallables } from '#contracts/admin';

/** Server rows of the admin callables: handler module and least-privilege grants (see callable-handlers.ts). */
export const adminHandlers: Record<keyof typeof adminCallables, CallableHandlerEntry> = {};
