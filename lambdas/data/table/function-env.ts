import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The one reader of a function's environment (lint: no `process.env` elsewhere in lambdas/). Each
 * variable, what it holds and which functions receive it: lambdas/data/README.md.
 *
 * GIVEN_ENV is what CDK sets per function, and only on the functions that need it
 * (lambdas/function-env-names.ts derives which from the registry rows); AMBIENT_ENV is set by Lambda
 * itself, by the local cloud alone, or is optional everywhere.
 */
export const GIVEN_ENV = [
  'STAGE',
  'TABLE_NAME',
  'BUCKET_NAME',
  'USER_POOL_ID',
  'PICTURES_URL',
  'ORIGIN_VERIFY_SECRET',
  'SIGN_UP_TICKET_SECRET',
  'DEV_ADMIN_EMAILS',
  'REMOVAL_WORKER_FUNCTION',
  'DATA_EXPORT_WORKER_FUNCTION',
  'LIVE_MANAGEMENT_ENDPOINT',
  'TOKEN_ISSUER',
  'USER_POOL_CLIENT_ID',
] as const;

export const AMBIENT_ENV = [
  'AWS_REGION',
  'AWS_EXECUTION_ENV',
  'POWERTOOLS_TRACE_ENABLED',
  'DYNAMODB_ENDPOINT',
  'S3_ENDPOINT',
  'COGNITO_ENDPOINT',
  'LAMBDA_ENDPOINT',
  'LOCAL_LIFT_BUDGETS',
  'REMOVAL_BUDGET_MS',
  'REMOVAL_WORKER_BUDGET_MS',
] as const;

export type GivenEnvName = (typeof GIVEN_ENV)[number];
export type FunctionEnvName = GivenEnvName | (typeof AMBIENT_ENV)[number];

/** The function running now (locally: one of many in one process) and the given variables its row declares. */
export interface FunctionEnvScope {
  readonly functionName: string;
  readonly given: ReadonlySet<GivenEnvName>;
}

const scopes = new AsyncLocalStorage<FunctionEnvScope>();

/**
 * Runs one invocation as the function `scope` names. On AWS nothing calls it: each function has a
 * process and an environment of its own. The local cloud runs every handler in one process with
 * one `process.env` holding every variable, so it scopes each invocation to what CDK would give
 * that function (local/lambda-modules.ts), and reading any other given variable throws.
 */
export function runWithFunctionEnv<T>(scope: FunctionEnvScope, run: () => T): T {
  return scopes.run(scope, run);
}

const givenNames: ReadonlySet<string> = new Set(GIVEN_ENV);

/** A variable of this function's environment, or undefined when it is not set. */
export function functionEnv(name: FunctionEnvName): string | undefined {
  const scope = scopes.getStore();
  if (scope && givenNames.has(name) && !scope.given.has(name as GivenEnvName)) {
    throw new Error(`${scope.functionName} reads ${name}, which CDK does not give it: declare the need in its registry row (lambdas/handler-row.ts)`);
  }
  // Read per call, not cached: the tests switch STAGE and a few others between calls.
  return process.env[name];
}

/** A variable this function cannot run without. */
export function requiredEnv(name: FunctionEnvName): string {
  const value = functionEnv(name);
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

/** Every variable at once, for code that takes the whole environment (the budgets' lift, the tracer). */
export function functionEnvOf<N extends FunctionEnvName>(...names: readonly N[]): Readonly<Partial<Record<N, string>>> {
  return Object.fromEntries(names.map((name) => [name, functionEnv(name)])) as Partial<Record<N, string>>;
}
