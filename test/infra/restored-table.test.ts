import { describe, expect, it } from 'vitest';
import { GSIS } from '#data/table';
import { restoredTableFromContext } from '../../lib/restored-table-context.ts';
import { resourcesOf, synth } from './synth.ts';

/**
 * After a point-in-time restore (docs/deploy.md, "The table, to a point in time") the stack names
 * the restored table: every function, grant, the stream's mapping and the table alarms follow it,
 * so the next deploy keeps the switch instead of putting the old name back.
 */

const NAME = 'anchored-prod-restored-20261126';
const STREAM = `arn:aws:dynamodb:eu-west-1:123456789012:table/${NAME}/stream/2026-11-26T02:00:00.000`;
const RESTORED = { restoredTableName: NAME, restoredTableStreamArn: STREAM };

describe('a stage switched to a restored table', () => {
  const { template } = synth({ stage: 'prod', context: RESTORED });
  const json = JSON.stringify(template.toJSON());

  it('creates no table of its own (prod retains the old one: RETAIN and deletion protection)', () => {
    expect(Object.keys(resourcesOf(template, 'AWS::DynamoDB::Table'))).toEqual([]);
    const own = synth({ stage: 'prod' }).template;
    expect(Object.values(resourcesOf(own, 'AWS::DynamoDB::Table')).map((table) => table.DeletionPolicy)).toEqual(['Retain']);
  });

  it('gives every function the restored name, and the consumer its stream', () => {
    const functions = Object.values(resourcesOf(template, 'AWS::Lambda::Function')).filter(
      (fn) => (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.TABLE_NAME !== undefined,
    );
    expect(functions.length).toBeGreaterThan(50);
    for (const fn of functions) expect((fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables.TABLE_NAME).toBe(NAME);
    const mappings = Object.values(resourcesOf(template, 'AWS::Lambda::EventSourceMapping'));
    expect(mappings.map((mapping) => mapping.Properties?.EventSourceArn)).toEqual([STREAM]);
  });

  it('grants on the restored table and its indexes, and alarms on it', () => {
    expect(json).toContain(`:table/${NAME}/index/*`);
    expect(GSIS.length).toBeGreaterThan(0);
    const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'));
    const onTable = alarms.filter((alarm) => JSON.stringify(alarm).includes('AWS/DynamoDB'));
    expect(onTable.length).toBeGreaterThan(0);
    for (const alarm of onTable) expect(JSON.stringify(alarm)).toContain(NAME);
  });
});

describe('restoredTableName and restoredTableStreamArn', () => {
  it('are both or neither, and name one table', () => {
    expect(restoredTableFromContext({ tableName: undefined, streamArn: '' })).toBeUndefined();
    expect(restoredTableFromContext({ tableName: ` ${NAME} `, streamArn: ` ${STREAM} ` })).toEqual({ tableName: NAME, streamArn: STREAM });
  });

  it.each([
    [{ tableName: undefined, streamArn: STREAM }, /^restoredTableStreamArn is given without restoredTableName/],
    [{ tableName: NAME, streamArn: undefined }, /^No restoredTableStreamArn given for anchored-prod-restored-20261126/],
    [{ tableName: 'a b', streamArn: STREAM }, /^restoredTableName must be a DynamoDB table name/],
    [{ tableName: 42, streamArn: STREAM }, /^restoredTableName must be a DynamoDB table name/],
    [{ tableName: NAME, streamArn: `arn:aws:dynamodb:eu-west-1:123456789012:table/${NAME}` }, /^restoredTableStreamArn must be a DynamoDB stream ARN/],
    [{ tableName: NAME, streamArn: STREAM.replace(`table/${NAME}`, 'table/another-table') }, /is the stream of another-table, not of anchored-prod/],
  ])('stop synth with a sentence naming the value: %j', (given, message) => {
    expect(() => restoredTableFromContext(given)).toThrow(message);
    expect(() => synth({ stage: 'dev', context: { restoredTableName: given.tableName, restoredTableStreamArn: given.streamArn } })).toThrow(message);
  });
});
