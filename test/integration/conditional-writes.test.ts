import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * lambdas/data/table/conditional.ts against DynamoDB Local: real failed conditions and real cancellation
 * reasons (test/unit/lambdas/conditional-writes.test.ts scripts conflicts, throttling and giving up).
 * Its items live under a partition of their own (no other code reads CONDITIONAL-TEST#) and go
 * at the end.
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { dynamo, tableName } = await import('#data/table');
const { conditionalWrite, transact } = await import('#data/table');

const written: { pk: string; sk: string }[] = [];
function key(label: string) {
  const item = { pk: `CONDITIONAL-TEST#${randomUUID()}`, sk: label };
  written.push(item);
  return item;
}

async function read(itemKey: { pk: string; sk: string }) {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: itemKey, ConsistentRead: true }));
  return Item ?? null;
}

afterAll(async () => {
  await Promise.all(written.map((itemKey) => dynamo().send(new DeleteCommand({ TableName: tableName(), Key: itemKey }))));
});

describe('conditionalWrite', () => {
  it('answers the output when the condition holds and null when it failed, writing nothing then', async () => {
    const item = key('ITEM');
    const create = () => new PutCommand({ TableName: tableName(), Item: { ...item, n: 1 }, ConditionExpression: 'attribute_not_exists(pk)' });
    expect(await conditionalWrite(create())).not.toBeNull();
    expect(await conditionalWrite(create())).toBeNull();

    const bump = (below: number) =>
      new UpdateCommand({
        TableName: tableName(),
        Key: item,
        UpdateExpression: 'ADD n :one',
        ConditionExpression: 'n < :below',
        ExpressionAttributeValues: { ':one': 1, ':below': below },
        ReturnValues: 'ALL_NEW',
      });
    expect((await conditionalWrite(bump(5)))?.Attributes).toMatchObject({ n: 2 });
    expect(await conditionalWrite(bump(2))).toBeNull();

    expect(
      await conditionalWrite(
        new DeleteCommand({ TableName: tableName(), Key: item, ConditionExpression: 'n = :zero', ExpressionAttributeValues: { ':zero': 0 } }),
      ),
    ).toBeNull();
    expect(await read(item)).toMatchObject({ n: 2 });
  });
});

describe('transact', () => {
  it('names the items whose condition failed and writes none of them', async () => {
    const [taken, present, fresh, absent] = [key('TAKEN'), key('PRESENT'), key('FRESH'), key('ABSENT')];
    await Promise.all([taken, present].map((item) => dynamo().send(new PutCommand({ TableName: tableName(), Item: item }))));
    const outcome = await transact([
      { name: 'fresh', Put: { TableName: tableName(), Item: fresh, ConditionExpression: 'attribute_not_exists(pk)' } },
      { name: 'taken', Put: { TableName: tableName(), Item: { ...taken, n: 1 }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { name: 'present', ConditionCheck: { TableName: tableName(), Key: present, ConditionExpression: 'attribute_exists(pk)' } },
      { name: 'absent', ConditionCheck: { TableName: tableName(), Key: absent, ConditionExpression: 'attribute_exists(pk)' } },
    ]);
    expect(outcome).toEqual({ ok: false, failed: ['taken', 'absent'] });
    expect(await read(fresh)).toBeNull();
    expect(await read(taken)).toEqual(taken);
  });

  it('writes all items when every condition holds', async () => {
    const a = key('A');
    const b = key('B');
    expect(
      await transact([
        { name: 'a', Put: { TableName: tableName(), Item: a, ConditionExpression: 'attribute_not_exists(pk)' } },
        { name: 'b', Put: { TableName: tableName(), Item: b, ConditionExpression: 'attribute_not_exists(pk)' } },
      ]),
    ).toEqual({ ok: true });
    expect(await read(a)).toEqual(a);
    expect(await read(b)).toEqual(b);
  });

  // DynamoDB Local runs these one after another (none meets a TransactionConflict); the retry of
  // conflicts is shown by the unit test and, with injected conflicts, by faults.test.ts.
  it('20 concurrent transactions on one counter all land, each exactly once', async () => {
    const counter = key('COUNTER');
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...counter, n: 0 } }));
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        transact([
          {
            name: 'counter',
            Update: {
              TableName: tableName(),
              Key: counter,
              UpdateExpression: 'ADD n :one',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
          { name: 'entry', Put: { TableName: tableName(), Item: key(`ENTRY${i}`), ConditionExpression: 'attribute_not_exists(pk)' } },
        ]),
      ),
    );
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => ({ ok: true })));
    expect(await read(counter)).toMatchObject({ n: 20 });
  });
});
