import { callableHandlers, jobHandlers, triggerHandlers } from '#lambdas/callable-handlers';
import { type FunctionScopes, PARTITIONS } from '#data/table';
import type { CallableHandlerEntry } from '#lambdas/handler-row';

/** What CDK grants a row's function (lib/app-function.ts), as the local grant check reads it. */
function scopesOf(functionName: string, { permissions }: CallableHandlerEntry, callable: boolean): FunctionScopes {
  const tableWrites: string[] = permissions.table === 'readWrite' ? [...(permissions.tableWrites ?? [])] : [];
  // Every callable counts its caller's budgets under a grant of its own (lib/rate-limit-grant.ts).
  if (callable) tableWrites.push(PARTITIONS.rateCounters);
  const tableReads = permissions.tableReads ? [...permissions.tableReads] : undefined;
  return { functionName, tableWrites, ...(tableReads ? { tableReads } : {}), objectPrefixes: permissions.pictures ? [...(permissions.pictureKeys ?? [])] : [] };
}

const byEntry = new Map<string, FunctionScopes>();
for (const [rows, callable] of [
  [callableHandlers, true],
  [triggerHandlers, false],
  [jobHandlers, false],
] as const) {
  for (const [name, row] of Object.entries(rows as Record<string, CallableHandlerEntry>)) byEntry.set(row.entry, scopesOf(name, row, callable));
}

/**
 * The scopes of the registry row whose handler module is `entry`, or undefined for a module
 * without one (the live socket's functions: their grants are lib/live-api.ts's own).
 */
export function scopesOfEntry(entry: string): FunctionScopes | undefined {
  return byEntry.get(entry);
}
