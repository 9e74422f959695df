import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws-clients.ts';

/**
 * Every item a Query matches, following LastEvaluatedKey past DynamoDB's 1 MB pages. With `atLeast`,
 * it stops paging once that many items are in (a Limit counts items before a filter, so one page may
 * hold fewer than asked); callers slice to the exact number they want.
 */
export async function queryAll(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>, atLeast?: number): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey && (atLeast === undefined || items.length < atLeast));
  return items;
}

/** How many items a Query matches (Select COUNT: no item is read out), following LastEvaluatedKey likewise. */
export async function countAll(input: Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Select'>): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: startKey }));
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}
