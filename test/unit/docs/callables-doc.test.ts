import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callableNames } from '#contracts/callables';
import { CALLABLES_DOC, renderCallablesDoc } from '../../../local/docs/callables-doc.ts';

describe('docs/callables.md', () => {
  it('is what `npm run docs:callables` writes from the contracts', () => {
    const committed = readFileSync(CALLABLES_DOC, 'utf8');
    expect(committed, 'docs/callables.md is stale: run `npm run docs:callables` and commit the file').toBe(renderCallablesDoc());
  });

  it('has one row per callable of the registry', () => {
    const rows = renderCallablesDoc()
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    expect(rows.map((row) => /^\| `(\w+)`/.exec(row)?.[1])).toEqual(callableNames);
  });
});
