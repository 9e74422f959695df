import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AdminRemoveUserFromGroupCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Endpoints } from '../../local/cloud-files.ts';
import { ensureTable } from '../../local/dynamodb-local.ts';
import { cognitoClient, ensureUserPool } from '../../local/user-pool.ts';
import { runFounder as runFounderMain } from '../../local/founder/founder-cli.ts';
import { runCliInProcess, runCliProcess, type CliRun } from '../support/cli-runs.ts';
import { useLocalCloudData } from '../support/local-cloud-members.ts';

const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
const { dynamo } = await import('#data/table');

const CLI = fileURLToPath(new URL('../../local/founder/founder-cli.ts', import.meta.url));

/** `npm run …` as an operator runs it: its own process and environment (seconds: tsx starts). */
const runFounderProcess = (...args: string[]): Promise<CliRun> => runCliProcess(CLI, args);

/** Its main function in this process, the environment it sets put back afterwards. */
const runFounder = (...args: string[]): Promise<CliRun> => runCliInProcess(runFounderMain, args);

const inviteCodeOf = (run: CliRun) => /^Invite code: (\S+)$/m.exec(run.stdout)?.[1];
const passwordOf = (run: CliRun) => /shown once: (\S+)$/m.exec(run.stdout)?.[1];

/** A stage of its own, as empty as a first deploy: a new table and user pool beside the test cloud's. */
interface EmptyStage {
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  endpointsFile: string;
  cognito: CognitoIdentityProviderClient;
}

async function emptyStage(dir: string): Promise<EmptyStage> {
  const tableName = `founder-script-${Date.now()}`;
  const cognito = cognitoClient(endpoints.cognito.endpoint);
  const [pool] = await Promise.all([ensureUserPool(cognito, {}), ensureTable(endpoints.dynamodb.endpoint, tableName, { stream: false })]);
  const stageEndpoints: Endpoints = {
    ...endpoints,
    cognito: { ...endpoints.cognito, ...pool },
    dynamodb: { ...endpoints.dynamodb, tableName },
  };
  const endpointsFile = join(dir, 'endpoints.json');
  writeFileSync(endpointsFile, JSON.stringify(stageEndpoints));
  return { tableName, ...pool, endpointsFile, cognito };
}

async function recordsOf(tableName: string): Promise<Record<string, unknown>[]> {
  const { Items } = await dynamo().send(
    new ScanCommand({ TableName: tableName, FilterExpression: 'sk = :profile', ExpressionAttributeValues: { ':profile': 'PROFILE' } }),
  );
  return Items ?? [];
}

async function adminUsernames(stage: EmptyStage): Promise<string[]> {
  const { Users } = await stage.cognito.send(new ListUsersInGroupCommand({ UserPoolId: stage.userPoolId, GroupName: 'admin' }));
  return (Users ?? []).map((user) => user.Username ?? '');
}

describe('npm run founder on an empty stage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'founder-script-'));
  let stage: EmptyStage;
  let first: CliRun;

  beforeAll(async () => {
    stage = await emptyStage(dir);
    first = await runFounderProcess('--stage', 'local', '--endpoints', stage.endpointsFile, '--email', 'Ada@Example.org', '--name', 'Ada Lovelace');
  });
  afterAll(() => {
    stage.cognito.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the founder, prints the invite code and a password shown once, and they can sign in', async () => {
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Founder on the local cloud: ada@example.org');
    expect(first.stdout).toContain(
      'Changed: created the Cognito account; added the account to the admin group; created the member record and its invite code.',
    );
    expect(inviteCodeOf(first)).toMatch(/^[A-Z2-9]{8}$/);
    const password = passwordOf(first);
    expect(password).toBeDefined();
    const { AuthenticationResult } = await stage.cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stage.userPoolClientId,
        AuthParameters: { USERNAME: 'ada@example.org', PASSWORD: password ?? '' },
      }),
    );
    expect(AuthenticationResult?.AccessToken).toBeTruthy();
    // The local founder.json beside endpoints.json stays true (the local cloud's contract).
    expect(JSON.parse(readFileSync(join(dir, 'founder.json'), 'utf8'))).toMatchObject({ email: 'ada@example.org', password, inviteCode: inviteCodeOf(first) });
  });

  it('a second run changes nothing: one founder, one admin, the same code, no password printed', async () => {
    const second = await runFounder('--stage', 'local', '--endpoints', stage.endpointsFile, '--email', 'ada@example.org');
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Nothing to change: the founder was complete.');
    expect(inviteCodeOf(second)).toBe(inviteCodeOf(first));
    expect(passwordOf(second)).toBeUndefined();
    expect(second.stdout).toContain('with the password already set');

    const records = await recordsOf(stage.tableName);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ email: 'ada@example.org', displayName: 'Ada Lovelace', isFounder: true, isAdmin: true, isSuperuser: true });
    // Verified in person from the start: no vouches, no lapse, not in the admins' list of members to verify.
    expect(records[0]).toMatchObject({ verificationLevel: 'verified', verifiedVia: 'founder', verifiedAt: expect.any(String) });
    expect(records[0]).not.toHaveProperty('verifiedUntil');
    expect(records[0]).not.toHaveProperty('queue');
    expect((records[0]?.inviteSystem as { inviteCode: string }).inviteCode).toBe(inviteCodeOf(first));
    expect(await adminUsernames(stage)).toHaveLength(1);
  });

  it('repairs a founder who lost the admin group, superuser status and their verification in person, keeping the code', async () => {
    const [record] = await recordsOf(stage.tableName);
    const [username] = await adminUsernames(stage);
    await stage.cognito.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: stage.userPoolId, Username: username, GroupName: 'admin' }));
    await dynamo().send(
      new UpdateCommand({
        TableName: stage.tableName,
        Key: { pk: record?.pk, sk: 'PROFILE' },
        UpdateExpression: 'SET isSuperuser = :false, verificationLevel = :pending REMOVE verifiedVia',
        ExpressionAttributeValues: { ':false': false, ':pending': 'pending' },
      }),
    );

    const repair = await runFounder('--stage', 'local', '--endpoints', stage.endpointsFile, '--email', 'ada@example.org');
    expect(repair.code).toBe(0);
    expect(repair.stdout).toContain(
      'Changed: added the account to the admin group; set isSuperuser on the member record; verified the founder in person (verifiedVia founder).',
    );
    expect(inviteCodeOf(repair)).toBe(inviteCodeOf(first));
    expect(passwordOf(repair)).toBeUndefined();
    expect(await adminUsernames(stage)).toEqual([username]);
    expect((await recordsOf(stage.tableName))[0]).toMatchObject({
      isFounder: true,
      isAdmin: true,
      isSuperuser: true,
      verificationLevel: 'verified',
      verifiedVia: 'founder',
    });
  });

  it('refuses a second founder by name, before it makes any account', async () => {
    const other = await runFounder('--stage', 'local', '--endpoints', stage.endpointsFile, '--email', 'grace@example.org');
    expect(other.code).toBe(1);
    expect(other.stderr.trim()).toBe(
      'This stage has a founder already, ada@example.org. Run again with --email ada@example.org to repair them; a stage has one founder.',
    );
    const { Users } = await stage.cognito.send(new ListUsersCommand({ UserPoolId: stage.userPoolId, Filter: 'email = "grace@example.org"' }));
    expect(Users).toEqual([]);
    expect(await recordsOf(stage.tableName)).toHaveLength(1);
  });
});

describe('npm run founder and the local seed', () => {
  it("finds the local cloud's seeded founder complete: the seed and the script take one path", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'founder-seed-'));
    try {
      const endpointsFile = join(dir, 'endpoints.json');
      writeFileSync(endpointsFile, JSON.stringify(endpoints));
      const run = await runFounder('--stage', 'local', '--endpoints', endpointsFile, '--email', founder.email);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Nothing to change: the founder was complete.');
      expect(inviteCodeOf(run)).toBe(founder.inviteCode);
      expect(passwordOf(run)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run founder with bad arguments', () => {
  // Every argument's sentence: test/unit/local/founder-arguments.test.ts.
  it('stops with a sentence naming the argument and the usage, exit code 2, before it reaches any stage', async () => {
    const run = await runFounder('--stage', 'prod');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--email is missing: the founder's sign-in email on prod.");
    expect(run.stderr).toContain('Usage: npm run founder');
  });
});
