import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { balancedShards, DEFAULT_SECONDS, SLOW_FILE_SECONDS } from '../../support/lane-sequencer.ts';

const filesOf = (project: string) =>
  readdirSync(new URL(`../../${project}/`, import.meta.url))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `test/${project}/${name}`);
const secondsOf = (files: string[]) => files.reduce((sum, file) => sum + (SLOW_FILE_SECONDS[file] ?? DEFAULT_SECONDS), 0);

describe('the lanes’ shards (npm test runs integration in two; `--shard` splits e2e alike)', () => {
  it.each(['integration', 'e2e'])('%s: every file in exactly one shard, the same split every time', (project) => {
    const files = filesOf(project);
    const shards = balancedShards(files, 2);
    expect(shards.flat().toSorted()).toEqual(files.toSorted());
    expect(balancedShards([...files].reverse(), 2)).toEqual(shards);
  });

  it.each(['integration', 'e2e'])('%s: the shards’ times differ by no more than the slowest file', (project) => {
    const files = filesOf(project);
    const [first = [], second = []] = balancedShards(files, 2);
    const slowest = Math.max(...files.map((file) => SLOW_FILE_SECONDS[file] ?? DEFAULT_SECONDS));
    expect(Math.abs(secondsOf(first) - secondsOf(second))).toBeLessThanOrEqual(slowest);
  });

  it('names only files that exist, so a renamed slow file is not silently weighed as a quick one', () => {
    const files = new Set([...filesOf('integration'), ...filesOf('e2e')]);
    expect(Object.keys(SLOW_FILE_SECONDS).filter((file) => !files.has(file))).toEqual([]);
  });
});
