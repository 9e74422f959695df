import { describe, expect, it } from 'vitest';
import { parseMigrateArguments } from '../../../local/migrate/migrate-arguments.ts';
import { runMigrate } from '../../../local/migrate/migrate-cli.ts';

describe('npm run migrate arguments', () => {
  it('reads a deployed stage with a dry run and a region, and the local stage with its endpoints file', () => {
    expect(parseMigrateArguments(['--stage', 'prod', '--dry-run', '--region', 'eu-west-1'])).toEqual({ stage: 'prod', dryRun: true, region: 'eu-west-1' });
    expect(parseMigrateArguments(['--stage', 'dev'])).toEqual({ stage: 'dev', dryRun: false, region: undefined });
    expect(parseMigrateArguments(['--stage', 'local', '--endpoints', 'x.json'])).toEqual({ stage: 'local', dryRun: false, endpoints: 'x.json' });
  });

  it.each([
    [[], '--stage is missing: choose local, dev or prod.'],
    [['--stage', 'staging'], '--stage "staging" is not a stage: choose local, dev or prod.'],
    [['--stage', 'prod', '--region', 'Ireland'], '--region "Ireland" is not an AWS region (for example eu-west-1).'],
    [['--stage', 'prod', '--endpoints', 'x.json'], "--endpoints is for --stage local; prod is found from its stack's outputs."],
    [['--stage', 'local', '--region', 'eu-west-1'], '--region is for a deployed stage (dev or prod), not --stage local.'],
    [['--stage', 'local', '--dryrun'], "Unknown option '--dryrun'"],
    [['--stage'], "Option '--stage <value>' argument missing"],
    [['--stage', 'dev', 'extra'], "Unexpected argument 'extra'"],
  ])('%j stops with a sentence naming the argument, then the usage', (args, sentence) => {
    expect(() => parseMigrateArguments(args)).toThrow(sentence);
    expect(() => parseMigrateArguments(args)).toThrow('Usage: npm run migrate');
  });
});

describe('npm run migrate on bad input', () => {
  async function run(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runMigrate(
      args,
      (line) => out.push(line),
      (line) => err.push(line),
    );
    return { code, out, err: err.join('\n') };
  }

  it('an unknown stage: its sentence and the usage, exit 1, nothing printed as done', async () => {
    const { code, out, err } = await run('--stage', 'staging');
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err).toBe(`--stage "staging" is not a stage: choose local, dev or prod.\nUsage: npm run migrate -- --stage dev|prod [--dry-run] [--region eu-west-1]
       npm run migrate -- --stage local [--dry-run] [--endpoints .local/endpoints.json]`);
  });

  it('no endpoints file: one sentence saying to start the local cloud, no stack trace', async () => {
    const { code, err } = await run('--stage', 'local', '--endpoints', '/nonexistent/endpoints.json');
    expect(code).toBe(1);
    expect(err).toBe('/nonexistent/endpoints.json does not exist: start the local cloud first (npm start).');
  });
});
