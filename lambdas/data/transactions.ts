import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws-clients.ts';

/**
 * A transaction on a hot item (a popular post's counter) is cancelled with TransactionConflict when
 * another one holds the item; the SDK does not retry that, so we do, with jittered backoff.
 * Returns null on success, or the per-item cancellation codes when a condition failed.
 */
const MAX_ATTEMPTS = 12;

export async function transactWithRetry(input: TransactWriteCommandInput): Promise<(string | undefined)[] | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand(input));
      return null;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code);
      const conflict = codes.some((code) => code === 'TransactionConflict');
      if (!conflict) return codes;
      if (attempt + 1 >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** Math.min(attempt, 5)));
    }
  }
}
