import type { Access } from '#contracts/callables';
import type { GivenEnvName } from '#data/table';
import type { CallableHandlerEntry, FunctionNeeds } from './handler-row.ts';

/**
 * Which variables each function receives, derived from its registry row: CDK builds the
 * function's environment from these names (lib/callable-api.ts, lib/auth.ts, lib/background-worker.ts;
 * test/infra/api.test.ts holds every callable to them) and the local cloud scopes each invocation
 * to them (local/lambda-modules.ts), so the two cannot differ.
 */

/** Handed to every function with its resources (lib/app-function.ts): the stage, the table, the bucket, the pool. */
export const RESOURCE_VARIABLES = ['STAGE', 'TABLE_NAME', 'BUCKET_NAME', 'USER_POOL_ID'] as const satisfies readonly GivenEnvName[];

type Secret = NonNullable<FunctionNeeds['secrets']>[number];
type Worker = NonNullable<FunctionNeeds['workers']>[number];

export const SECRET_VARIABLES = { signUpTicket: 'SIGN_UP_TICKET_SECRET' } as const satisfies Record<Secret, GivenEnvName>;
export const WORKER_VARIABLES = { removal: 'REMOVAL_WORKER_FUNCTION', dataExport: 'DATA_EXPORT_WORKER_FUNCTION' } as const satisfies Record<
  Worker,
  GivenEnvName
>;
export const LIVE_PUSH_VARIABLE: GivenEnvName = 'LIVE_MANAGEMENT_ENDPOINT';

/** The variables a row's needs name (beyond RESOURCE_VARIABLES). */
export function neededVariables(needs: FunctionNeeds = {}): GivenEnvName[] {
  return [
    ...(needs.secrets ?? []).map((secret) => SECRET_VARIABLES[secret]),
    ...(needs.workers ?? []).map((worker) => WORKER_VARIABLES[worker]),
    ...(needs.livePush ? [LIVE_PUSH_VARIABLE] : []),
  ];
}

/**
 * What a callable receives beyond RESOURCE_VARIABLES: the origin secret (lambdas/http/client-address.ts),
 * where served pictures are fetched, a dev tool's list of who may use it, and its row's needs.
 */
export function callableVariables(access: Access, row: CallableHandlerEntry): GivenEnvName[] {
  return ['ORIGIN_VERIFY_SECRET', 'PICTURES_URL', ...(access === 'dev-only' ? (['DEV_ADMIN_EMAILS'] as const) : []), ...neededVariables(row.needs)];
}

/** The variables of a row's secrets, with their values (on AWS dynamic references to Secrets Manager). */
export function secretsEnvironment(needs: FunctionNeeds | undefined, values: Readonly<Record<Secret, string>>): Record<string, string> {
  return Object.fromEntries((needs?.secrets ?? []).map((secret) => [SECRET_VARIABLES[secret], values[secret]]));
}

/** The rows (by name) that hand work to `worker`: each may invoke it and is given its name. */
export function rowsNeedingWorker(rows: Readonly<Record<string, CallableHandlerEntry>>, worker: Worker): string[] {
  return Object.entries(rows)
    .filter(([, row]) => row.needs?.workers?.includes(worker))
    .map(([name]) => name);
}
