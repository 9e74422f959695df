import { callables, type CallableName } from '#contracts/callables';
import { callableHandlers, jobHandlers, triggerHandlers } from '#lambdas/callable-handlers';
import { type FunctionEnvScope, type FunctionScopes, PARTITIONS } from '#data/table';
import { callableVariables, neededVariables, RESOURCE_VARIABLES } from '#lambdas/function-env-names';
import type { CallableHandlerEntry } from '#lambdas/handler-row';

/** What CDK grants a row's function (lib/app-function.ts), as the local grant check reads it. */
function scopesOf(functionName: string, { permissions }: CallableHandlerEntry, callable: boolean): FunctionScopes {
  const tableWrites: string[] = permissions.table === 'readWrite' ? [...(permissions.tableWrites ?? [])] : [];
  // Every callable counts its caller's budgets under a grant of its own (lib/rate-limit-grant.ts).
  if (callable) tableWrites.push(PARTITIONS.rateCounters);
  const tableReads = permissions.tableReads ? [...permissions.tableReads] : undefined;
  return { functionName, tableWrites, ...(tableReads ? { tableReads } : {}), objectPrefixes: permissions.pictures ? [...(permissions.pictureKeys ?? [])] : [] };
}

/** The variables CDK gives a row's function (lambdas/function-env-names.ts, as lib/ derives them): the only ones it may read locally. */
function envScopeOf(functionName: string, row: CallableHandlerEntry, callable: boolean): FunctionEnvScope {
  const needed = callable ? callableVariables(callables[functionName as CallableName].access, row) : neededVariables(row.needs);
  return { functionName, given: new Set([...RESOURCE_VARIABLES, ...needed]) };
}

const byEntry = new Map<string, FunctionScopes>();
const envByEntry = new Map<string, FunctionEnvScope>();
for (const [rows, callable] of [
  [callableHandlers, true],
  [triggerHandlers, false],
  [jobHandlers, false],
] as const) {
  for (const [name, row] of Object.entries(rows as Record<string, CallableHandlerEntry>)) {
    byEntry.set(row.entry, scopesOf(name, row, callable));
    envByEntry.set(row.entry, envScopeOf(name, row, callable));
  }
}

/**
 * The scopes of the registry row whose handler module is `entry`, or undefined for a module
 * without one (the live socket's functions: their grants are lib/live-api.ts's own).
 */
export function scopesOfEntry(entry: string): FunctionScopes | undefined {
  return byEntry.get(entry);
}

/** The environment scope of the registry row whose handler module is `entry` (undefined as above). */
export function envScopeOfEntry(entry: string): FunctionEnvScope | undefined {
  return envByEntry.get(entry);
}
