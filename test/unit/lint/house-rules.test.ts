import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The house's boundaries and its cycle rule (lint/house-plugin.js) as `npm run check` runs them:
 * the project's own ESLint config on code placed where each layer lives.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

async function houseMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId?.startsWith('house/')).map((message) => message.message);
}

describe('the layers', () => {
  it.each([
    ['lambdas/domain/example.ts', "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const client = DynamoDBClient;\n", 'no AWS SDK'],
    ['lambdas/contracts/example.ts', "import { getUser } from '#data/members';\nexport const read = getUser;\n", 'nothing of data'],
    ['lambdas/contracts/example.ts', "import { AppError } from '#domain/app-error';\nexport const error = AppError;\n", 'nothing of domain'],
    [
      'lambdas/handlers/feed/example.ts',
      "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const client = DynamoDBClient;\n",
      'handlers import no AWS SDK',
    ],
    [
      'lambdas/live/example.ts',
      "import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';\nexport const client = ApiGatewayManagementApiClient;\n",
      'handlers import no AWS SDK',
    ],
    [
      'lambdas/data/posts/example.ts',
      "import { handler } from '../../live/connect.ts';\nexport const connect = handler;\n",
      'data imports nothing of http, presenters, workflows, handlers, live',
    ],
    [
      'lambdas/data/posts/example.ts',
      "import { defineCallable } from '#http/define-callable';\nexport const define = defineCallable;\n",
      'data imports nothing of http',
    ],
    // lambdas/streams (the table stream's consumers) sits where lambdas/jobs does: above http and data.
    ['lambdas/data/posts/example.ts', "import { handler } from '../../streams/table-stream.ts';\nexport const consume = handler;\n", 'triggers or streams'],
    ['lambdas/http/example.ts', "import { handler } from '../streams/table-stream.ts';\nexport const consume = handler;\n", 'triggers or streams'],
    ['lambdas/domain/example.ts', "import { isTtlRemoval } from '../streams/stream-mapping.ts';\nexport const ttl = isTtlRemoval;\n", 'triggers or streams'],
    [
      'lambdas/migrations/example.ts',
      "import { ScanCommand } from '@aws-sdk/lib-dynamodb';\nexport const scan = ScanCommand;\n",
      'migrations import no AWS SDK',
    ],
    [
      'lambdas/data/posts/example.ts',
      "import { migrations } from '../../migrations/registry.ts';\nexport const all = migrations;\n",
      'nothing below the migrations',
    ],
    // Coordination lives in lambdas/workflows, answers shared by areas in lambdas/presenters: an area takes neither from another area nor from jobs.
    [
      'lambdas/handlers/joining/example.ts',
      "import { handler } from '../profile/get-me.ts';\nexport const me = handler;\n",
      'a handler imports no other handler area (joining → profile)',
    ],
    ['lambdas/handlers/metrics/example.ts', "import { handler } from '#jobs/daily-metrics';\nexport const run = handler;\n", 'handlers import nothing of jobs'],
    [
      'lambdas/data/posts/example.ts',
      "import { runRemoval } from '#workflows/removal-runner';\nexport const run = runRemoval;\n",
      'data imports nothing of http, presenters, workflows',
    ],
    [
      'lambdas/data/posts/example.ts',
      "import { presentUser } from '#presenters/present-user';\nexport const present = presentUser;\n",
      'data imports nothing of http, presenters',
    ],
    [
      'lambdas/http/example.ts',
      "import { publishPost } from '#workflows/publish-post';\nexport const publish = publishPost;\n",
      'http imports nothing of presenters, workflows',
    ],
    [
      'lambdas/workflows/example.ts',
      "import { handler } from '../handlers/feed/get-feed.ts';\nexport const feed = handler;\n",
      'workflows import nothing of handlers, live, jobs',
    ],
    ['lambdas/workflows/example.ts', "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const get = GetCommand;\n", 'workflows import no AWS SDK'],
    [
      'lambdas/presenters/example.ts',
      "import { visiblePost } from '#workflows/visible-post';\nexport const visible = visiblePost;\n",
      'presenters import only data and below',
    ],
    ['lambdas/domain/example.ts', "import { readFeed } from '#workflows/read-feed';\nexport const read = readFeed;\n", 'domain imports nothing of data'],
    // A data module takes only the plumbing and its own entity area (lint/data-areas.js); reaching into another area is a workflow.
    [
      'lambdas/data/members/example.ts',
      "import { getStoredPost } from '#data/posts';\nexport const post = getStoredPost;\n",
      'a data module imports only the data plumbing and its own entity area (members → posts)',
    ],
    [
      'lambdas/data/example.ts',
      "import { batchWrite } from './table/batch.ts';\nexport const write = batchWrite;\n",
      'a data module lives in the folder of its entity area',
    ],
    // Outside a data folder, the folder's entry is the only way in.
    [
      'lambdas/handlers/feed/example.ts',
      "import { getUser } from '../../data/members/users.ts';\nexport const read = getUser;\n",
      'import lambdas/data/members through its entry (#data/members)',
    ],
    [
      'lambdas/data/posts/example.ts',
      "import { getUser } from '../members/users.ts';\nexport const read = getUser;\n",
      'import lambdas/data/members through its entry (#data/members)',
    ],
    ['web/src/lib/example.ts', "import { getUser } from '#data/members';\nexport const read = getUser;\n", 'nothing of lambdas but contracts'],
    [
      'web/src/features/admin/example.ts',
      "import { InvitesPage } from '../invites/routes/invites.tsx';\nexport const page = InvitesPage;\n",
      'a feature is imported only through its entry (admin → invites)',
    ],
  ])('refuses %s importing across a boundary', async (filePath, code, reason) => {
    const messages = await houseMessages(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(reason);
  });

  it('lets each layer import what lies below it', async () => {
    expect(await houseMessages("import { getUser } from '#data/members';\nexport const read = getUser;\n", 'lambdas/handlers/feed/example.ts')).toEqual([]);
    expect(await houseMessages("import { AppError } from '#domain/app-error';\nexport const error = AppError;\n", 'lambdas/data/members/example.ts')).toEqual(
      [],
    );
    const sameArea =
      "import { getStoredPost } from './posts.ts';\nimport { batchWrite } from '#data/table';\nexport const all = [getStoredPost, batchWrite];\n";
    expect(await houseMessages(sameArea, 'lambdas/data/posts/likes.ts')).toEqual([]);
    const stream =
      "import { getUser } from '#data/members';\nimport { logger } from '#http/logger';\nimport { unmarshall } from '@aws-sdk/util-dynamodb';\nexport const all = [getUser, logger, unmarshall];\n";
    expect(await houseMessages(stream, 'lambdas/streams/example.ts')).toEqual([]);
    const handler =
      "import { presentUser } from '#presenters/present-user';\nimport { visiblePost } from '#workflows/visible-post';\nimport { memberRecord } from './member-record.ts';\nexport const all = [presentUser, visiblePost, memberRecord];\n";
    expect(await houseMessages(handler, 'lambdas/handlers/feed/example.ts')).toEqual([]);
    const workflow =
      "import { getUser } from '#data/members';\nimport { logger } from '#http/logger';\nimport { presentPost } from '#presenters/present-post';\nexport const all = [getUser, logger, presentPost];\n";
    expect(await houseMessages(workflow, 'lambdas/workflows/example.ts')).toEqual([]);
    expect(await houseMessages("import { pictureUrl } from '#data/storage';\nexport const url = pictureUrl;\n", 'lambdas/presenters/example.ts')).toEqual([]);
    // The registry rows are data, not Lambda code: moderation's rows reuse the removal area's grants.
    const rows = "import { MEMBER_REMOVAL_PARTITIONS } from '../removal/handler-rows.ts';\nexport const grants = MEMBER_REMOVAL_PARTITIONS;\n";
    expect(await houseMessages(rows, 'lambdas/handlers/moderation/handler-rows.ts')).toEqual([]);
    expect(await houseMessages("import { callables } from '#contracts/callables';\nexport const registry = callables;\n", 'web/src/lib/example.ts')).toEqual(
      [],
    );
  });
});

describe('the environment', () => {
  it.each([
    ['lambdas/http/example.ts', 'export const stage = () => process.env.STAGE;\n'],
    ['lambdas/data/members/example.ts', "export const secret = () => process.env['SIGN_UP_TICKET_SECRET'];\n"],
    ['lambdas/handlers/admin/example.ts', 'export const everything = () => ({ ...process.env });\n'],
  ])('refuses %s reading process.env', async (filePath, code) => {
    expect(await houseMessages(code, filePath)).toEqual([expect.stringContaining('through functionEnv() of #data/table')]);
  });

  it('lets the one reader read it, and code outside lambdas/', async () => {
    expect(await houseMessages('export const stage = () => process.env.STAGE;\n', 'lambdas/data/table/function-env.ts')).toEqual([]);
    expect(await houseMessages('export const stage = () => process.env.STAGE;\n', 'local/example.ts')).toEqual([]);
    expect(
      await houseMessages("import { functionEnv } from '#data/table';\nexport const stage = () => functionEnv('STAGE');\n", 'lambdas/http/example.ts'),
    ).toEqual([]);
  });
});

describe('key prefixes', () => {
  it.each([
    ['lambdas/data/posts/example.ts', "export const postIdOf = (pk: string) => pk.slice('POST#'.length);\n", 'POST#'],
    ['lambdas/streams/example.ts', "export const isMember = (pk: string) => pk.startsWith('USER#');\n", 'USER#'],
    ['lambdas/data/removal/example.ts', 'export const jobKey = (uid: string) => ({ pk: `REMOVAL#${uid}`, sk: "JOB" });\n', 'REMOVAL#'],
    ['lambdas/data/metrics/example.ts', "export const marker = 'METRICS#APPLIED#';\n", 'METRICS#'],
  ])('refuses %s spelling a key prefix', async (filePath, code, prefix) => {
    expect(await houseMessages(code, filePath)).toEqual([expect.stringContaining(`'${prefix}' is a key prefix`)]);
  });

  it('lets keys.ts spell them, tests and the local cloud too, and strings that only hold a #', async () => {
    const code = "export const member = (uid: string) => `USER#${uid}`;\nexport const like = 'LIKE#';\n";
    expect(await houseMessages(code, 'lambdas/data/table/keys.ts')).toEqual([]);
    expect(await houseMessages(code, 'local/example.ts')).toEqual([]);
    expect(await houseMessages(code, 'test/unit/lambdas/example.test.ts')).toEqual([]);
    const fine = "export const names = { '#count': 'count' };\nexport const title = 'Anchored #1';\nexport const hash = (digest: string) => `${digest}#x`;\n";
    expect(await houseMessages(fine, 'lambdas/data/metrics/example.ts')).toEqual([]);
    expect(
      await houseMessages(
        "import { parseKey } from '#data/table';\nexport const kind = (item: { pk: string; sk: string }) => parseKey(item).kind;\n",
        'lambdas/streams/example.ts',
      ),
    ).toEqual([]);
  });
});

describe('import cycles', () => {
  const folder = mkdtempSync(join(ROOT, 'test/unit/lint/cycle-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('finds a cycle closed by a type-only import', async () => {
    writeFileSync(join(folder, 'b.ts'), "import type { A } from './a.ts';\nexport type B = A[];\n");
    const messages = await houseMessages("import type { B } from './b.ts';\nexport type A = { b?: B };\n", join(folder.slice(ROOT.length + 1), 'a.ts'));
    expect(messages).toEqual([expect.stringMatching(/^Import cycle: .*a\.ts → .*b\.ts → .*a\.ts\.$/)]);
  });
});
