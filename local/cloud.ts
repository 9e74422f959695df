import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import type { WebConfig } from '#contracts/web-config';
import { LIFT_BUDGETS_ENV } from '#domain/budget-lift';
import { ANYONE } from '#domain/dev-admins';
import { SERVED_PICTURES_PATH } from '#data/table';
import { PICTURES_URL_ENV } from '#data/storage';
import { cloudFiles, readJson, writeJson, type CloudFiles, type CloudState, type Endpoints, type Founder } from './cloud-files.ts';
import { startCognitoLocal } from './cognito-local.ts';
import { ensureTable, startDynamoDbLocal } from './dynamodb-local.ts';
import { connectionsBasePath, lambdaBasePath, mailboxJsonPath, mailboxPagePath, startGateway } from './gateway.ts';
import { createJwtAuthorizer } from './jwt-authorizer.ts';
import { LIVE_PATH } from './live-gateway.ts';
import { COGNITO_TRIGGER_CONFIG, DATA_EXPORT_WORKER_FUNCTION, REMOVAL_WORKER_FUNCTION } from './lambda-invoke-route.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-aws.ts';
import { newLocalSecret } from './local-secrets.ts';
import { assertPortsFree, pickFreePorts, type ServicePorts } from './ports.ts';
import { reapOrphanedEmulators, removePidFile, runningCloudPid, writePidFile } from './process-guard.ts';
import { injectFaultsIntoNewClients } from './fault-injection.ts';
import { ensureBucket, startS3Local } from './s3-local.ts';
import { startDueItemsScheduler, startInviteLapseScheduler, startMetricsScheduler } from './scheduler.ts';
import { startTableStreamPoller, tableStreamFiles, type TableStreamPoller } from './table-stream.ts';
import { ensureFounder } from './seed-founder.ts';
import { cognitoClient, ensureUserPool } from './user-pool.ts';
import { startBuiltWeb, startWeb } from './web.ts';

export const TABLE_NAME = 'anchored-local';
export const BUCKET_NAME = 'anchored-pictures-local';

export interface LocalCloudOptions {
  /** Where data, ids, endpoints.json and founder.json live. */
  dataDir: string;
  /**
   * true (npm start): data survives restarts. false (tests): DynamoDB in memory and `dataDir` is
   * deleted on stop.
   */
  persistent: boolean;
  /** Fixed ports, or 'random' for free ones (tests, so runs never collide). */
  ports: ServicePorts | 'random';
  /** Serve the SPA with Vite (npm start, e2e tests). */
  web: boolean;
  /**
   * With `web`: serve this production build of the SPA (web/scripts/build-web.ts) instead of Vite's
   * dev server (the e2e tests: what is deployed, and far lighter per page load than hot reload).
   */
  webBuild?: string;
  /** Tests: no emulator output, handler logs at WARN, no request log. */
  quiet?: boolean;
  /**
   * 'lifted': the abuse budgets (300 requests / 5 min per member, 30 posts / 30 min…) still count
   * every call but refuse nobody, so a benchmark's members are never refused (npm run bench:feed).
   * Local only: it sets LOCAL_LIFT_BUDGETS=1, which the budgets honour only beside STAGE=local
   * (lambdas/domain/budget-lift.ts); no deployed function has either.
   * @default 'enforced' (npm start, the tests: as on AWS)
   */
  budgets?: 'enforced' | 'lifted';
  log?: (line: string) => void;
}

/**
 * What this start's owner (npm start, the tests' global setup) may know and endpoints.json does not
 * publish: whoever holds them acts as the web dev server's proxy or as cognito-local.
 */
export interface LocalCloudSecrets {
  /** Sent in PROXY_SECRET_HEADER beside X-Forwarded-For, it makes the gateway believe that header. */
  proxySecret: string;
  /** The Lambda Invoke API's endpoint, its token in the path (cognito-local's and LAMBDA_ENDPOINT). */
  lambdaEndpoint: string;
  /**
   * The live socket's @connections management API (LIVE_MANAGEMENT_ENDPOINT), its token in the
   * path: whoever holds it can push to any member's open pages.
   */
  liveManagementEndpoint: string;
}

export interface LocalCloud {
  endpoints: Endpoints;
  founder: Founder;
  files: CloudFiles;
  secrets: LocalCloudSecrets;
  /** The mailbox's page for people (on the web origin when the SPA runs): the banner's link. */
  mailboxPageUrl: string;
  /** The table stream's event source mapping (local/table-stream.ts): drained(), failures(). */
  tableStream: TableStreamPoller;
  stop(): Promise<void>;
}

export class CloudAlreadyRunningError extends Error {
  constructor(pid: number, dataDir: string) {
    super(`A local cloud (pid ${pid}) is already running on ${dataDir}. Stop it first (Ctrl-C in its terminal).`);
    this.name = 'CloudAlreadyRunningError';
  }
}

/** Handlers read module-level state (clients, logger); two clouds in one process would share it. */
let runningInThisProcess = false;

/**
 * The environment CDK gives the functions on AWS, pointed at the emulators, every variable at once:
 * each invocation reads only its own function's (local/lambda-modules.ts). Set before the
 * first handler module is imported (the logger reads its level at import, the data layer builds
 * its clients on first use).
 */
function configureLambdaEnvironment(values: {
  tableName: string;
  bucket: string;
  userPoolId: string;
  dynamodb: string;
  s3: string;
  cognito: string;
  lambda: string;
  /** The live socket: its management API and what $connect checks tokens against. */
  liveManagement: string;
  /** Where served pictures are fetched (PICTURES_URL): the gateway's `/pictures`, through the SPA's origin when it runs. */
  picturesUrl: string;
  tokenIssuer: string;
  userPoolClientId: string;
  quiet: boolean;
  budgetsLifted: boolean;
}): void {
  Object.assign(process.env, {
    TABLE_NAME: values.tableName,
    BUCKET_NAME: values.bucket,
    USER_POOL_ID: values.userPoolId,
    STAGE: 'local',
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    DYNAMODB_ENDPOINT: values.dynamodb,
    S3_ENDPOINT: values.s3,
    COGNITO_ENDPOINT: values.cognito,
    // The gateway serves the Lambda Invoke API: the removal callables hand work to the worker there.
    LAMBDA_ENDPOINT: values.lambda,
    REMOVAL_WORKER_FUNCTION,
    DATA_EXPORT_WORKER_FUNCTION,
    [PICTURES_URL_ENV]: values.picturesUrl,
    // Live push (lambdas/data/live/live-push.ts) and the live socket's $connect (lambdas/data/members/access-tokens.ts).
    LIVE_MANAGEMENT_ENDPOINT: values.liveManagement,
    TOKEN_ISSUER: values.tokenIssuer,
    USER_POOL_CLIENT_ID: values.userPoolClientId,
    // Signs validateInviteCode's sign-up tickets for PreSignUp; a ticket lives minutes, so one per start.
    SIGN_UP_TICKET_SECRET: randomBytes(32).toString('base64url'),
    // Make Me Admin for anyone: only the local cloud sets '*' (a deployed dev stage lists emails, lib/stage.ts).
    DEV_ADMIN_EMAILS: ANYONE,
    POWERTOOLS_LOG_LEVEL: values.quiet ? 'WARN' : 'INFO',
    POWERTOOLS_SERVICE_NAME: 'anchored',
    // No CloudWatch here to read EMF: the product's metrics (lambdas/data/table/product-metrics.ts) would
    // only interleave JSON with npm start's output and the tests'. A test that checks them sets it false.
    POWERTOOLS_METRICS_DISABLED: 'true',
    // No X-Ray daemon here: the handlers' tracer (lambdas/data/table/tracer.ts) stays off, as outside Lambda it would anyway.
    POWERTOOLS_TRACE_ENABLED: 'false',
  });
  // Set by the option alone: a LOCAL_LIFT_BUDGETS left in the shell must not lift npm start's budgets.
  if (values.budgetsLifted) process.env[LIFT_BUDGETS_ENV] = '1';
  else Reflect.deleteProperty(process.env, LIFT_BUDGETS_ENV);
}

type Stopper = () => Promise<void> | void;

async function stopAll(stoppers: Stopper[]): Promise<void> {
  // Reverse order of start: the web and gateway go before the emulators they call.
  for (const stop of [...stoppers].reverse()) {
    try {
      await stop();
    } catch (error) {
      console.error(`While stopping the local cloud: ${(error as Error).message}`);
    }
  }
}

/**
 * Boots the whole product on this machine: DynamoDB Local, cognito-local, s3rver, the gateway
 * (API Gateway + Lambda), the table stream's poller, the scheduled jobs (daily metrics, hourly
 * invite lapses, the minute sweep of due items), optionally the
 * SPA; creates what the first start needs (table, user pool, bucket, founder) and writes
 * endpoints.json.
 */
export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  if (runningInThisProcess) throw new Error('A local cloud is already running in this process');
  // Off until FAULT_INJECTION_RATE is set (test/support/fault-cloud-process.ts); the clients are built on first use, after this.
  injectFaultsIntoNewClients();
  const log = options.log ?? (options.quiet ? () => undefined : (line: string) => console.log(line));
  const files = cloudFiles(options.dataDir);
  mkdirSync(files.dataDir, { recursive: true });

  const reaped = reapOrphanedEmulators(files.pid);
  if (reaped.length > 0) {
    log(`Stopped ${reaped.length} emulator process(es) left behind by a local cloud that did not shut down cleanly.`);
    await new Promise((resolve) => setTimeout(resolve, 300)); // Let the kernel release their ports.
  }

  const allPorts = options.ports === 'random' ? await pickFreePorts() : options.ports;
  const { web: webPort, ...backendPorts } = allPorts;
  await assertPortsFree(options.web ? allPorts : backendPorts);
  // Ports first (they name the culprit); this catches a second cloud on other ports, same data.
  const otherCloud = runningCloudPid(files.pid);
  if (otherCloud) throw new CloudAlreadyRunningError(otherCloud, files.dataDir);

  runningInThisProcess = true;
  writePidFile(files.pid);
  const stoppers: Stopper[] = [
    () => {
      removePidFile(files.pid);
      runningInThisProcess = false;
    },
  ];
  if (!options.persistent) stoppers.unshift(() => rmSync(files.dataDir, { recursive: true, force: true }));

  try {
    const gatewayUrl = `http://localhost:${allPorts.gateway}`;
    const webUrl = options.web ? `http://localhost:${webPort}` : '';
    // New on every start: a leaked one dies with the process (endpoints.json is rewritten anyway).
    const proxySecret = newLocalSecret();
    const mailboxToken = newLocalSecret();
    const lambdaToken = newLocalSecret();
    const lambdaEndpoint = `${gatewayUrl}${lambdaBasePath(lambdaToken)}`;
    const connectionsToken = newLocalSecret();
    const liveManagementEndpoint = `${gatewayUrl}${connectionsBasePath(connectionsToken)}`;
    const liveUrl = `${gatewayUrl.replace(/^http/, 'ws')}${LIVE_PATH}`;
    const echo = !options.quiet;

    // The three emulators are independent: start them together (DynamoDB Local's JVM is the slowest).
    const [dynamodb, cognito, s3] = await Promise.allSettled([
      startDynamoDbLocal({ port: allPorts.dynamodb, dbPath: options.persistent ? files.dynamodb : undefined, echo: false }),
      startCognitoLocal({
        port: allPorts.cognito,
        dataDir: files.cognito,
        lambdaEndpoint,
        triggerFunctions: COGNITO_TRIGGER_CONFIG,
        mailboxFile: files.mailbox,
        echo,
      }),
      startS3Local({ port: allPorts.s3, directory: files.s3 }),
    ]);
    // Register every emulator that did start before reporting one that did not, so none leaks.
    if (dynamodb.status === 'fulfilled') stoppers.push(() => dynamodb.value.child.stop());
    if (cognito.status === 'fulfilled') stoppers.push(() => cognito.value.child.stop());
    if (s3.status === 'fulfilled') stoppers.push(() => s3.value.stop());
    if (dynamodb.status === 'rejected') throw dynamodb.reason;
    if (cognito.status === 'rejected') throw cognito.reason;
    if (s3.status === 'rejected') throw s3.reason;
    writePidFile(files.pid, [dynamodb.value.child.pid, cognito.value.child.pid]);

    const cognitoAdmin = cognitoClient(cognito.value.endpoint);
    stoppers.push(() => cognitoAdmin.destroy());
    const webOrigins = [`http://localhost:${webPort}`, `http://127.0.0.1:${webPort}`];
    const state = readJson<CloudState>(files.state) ?? {};
    // TABLE_NAME unless the restore drill switched the cloud to a restored table (state.json).
    const tableName = state.tableName ?? TABLE_NAME;
    const [poolIds] = await Promise.all([
      ensureUserPool(cognitoAdmin, state),
      ensureTable(dynamodb.value.endpoint, tableName),
      ensureBucket(s3.value.endpoint, BUCKET_NAME, webOrigins),
    ]);
    writeJson(files.state, { ...poolIds, ...(state.tableName && { tableName }) } satisfies CloudState);

    configureLambdaEnvironment({
      tableName,
      bucket: BUCKET_NAME,
      userPoolId: poolIds.userPoolId,
      dynamodb: dynamodb.value.endpoint,
      s3: s3.value.endpoint,
      cognito: cognito.value.endpoint,
      lambda: lambdaEndpoint,
      liveManagement: liveManagementEndpoint,
      // Absolute, so a test in Node can fetch what the API returned. With the SPA, its own origin
      // (Vite proxies /pictures to the gateway), as on AWS the distribution serves the SPA and the
      // pictures alike: the page's CSP need allow no other origin for images.
      picturesUrl: `${webUrl || gatewayUrl}${SERVED_PICTURES_PATH}`,
      tokenIssuer: `${cognito.value.issuerDomain}/${poolIds.userPoolId}`,
      userPoolClientId: poolIds.userPoolClientId,
      quiet: Boolean(options.quiet),
      budgetsLifted: options.budgets === 'lifted',
    });
    if (options.budgets === 'lifted') log("Abuse budgets lifted for this local cloud (budgets: 'lifted'): calls are counted, nobody is refused.");

    const webConfig: WebConfig = {
      stage: 'local',
      region: LOCAL_REGION,
      apiUrl: '/api',
      liveUrl,
      cognito: { userPoolId: poolIds.userPoolId, userPoolClientId: poolIds.userPoolClientId, endpoint: cognito.value.endpoint },
    };
    const authorizer = createJwtAuthorizer({
      issuer: `${cognito.value.issuerDomain}/${poolIds.userPoolId}`,
      audience: [poolIds.userPoolClientId],
    });
    const gateway = await startGateway({
      port: allPorts.gateway,
      authorizer,
      webConfig,
      mailboxFile: files.mailbox,
      proxySecret,
      mailboxToken,
      lambdaToken,
      connectionsToken,
      pictures: { s3Endpoint: s3.value.endpoint, bucket: BUCKET_NAME },
      webOrigins,
      log,
    });
    stoppers.push(() => gateway.stop());

    // The table stream's event source mapping, before anything below writes: on a first start it
    // reads from the stream's end (LATEST), later starts resume from their checkpoints.
    const streamFiles = tableStreamFiles(files.dataDir);
    const tableStream = await startTableStreamPoller({
      endpoint: dynamodb.value.endpoint,
      tableName,
      failuresFile: streamFiles.failures,
      checkpointFile: streamFiles.checkpoints,
      log,
    });
    stoppers.push(() => tableStream.stop());

    const founder = await ensureFounder({
      cognito: cognitoAdmin,
      userPoolId: poolIds.userPoolId,
      tableName,
      s3Endpoint: s3.value.endpoint,
      bucket: BUCKET_NAME,
      previous: readJson<Founder>(files.founder),
    });
    writeJson(files.founder, founder, 0o600);

    const scheduler = await startMetricsScheduler(log, () => tableStream.drained());
    stoppers.push(() => scheduler.stop());
    const lapses = startInviteLapseScheduler(log);
    stoppers.push(() => lapses.stop());
    const dueItems = startDueItemsScheduler(log);
    stoppers.push(() => dueItems.stop());

    if (options.web) {
      const webOptions = {
        port: webPort,
        gatewayUrl,
        proxySecret,
        cognitoEndpoint: cognito.value.endpoint,
        s3Endpoint: s3.value.endpoint,
        liveOrigin: new URL(liveUrl).origin,
        quiet: options.quiet,
      };
      const web = options.webBuild ? await startBuiltWeb({ ...webOptions, dist: options.webBuild }) : await startWeb(webOptions);
      stoppers.push(() => web.stop());
    }

    const endpoints: Endpoints = {
      webUrl,
      apiUrl: `${gatewayUrl}/api`,
      region: LOCAL_REGION,
      cognito: { endpoint: cognito.value.endpoint, userPoolId: poolIds.userPoolId, userPoolClientId: poolIds.userPoolClientId },
      s3: { endpoint: s3.value.endpoint, bucket: BUCKET_NAME },
      dynamodb: { endpoint: dynamodb.value.endpoint, tableName },
      // The token in the path, so `GET {mailboxUrl}?to=` works as written (the contract).
      mailboxUrl: `${gatewayUrl}${mailboxJsonPath(mailboxToken)}`,
      live: { url: liveUrl },
    };
    writeJson(files.endpoints, endpoints);

    let stopping: Promise<void> | undefined;
    return {
      endpoints,
      founder,
      files,
      secrets: { proxySecret, lambdaEndpoint, liveManagementEndpoint },
      mailboxPageUrl: `${webUrl || gatewayUrl}${mailboxPagePath(mailboxToken)}`,
      tableStream,
      stop: () => (stopping ??= stopAll(stoppers)),
    };
  } catch (error) {
    await stopAll(stoppers);
    throw error;
  }
}
