import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  type DeleteCommand,
  type DeleteCommandOutput,
  type PutCommand,
  type PutCommandOutput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  type UpdateCommand,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws-clients.ts';
import { withBackoff } from './backoff.ts';

/**
 * The one way the data layer writes on a condition. A condition that fails is an answer, not an
 * error: `conditionalWrite` gives null, `transact` gives the names of the items whose condition
 * failed. Everything else (throttling, timeouts, validation errors) is thrown as the SDK threw it,
 * for http/backend-faults to turn into 503/409. Only this module reads ConditionalCheckFailed or a
 * transaction's CancellationReasons.
 */

type ConditionalCommand = PutCommand | UpdateCommand | DeleteCommand;
type OutputOf<C extends ConditionalCommand> = C extends UpdateCommand ? UpdateCommandOutput : C extends PutCommand ? PutCommandOutput : DeleteCommandOutput;

function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException || (error as { name?: unknown } | null)?.name === 'ConditionalCheckFailedException';
}

/** One Put, Update or Delete: the SDK's output, or null when its ConditionExpression failed. */
export async function conditionalWrite<C extends ConditionalCommand>(command: C): Promise<OutputOf<C> | null> {
  try {
    return (await dynamo().send(command as UpdateCommand)) as OutputOf<C>;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** One item of a TransactWriteItems call (Put, Update, Delete or ConditionCheck), as lib-dynamodb takes it. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A transaction item with the name its condition failure is reported under (several may share one). */
export type NamedItem<N extends string = string> = TransactItem & { name: N };

/** Written, or not written because these items' conditions failed (their names, in item order). */
export type TransactOutcome<N extends string> = { ok: true } | { ok: false; failed: N[] };

/**
 * Cancellation reasons that say "try again" rather than "no": another transaction held one of the
 * items (a hot counter, 30 accepts towards one member), or the table was throttled.
 */
const RETRYABLE_REASONS = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

interface Cancellation {
  CancellationReasons?: { Code?: string }[];
}

function asCancellation(error: unknown): Cancellation | null {
  if (error instanceof TransactionCanceledException) return error;
  return (error as { name?: unknown } | null)?.name === 'TransactionCanceledException' ? (error as Cancellation) : null;
}

/**
 * Writes the items in one TransactWriteItems, all or nothing. A cancellation with a retryable
 * reason is tried again with the data layer's backoff (backoff.ts) and, after the last try,
 * thrown as is (a 409 at the callable). Otherwise a cancellation whose items' conditions failed
 * answers `{ ok: false, failed }`; any other cancellation is thrown.
 */
export async function transact<N extends string>(items: readonly NamedItem<N>[]): Promise<TransactOutcome<N>> {
  const input: TransactWriteCommandInput = { TransactItems: items.map(({ name: _name, ...item }) => item) };
  return withBackoff<TransactOutcome<N>>(async (retry) => {
    try {
      await dynamo().send(new TransactWriteCommand(input));
      return { ok: true };
    } catch (error) {
      const cancellation = asCancellation(error);
      if (!cancellation) throw error;
      const codes = (cancellation.CancellationReasons ?? []).map((reason) => reason.Code);
      if (codes.some((code) => code !== undefined && RETRYABLE_REASONS.has(code))) return retry(error);
      const failed = items.filter((_, index) => codes[index] === 'ConditionalCheckFailed').map((item) => item.name);
      if (failed.length > 0) return { ok: false, failed };
      throw error;
    }
  });
}
