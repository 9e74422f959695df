import type { ObjectPrefix, PartitionPattern } from '#data/table';

/**
 * The shape of a server row of the registry: which module runs a callable (or a trigger or job)
 * and what its Lambda may touch. Each handler area lists its rows in
 * `handlers/<area>/handler-rows.ts`; `callable-handlers.ts` gathers them.
 */

/**
 * What each callable's Lambda may touch. CDK grants exactly this (least privilege), and the infra
 * tests check every grant against it; the local cloud (one process, no IAM) checks the table writes
 * and object keys against it (data/table/grant-check.ts), so the declared scopes are measured by every run.
 */
export interface Permissions {
  readonly table?: 'read' | 'readWrite';
  /**
   * With table 'readWrite' (required there): the partitions the function writes (PARTITIONS of
   * data/table/grant-scopes.ts). CDK holds its item writes to them by `dynamodb:LeadingKeys`; the local
   * cloud refuses a write outside them the same way (data/table/grant-check.ts). Reads stay table-wide.
   */
  readonly tableWrites?: readonly PartitionPattern[];
  /**
   * With table: the partitions it reads, when it reads few (GetItem, BatchGetItem, Query on the
   * table itself, condition checks; no Scan, no index), held to them by `dynamodb:LeadingKeys` and
   * checked locally alike. Absent: reads are table-wide (searches, scans and index queries need it).
   */
  readonly tableReads?: readonly PartitionPattern[];
  readonly pictures?: 'read' | 'readWrite';
  /** With pictures (required there): the bucket prefixes its grant covers (OBJECT_PREFIXES), checked locally alike. */
  readonly pictureKeys?: readonly ObjectPrefix[];
  /** Cognito admin actions, e.g. 'cognito-idp:AdminAddUserToGroup'. */
  readonly userPoolActions?: readonly string[];
}

/**
 * What a function needs besides its grants and the table, bucket and pool every function is handed.
 * CDK derives the function's environment from it (and the right to invoke a worker), and the local
 * cloud lets the function read those variables only (lambdas/function-env-names.ts): a function
 * reading what its row does not declare fails in the tests, as it would fail on AWS.
 */
export interface FunctionNeeds {
  /** Secrets it is given: `signUpTicket` signs and checks sign-up tickets (SIGN_UP_TICKET_SECRET). */
  readonly secrets?: readonly 'signUpTicket'[];
  /** Background workers it hands work to (invokes asynchronously) and finds by name: REMOVAL_WORKER_FUNCTION, DATA_EXPORT_WORKER_FUNCTION. */
  readonly workers?: readonly ('removal' | 'dataExport')[];
  /** It pushes to members' open pages through the live socket's @connections API (LIVE_MANAGEMENT_ENDPOINT). */
  readonly livePush?: true;
}

export interface CallableHandlerEntry {
  /** Handler module, relative to lambdas/, exporting `handler`. */
  readonly entry: string;
  readonly permissions: Permissions;
  readonly needs?: FunctionNeeds;
  /**
   * Data files (relative to lambdas/) the handler reads beside its module at run time; CDK copies
   * each beside the bundle, so only these functions carry them.
   */
  readonly assets?: readonly string[];
  /** Lambda timeout when 10 s is not enough (API Gateway's HTTP API still cuts a request at 30 s). */
  readonly timeoutSeconds?: number;
}
