/**
 * The shape of a server row of the registry: which module runs a callable (or a trigger or job)
 * and what its Lambda may touch. Each handler area lists its rows in
 * `handlers/<area>/handler-rows.ts`; `callable-handlers.ts` gathers them.
 */

/**
 * What each callable's Lambda may touch. CDK grants exactly this (least privilege); the local
 * gateway ignores it (one process), and the infra tests check every grant against it.
 */
export interface Permissions {
  readonly table?: 'read' | 'readWrite';
  readonly pictures?: 'read' | 'readWrite';
  /** Cognito admin actions, e.g. 'cognito-idp:AdminAddUserToGroup'. */
  readonly userPoolActions?: readonly string[];
}

export interface CallableHandlerEntry {
  /** Handler module, relative to lambdas/, exporting `handler`. */
  readonly entry: string;
  readonly permissions: Permissions;
  /**
   * Data files (relative to lambdas/) the handler reads beside its module at run time; CDK copies
   * each beside the bundle, so only these functions carry them.
   */
  readonly assets?: readonly string[];
  /** Lambda timeout when 10 s is not enough (API Gateway's HTTP API still cuts a request at 30 s). */
  readonly timeoutSeconds?: number;
}
