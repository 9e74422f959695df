import type { CallableHandlerEntry } from '../../callable-handlers.ts';
import type { metricsCallables } from '#contracts/metrics';

/** Server rows of the metrics callables: handler module and least-privilege grants (see callable-handlers.ts). */
export const metricsHandlers: Record<keyof typeof metricsCallables, CallableHandlerEntry> = {};
