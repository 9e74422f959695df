import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The stage from /config.json is one query, written once (web/src/lib/stage.ts): the admin panel's
 * Make Me Admin, the metrics page's calculate button, the dev tools and the navigation all read it
 * there, so its key, cache life and loader cannot drift apart between screens.
 */
const WEB_SRC = join(import.meta.dirname, '../../../web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the stage query', () => {
  it('is defined in web/src/lib/stage.ts only', () => {
    const defining = sourceFiles(WEB_SRC)
      .filter((file) => /queryKey:\s*\[\s*'config',\s*'stage'\s*\]|function useStage\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(WEB_SRC, file));
    expect(defining).toEqual(['lib/stage.ts']);
  });
});
