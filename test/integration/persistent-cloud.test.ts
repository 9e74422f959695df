import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../../local/cloud.ts';
import type { Endpoints } from '../../local/cloud-files.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/local-aws.ts';
import { isPortFree, pickFreePorts, PortTakenError } from '../../local/ports.ts';
import { call } from '../support/callable-client.ts';
import { signIn } from '../support/local-cloud-client.ts';

/**
 * What `npm start` does, in a temp dir and on free ports: a persistent cloud keeps its founder,
 * pool and data across a restart, writes the endpoints contract, and leaves nothing running.
 */
describe('a persistent local cloud', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'anchored-persistent-'));
  let cloud: LocalCloud | undefined;

  afterAll(async () => {
    await cloud?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start when one of its ports is taken, naming the port and the service', async () => {
    const ports = await pickFreePorts();
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(ports.gateway, '127.0.0.1', resolve));
    try {
      const attempt = startLocalCloud({ dataDir: join(dataDir, 'never'), persistent: true, ports, web: false, quiet: true });
      await expect(attempt).rejects.toBeInstanceOf(PortTakenError);
      await expect(attempt).rejects.toThrow(`port ${ports.gateway} for gateway`);
    } finally {
      squatter.close();
    }
  });

  it('writes endpoints.json and founder.json, and keeps both across a restart', async () => {
    const ports = await pickFreePorts();
    const options = { dataDir, persistent: true, ports, web: false, quiet: true } as const;

    cloud = await startLocalCloud(options);
    const first = cloud;
    const endpoints = JSON.parse(readFileSync(join(dataDir, 'endpoints.json'), 'utf8')) as Endpoints;
    expect(endpoints).toEqual({
      webUrl: '',
      apiUrl: `http://localhost:${ports.gateway}/api`,
      region: 'us-east-1',
      cognito: { endpoint: `http://localhost:${ports.cognito}`, userPoolId: expect.stringMatching(/^local_/), userPoolClientId: expect.any(String) },
      s3: { endpoint: `http://localhost:${ports.s3}`, bucket: expect.any(String) },
      dynamodb: { endpoint: `http://localhost:${ports.dynamodb}`, tableName: expect.any(String) },
      // This start's token in the path: `GET {mailboxUrl}?to=` as written.
      mailboxUrl: expect.stringMatching(new RegExp(`^http://localhost:${ports.gateway}/local/mailbox/[\\w-]{43}/messages$`)),
      // The live socket, on the gateway as API Gateway's WebSocket stage is on AWS.
      live: { url: `ws://localhost:${ports.gateway}/live` },
    });
    expect(first.mailboxPageUrl).toBe(endpoints.mailboxUrl.replace(/messages$/, ''));
    expect((await fetch(`${endpoints.mailboxUrl}?to=nobody@example.com`)).status).toBe(200);
    // cognito-local's config names the Lambda endpoint's token: owner only.
    expect(statSync(join(dataDir, 'cognito', '.cognito', 'config.json')).mode & 0o077).toBe(0);
    const founderFile = join(dataDir, 'founder.json');
    const founder = JSON.parse(readFileSync(founderFile, 'utf8')) as unknown;
    expect(founder).toEqual({
      email: expect.stringContaining('@'),
      password: expect.any(String),
      userId: expect.any(String),
      inviteCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
    });
    expect(founder).toEqual(first.founder);
    expect(statSync(founderFile).mode & 0o077).toBe(0); // It holds a password: owner only.
    // A founder seeded before the server marked founders: the next start marks their record.
    const table = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: endpoints.dynamodb.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }),
    );
    await table.send(
      new UpdateCommand({
        TableName: endpoints.dynamodb.tableName,
        Key: { pk: `USER#${first.founder.userId}`, sk: 'PROFILE' },
        UpdateExpression: 'REMOVE isFounder',
      }),
    );
    table.destroy();

    await first.stop();
    cloud = undefined;
    for (const port of Object.values(ports)) expect(await isPortFree(port)).toBe(true);

    cloud = await startLocalCloud(options);
    expect(cloud.founder).toEqual(first.founder);
    // The same, but for the mailbox's token: new on every start, and endpoints.json says so.
    expect(cloud.endpoints).toEqual({ ...endpoints, mailboxUrl: expect.any(String) });
    expect(cloud.endpoints.mailboxUrl).not.toBe(endpoints.mailboxUrl);
    expect(JSON.parse(readFileSync(join(dataDir, 'endpoints.json'), 'utf8'))).toEqual(cloud.endpoints);
    expect((await fetch(`${endpoints.mailboxUrl}?to=nobody@example.com`)).status).toBe(404);
    expect((await fetch(`${cloud.endpoints.mailboxUrl}?to=nobody@example.com`)).status).toBe(200);
    const tokens = await signIn(cloud.endpoints, cloud.founder.email, cloud.founder.password);
    const me = await call(cloud.endpoints, 'getMe', { token: tokens.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ result: { uid: first.founder.userId, isFounder: true, inviteSystem: { inviteCode: first.founder.inviteCode } } });
  });
});
