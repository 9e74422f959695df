import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callableHandlers, jobHandlers, triggerHandlers } from '#lambdas/callable-handlers';
import { callableNames, contractOf } from '#contracts/callables';

const lambdasDir = fileURLToPath(new URL('../../../lambdas/', import.meta.url));

describe('the callable registry', () => {
  it('has a handler row for every callable and no row without a callable', () => {
    expect(Object.keys(callableHandlers).sort()).toEqual([...callableNames].sort());
  });

  it('marks a callable readOnly (request budget in memory, no counter write) only if its row grants no write', () => {
    const readOnly = callableNames.filter((name) => contractOf(name).readOnly);
    expect(readOnly).toContain('getFeed');
    for (const name of readOnly) {
      const { table, pictures, userPoolActions = [] } = callableHandlers[name].permissions;
      expect({ name, table, picturesWritten: pictures === 'readWrite' }).toEqual({ name, table: 'read', picturesWritten: false });
      for (const action of userPoolActions) expect(action, name).toMatch(/^cognito-idp:(AdminGet|List)/);
    }
  });

  it('names callables verbNoun in camelCase', () => {
    for (const name of callableNames) expect(name).toMatch(/^[a-z]+[A-Z][A-Za-z]*$/);
  });

  it('points every row at a module that exports a handler', async () => {
    const rows = [...Object.values(callableHandlers), ...Object.values(triggerHandlers), ...Object.values(jobHandlers)];
    for (const { entry } of rows) {
      expect(existsSync(lambdasDir + entry), entry).toBe(true);
      const module = (await import(lambdasDir + entry)) as { handler?: unknown };
      expect(typeof module.handler, entry).toBe('function');
    }
  });
});
