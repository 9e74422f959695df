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
    ['lambdas/contracts/example.ts', "import { getUser } from '#data/users';\nexport const read = getUser;\n", 'nothing of data'],
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
      'lambdas/data/example.ts',
      "import { handler } from '../live/connect.ts';\nexport const connect = handler;\n",
      'data imports nothing of http, handlers, live',
    ],
    [
      'lambdas/data/example.ts',
      "import { defineCallable } from '#http/define-callable';\nexport const define = defineCallable;\n",
      'data imports nothing of http',
    ],
    // lambdas/streams (the table stream's consumers) sits where lambdas/jobs does: above http and data.
    ['lambdas/data/example.ts', "import { handler } from '../streams/table-stream.ts';\nexport const consume = handler;\n", 'triggers or streams'],
    ['lambdas/http/example.ts', "import { handler } from '../streams/table-stream.ts';\nexport const consume = handler;\n", 'triggers or streams'],
    ['lambdas/domain/example.ts', "import { isTtlRemoval } from '../streams/stream-mapping.ts';\nexport const ttl = isTtlRemoval;\n", 'triggers or streams'],
    [
      'lambdas/migrations/example.ts',
      "import { ScanCommand } from '@aws-sdk/lib-dynamodb';\nexport const scan = ScanCommand;\n",
      'migrations import no AWS SDK',
    ],
    ['lambdas/data/example.ts', "import { migrations } from '../migrations/registry.ts';\nexport const all = migrations;\n", 'nothing below the migrations'],
    ['web/src/lib/example.ts', "import { getUser } from '#data/users';\nexport const read = getUser;\n", 'nothing of lambdas but contracts'],
    [
      'web/src/features/admin/example.ts',
      "import { InvitesPage } from '../invites/routes/invites.tsx';\nexport const page = InvitesPage;\n",
      'features do not import each other',
    ],
  ])('refuses %s importing across a boundary', async (filePath, code, reason) => {
    const messages = await houseMessages(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(reason);
  });

  it('lets each layer import what lies below it', async () => {
    expect(await houseMessages("import { getUser } from '#data/users';\nexport const read = getUser;\n", 'lambdas/handlers/feed/example.ts')).toEqual([]);
    expect(await houseMessages("import { AppError } from '#domain/app-error';\nexport const error = AppError;\n", 'lambdas/data/example.ts')).toEqual([]);
    const stream =
      "import { getUser } from '#data/users';\nimport { logger } from '#http/logger';\nimport { unmarshall } from '@aws-sdk/util-dynamodb';\nexport const all = [getUser, logger, unmarshall];\n";
    expect(await houseMessages(stream, 'lambdas/streams/example.ts')).toEqual([]);
    expect(await houseMessages("import { callables } from '#contracts/callables';\nexport const registry = callables;\n", 'web/src/lib/example.ts')).toEqual(
      [],
    );
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
