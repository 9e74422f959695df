import { isDeepStrictEqual } from 'node:util';
import { startLocalCloud, type LocalCloud } from '../cloud.ts';
import { resolve } from 'node:path';
import { cloudFiles, DEFAULT_DATA_DIR, readJson, writeJson, type CloudState } from '../cloud-files.ts';
import { dynamoDbClient } from '../dynamodb-local.ts';
import { pickFreePorts, type ServicePorts } from '../ports.ts';
import { runningCloudPid } from '../process-guard.ts';
import { signIn } from '../smoke/cognito-sign-in.ts';
import { copyTable, tableShape } from './copy-table.ts';

/**
 * `npm run drill:restore`: the table restore of the runbook (docs/deploy.md), rehearsed on the
 * local cloud in .local/. DynamoDB Local has no point-in-time recovery, so the "restore" is a copy
 * of the table as it is now into a new table (local/drill/copy-table.ts); the rest is the real
 * procedure: stream and TTL re-applied, the configured table name switched (.local/state.json,
 * as a deploy switches the functions' TABLE_NAME), the product restarted on it, and the founder's
 * getMe compared before and after. The old table is kept, as on AWS until the operator deletes it.
 * Back to it: remove "tableName" from .local/state.json.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

interface MeSummary {
  uid: unknown;
  email: unknown;
  displayName: unknown;
  roles: unknown[];
}

async function founderMe(cloud: LocalCloud): Promise<MeSummary> {
  const { endpoints, founder } = cloud;
  const token = await signIn(
    { endpoint: endpoints.cognito.endpoint, region: endpoints.region, userPoolClientId: endpoints.cognito.userPoolClientId },
    founder.email,
    founder.password,
    undefined,
  );
  const response = await fetch(`${endpoints.apiUrl}/getMe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ data: {} }),
  });
  const body = (await response.json().catch(() => null)) as { result?: Record<string, unknown> } | null;
  const user = body?.result;
  if (response.status !== 200 || !user) throw new Error(`getMe of the founder answered ${response.status} ${JSON.stringify(body)}`);
  return { uid: user.uid, email: user.email, displayName: user.displayName, roles: [user.isAdmin, user.isSuperuser, user.isFounder] };
}

/** The same ports for both starts: the handlers' AWS clients, built once per process, keep their endpoints. */
function start(dataDir: string, ports: ServicePorts): Promise<LocalCloud> {
  return startLocalCloud({ dataDir, persistent: true, ports, web: false, quiet: true });
}

/** `-- --data-dir <dir>`: another persistent cloud than .local (a rehearsal of the drill itself). */
function dataDirArgument(argv: readonly string[]): string {
  const index = argv.indexOf('--data-dir');
  if (index === -1) return DEFAULT_DATA_DIR;
  const value = argv[index + 1];
  if (!value || value.startsWith('--')) throw new Error('--data-dir needs a directory, e.g. --data-dir /tmp/anchored-drill');
  return resolve(value);
}

function restoredName(source: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${source.replace(/-restored-\d{8}-\d{6}$/, '')}-restored-${stamp}`;
}

async function main(): Promise<void> {
  const dataDir = dataDirArgument(process.argv.slice(2));
  const files = cloudFiles(dataDir);
  const running = runningCloudPid(files.pid);
  if (running) throw new Error(`A local cloud (pid ${running}) is running on ${dataDir}: stop it first (Ctrl-C); the drill restarts the cloud itself.`);
  const ports = await pickFreePorts();

  console.log(`1/4 Starting the local cloud in ${dataDir} on its current table…`);
  let cloud = await start(dataDir, ports);
  let before: MeSummary;
  const source = cloud.endpoints.dynamodb.tableName;
  const target = restoredName(source);
  try {
    before = await founderMe(cloud);
    console.log(`    ${source}: the founder's getMe answers (${String(before.email)}).`);
    console.log(`2/4 "Restoring" ${source} into the new table ${target} (a copy: DynamoDB Local has no point-in-time recovery)…`);
    const client = dynamoDbClient(cloud.endpoints.dynamodb.endpoint);
    try {
      const { items, shape } = await copyTable(client, source, target);
      const copied = await tableShape(client, target);
      if (!isDeepStrictEqual(copied, shape)) throw new Error(`The new table differs from ${source}: ${JSON.stringify({ shape, copied })}`);
      console.log(
        `    ${items} items; keys, ${shape.indexes.length} indexes, stream (${shape.stream?.viewType}) and TTL (${shape.ttlAttribute}) as on ${source}.`,
      );
    } finally {
      client.destroy();
    }
  } finally {
    // The cloud must stop before the switch: the stream consumer moves to the new table's stream.
    await cloud.stop();
  }

  console.log(`3/4 Switching the configured table name to ${target} (${files.state}) and restarting…`);
  writeJson(files.state, { ...(readJson<CloudState>(files.state) ?? {}), tableName: target } satisfies CloudState);
  cloud = await start(dataDir, ports);
  try {
    if (cloud.endpoints.dynamodb.tableName !== target) throw new Error(`The cloud started on ${cloud.endpoints.dynamodb.tableName}, not ${target}`);
    const after = await founderMe(cloud);
    if (!isDeepStrictEqual(after, before)) throw new Error(`getMe of the founder changed: ${JSON.stringify({ before, after })}`);
    console.log(`4/4 The product answers from ${target}: the founder's getMe is the same as before.`);
  } finally {
    await cloud.stop();
  }
  console.log(`\nDrill passed. The cloud in ${dataDir} now serves ${target}; ${source} is kept. Back to it: remove "tableName" from ${files.state}.`);
  console.log(
    'Not drilled here (no emulator has them): point-in-time recovery itself, PITR on the new table, the Lambda event source mapping, Cognito and S3 restores.',
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`Restore drill failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
