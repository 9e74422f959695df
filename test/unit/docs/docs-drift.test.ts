import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callableAreas } from '#contracts/callables';
import { API_THROTTLE, PUBLIC_ROUTE_THROTTLE } from '../../../lib/callable-api.ts';
import { LIVE_THROTTLE } from '../../../lib/live-api.ts';
import { AREA_CAPACITY, PER_CALLABLE_IN_AREA, PER_CALLABLE_IN_PARENT } from '../../infra/stack-budget.ts';

/** Figures and lists the docs quote from the code, held to the code so the page cannot drift from it. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
/** The page as one line of prose: a sentence may wrap anywhere. */
const flat = (path: string) => read(path).replace(/\s+/g, ' ');

function matchIn(path: string, pattern: RegExp): RegExpMatchArray {
  const match = flat(path).match(pattern);
  if (!match) throw new Error(`${path} no longer says ${String(pattern)}: say it again, with the code's figures`);
  return match;
}

/**
 * The callable protocol's steps as define-callable runs them, each named by the call that does it,
 * by the word the README's diagram uses for it and by the words of docs/protocol.md.
 */
const PIPELINE_STEPS = [
  { word: 'origin check', prose: 'the origin check', call: 'requireCloudFrontOrigin(' },
  { word: 'authorize', prose: 'access check', call: 'authorize(name' },
  { word: 'presence', prose: "the caller's record must exist", call: 'requireMemberRecord(' },
  { word: 'request budget', prose: 'request budget', call: 'spendRequestBudget(' },
  { word: 'parse', prose: 'parse the body and the input', call: 'parseInput(' },
  { word: 'action budget', prose: 'action budget', call: 'spendActionBudget(' },
  { word: 'run', prose: 'the handler', call: 'implementation(' },
  { word: 'respond', prose: 'parse the output', call: 'resultResponse(' },
] as const;

describe('the docs say what the code does', () => {
  it("the README's status is five lines at most: what is built, and where to read on", () => {
    const lines = read('README.md').split('\n');
    const start = lines.findIndex((line) => line.startsWith('> Status:'));
    expect(start, 'a "> Status:" paragraph').toBeGreaterThanOrEqual(0);
    const end = lines.findIndex((line, at) => at > start && !line.startsWith('>'));
    expect(end - start).toBeLessThanOrEqual(5);
  });

  it("docs/deploy.md names every callable area, in the registry's order", () => {
    const [, list = ''] = matchIn('docs/deploy.md', /The areas are the ones of `callableAreas` in `lambdas\/contracts\/callables.ts` — ([a-z, ]+) —/);
    expect(list.split(/,\s*/)).toEqual(Object.keys(callableAreas));
  });

  it('docs/deploy.md prices a callable in resources as the stack-size test counts them', () => {
    const [, inArea, inParent] = matchIn('docs/deploy.md', /Each callable costs (\d+) resources in its area[^.]*? and (\d+|none) in the parent/);
    expect({ inArea: Number(inArea), inParent: inParent === 'none' ? 0 : Number(inParent) }).toEqual({
      inArea: PER_CALLABLE_IN_AREA,
      inParent: PER_CALLABLE_IN_PARENT,
    });
    const [, capacity] = matchIn('docs/deploy.md', /at most (\d+) callables an area/);
    expect(Number(capacity)).toBe(AREA_CAPACITY);
  });

  it("the README's diagram gives the callable pipeline in define-callable's order", () => {
    const [, diagramLine = ''] = /^ *Lambda: (.+)$/m.exec(read('README.md')) ?? [];
    // The steps as the per-call function runs them, past their own definitions.
    const module = read('lambdas/http/define-callable.ts');
    const source = module.slice(module.indexOf('async function answer('));
    const bySource = PIPELINE_STEPS.map((step) => ({ ...step, at: source.indexOf(step.call) }));
    expect(
      bySource.filter(({ at }) => at < 0).map(({ call }) => call),
      'steps define-callable no longer calls',
    ).toEqual([]);
    const inCodeOrder = bySource.toSorted((a, b) => a.at - b.at).map(({ word }) => word);
    // A step may carry a note in brackets: "parse (zod)".
    expect(diagramLine.split('→').map((word) => word.replace(/\(.*?\)/g, '').trim())).toEqual(inCodeOrder);
  });

  it("docs/protocol.md gives the callable pipeline in define-callable's order", () => {
    const [sentence = ''] = matchIn('docs/protocol.md', /`defineCallable` runs every call in this order: .*?\.(?= [A-Z])/);
    const module = read('lambdas/http/define-callable.ts');
    const source = module.slice(module.indexOf('async function answer('));
    const inCodeOrder = PIPELINE_STEPS.toSorted((a, b) => source.indexOf(a.call) - source.indexOf(b.call)).map(({ prose }) => prose);
    const inProseOrder = PIPELINE_STEPS.filter(({ prose }) => sentence.includes(prose))
      .toSorted((a, b) => sentence.indexOf(a.prose) - sentence.indexOf(b.prose))
      .map(({ prose }) => prose);
    expect(inProseOrder).toEqual(inCodeOrder);
  });

  it("every throttle the docs quote with its constant's name is the one lib/ sets", () => {
    const throttles: Record<string, { rateLimit: number; burstLimit: number }> = { API_THROTTLE, PUBLIC_ROUTE_THROTTLE, LIVE_THROTTLE };
    const figure = (text: string) => Number(text.replaceAll(',', ''));
    const quoted = readdirSync(join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .flatMap((name) =>
        [...flat(`docs/${name}`).matchAll(/([\d,]+) requests\/s, burst ([\d,]+) \(`([A-Z_]+)`/g)].map(([, rate = '', burst = '', constant = '']) => ({
          where: `docs/${name}: ${constant}`,
          quoted: { rateLimit: figure(rate), burstLimit: figure(burst) },
          set: throttles[constant],
        })),
      );
    // The stage's, a public route's and the live socket's (hardening.md and deploy.md).
    expect(new Set(quoted.map(({ where }) => where.split(': ')[1]))).toEqual(new Set(Object.keys(throttles)));
    for (const { where, quoted: inDocs, set } of quoted) expect(inDocs, where).toEqual(set && { rateLimit: set.rateLimit, burstLimit: set.burstLimit });
  });

  it('docs/measurements.md holds one table a benchmark, each row with its date and commit', () => {
    const sections = read('docs/measurements.md').split(/^## /m).slice(1);
    expect(sections.length).toBeGreaterThan(0);
    for (const section of sections) {
      const title = section.slice(0, section.indexOf('\n'));
      const tables = section.split('\n\n').filter((block) => block.startsWith('|'));
      expect(tables.length, `${title}: one table, the latest run (history lives in git)`).toBe(1);
      const [header = '', , ...rows] = (tables[0] ?? '').trim().split('\n');
      const columns = header.split('|').map((cell) => cell.trim());
      const [dateAt, commitAt] = [columns.indexOf('date'), columns.indexOf('commit')];
      expect({ dateAt: dateAt > 0, commitAt: commitAt > 0 }, `${title}: date and commit columns`).toEqual({ dateAt: true, commitAt: true });
      for (const row of rows) {
        const cells = row.split('|').map((cell) => cell.trim());
        expect(cells[dateAt], `${title}: ${row}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(cells[commitAt], `${title}: ${row}`).toMatch(/^[0-9a-f]{7,40}$/);
      }
    }
  });

  it("the README's diagram names every trigger, scheduled job and background worker lib/ deploys", () => {
    const diagram = /^## Architecture\n+```\n([\s\S]*?)^```/m.exec(read('README.md'))?.[1] ?? '';
    const lib = readdirSync(join(root, 'lib'))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => read(`lib/${name}`))
      .join('\n');
    const words = (id: string) => id.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    const named = [
      // UserPoolOperation.PRE_SIGN_UP is Cognito's PreSignUp trigger.
      ...[...lib.matchAll(/UserPoolOperation\.([A-Z_]+)/g)].map(([, op = '']) =>
        op
          .toLowerCase()
          .split('_')
          .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
          .join(''),
      ),
      ...[...lib.matchAll(/new ScheduledJob\(this, '(\w+)'/g)].map(([, id = '']) => words(id)),
      ...[...lib.matchAll(/new BackgroundWorker\(this, '(\w+)'/g)].map(([, id = '']) => `${words(id)} worker`),
    ];
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !diagram.includes(name))).toEqual([]);
  });

  it('no code comment says which issue changed it: comments say why, git says when', () => {
    const tagged: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(path);
        else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) {
          read(path)
            .split('\n')
            .forEach((line, index) => {
              if (/\bissue \d+/i.test(line)) tagged.push(`${path}:${index + 1}`);
            });
        }
      }
    };
    for (const dir of ['bin', 'lambdas', 'lib', 'lint', 'local', 'test', 'web/src', 'web/scripts']) walk(dir);
    expect(tagged).toEqual([]);
  });
});
