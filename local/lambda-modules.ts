import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { runWithFunctionEnv, runWithinScopes } from '#data/table';
import { REPO_ROOT } from './cloud-files.ts';
import { envScopeOfEntry, scopesOfEntry } from './function-scopes.ts';

/** A Lambda handler as the modules under lambdas/ export it. */
export type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

const loaded = new Map<string, Promise<LambdaHandler>>();

/**
 * Imports the very module CDK bundles for a function (entry relative to lambdas/, from the
 * registry in lambdas/callable-handlers.ts) and returns its `handler`. Imported on first use,
 * after the cloud has set the environment the module reads, then kept like a warm Lambda.
 */
export function loadHandler(entry: string): Promise<LambdaHandler> {
  let handler = loaded.get(entry);
  if (!handler) {
    // A runtime URL (not a template Vite would try to analyse): the entry comes from the registry.
    const url = pathToFileURL(join(REPO_ROOT, 'lambdas', entry)).href;
    handler = import(/* @vite-ignore */ url).then((module: { handler?: unknown }) => {
      if (typeof module.handler !== 'function') throw new Error(`lambdas/${entry} does not export a handler function`);
      const run = module.handler as LambdaHandler;
      // Held to its registry row's scopes, as its role is on AWS (lambdas/data/table/grant-check.ts),
      // and to the variables CDK gives it: every handler shares this process's one process.env.
      const scopes = scopesOfEntry(entry);
      const envScope = envScopeOfEntry(entry);
      if (!scopes || !envScope) return run;
      return (event, context) => runWithFunctionEnv(envScope, () => runWithinScopes(scopes, () => run(event, context)));
    });
    // A failed import (syntax error while editing) must not stick: the next call retries.
    handler.catch(() => loaded.delete(entry));
    loaded.set(entry, handler);
  }
  return handler;
}

/** The parts of the Lambda context handlers may read (Powertools, timeouts). */
export function lambdaContext(functionName: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
