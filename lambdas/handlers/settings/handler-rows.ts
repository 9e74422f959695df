import type { CallableHandlerEntry } from '../../callable-handlers.ts';
import type { settingsCallables } from '#contracts/settings';

/** Server rows of the settings callables: handler module and least-privilege grants (see callable-handlers.ts). */
export const settingsHandlers: Record<keyof typeof settingsCallables, CallableHandlerEntry> = {};
