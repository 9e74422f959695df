import { describe, expect, it } from 'vitest';
import { parseFounderArguments } from '../../../local/founder/founder-arguments.ts';

describe('npm run founder arguments', () => {
  it('reads a deployed stage, the email lower-cased, a name and a region', () => {
    expect(parseFounderArguments(['--stage', 'prod', '--email', ' Ada@Example.org ', '--name', 'Ada Lovelace', '--region', 'eu-west-1'])).toEqual({
      stage: 'prod',
      email: 'ada@example.org',
      name: 'Ada Lovelace',
      region: 'eu-west-1',
    });
  });

  it('reads the local stage with its defaults (the email from founder.json, the name Founder)', () => {
    expect(parseFounderArguments(['--stage', 'local'])).toEqual({ stage: 'local', email: undefined, name: 'Founder', endpoints: undefined });
  });

  it.each([
    [[], '--stage is missing: choose local, dev or prod.'],
    [['--stage', 'staging'], '--stage "staging" is not a stage: choose local, dev or prod.'],
    [['--stage', 'prod'], "--email is missing: the founder's sign-in email on prod."],
    [['--stage', 'dev', '--email', 'not-an-email'], '--email "not-an-email" is not an email address.'],
    [['--stage', 'prod', '--email', 'a@example.org', '--region', 'Ireland'], '--region "Ireland" is not an AWS region (for example eu-west-1).'],
    [['--stage', 'prod', '--email', 'a@example.org', '--name', '   '], '--name "   " is refused: Name is required.'],
    [['--stage', 'prod', '--email', 'a@example.org', '--endpoints', 'x.json'], "--endpoints is for --stage local; prod is found from its stack's outputs."],
    [['--stage', 'local', '--region', 'eu-west-1'], '--region is for a deployed stage (dev or prod), not --stage local.'],
    [['--stage', 'local', '--emial', 'a@example.org'], "Unknown option '--emial'"],
    [['--stage', 'prod', '--email'], "Option '--email <value>' argument missing"],
    [['--stage', 'prod', 'extra'], "Unexpected argument 'extra'"],
  ])('%j stops with a sentence naming the argument, then the usage', (args, sentence) => {
    expect(() => parseFounderArguments(args)).toThrow(sentence);
    expect(() => parseFounderArguments(args)).toThrow('Usage: npm run founder');
  });
});
