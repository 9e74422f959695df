import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { Permissions } from '../lambdas/handler-row.ts';
import { CanaryDeployments, LIVE_ALIAS_NAME } from './canary-deployments.ts';
import { acknowledge, arnReference } from './nag.ts';
import { POWERTOOLS_LAYER_PACKAGES, powertoolsLayer } from './powertools-layer.ts';
import type { Stage } from './stage.ts';

/** The repository's `lambdas/` folder: registry entries are relative to it. */
export const LAMBDAS_DIR = fileURLToPath(new URL('../lambdas/', import.meta.url));

/** The newest Node.js runtime this aws-cdk-lib offers (cdk-nag L1 checks the same list). */
export const FUNCTION_RUNTIME = lambda.Runtime.NODEJS_24_X;

/**
 * The AWS SDK v3 packages the handlers import, all of which the Node.js Lambda runtime ships
 * (since nodejs18.x it carries the whole v3 SDK under /var/runtime/node_modules, the presigners
 * included): left out of the bundle, they keep each function well under 300 KB. Exactly these,
 * so any other package (and a new SDK package added later) is bundled unless listed here. The
 * runtime's SDK version trails the pinned one (README, Browser and Lambda budgets).
 */
export const RUNTIME_SDK_PACKAGES = [
  '@aws-sdk/client-apigatewaymanagementapi',
  '@aws-sdk/client-cognito-identity-provider',
  '@aws-sdk/client-dynamodb',
  '@aws-sdk/client-lambda',
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-dynamodb',
  '@aws-sdk/s3-presigned-post',
  '@aws-sdk/s3-request-presigner',
] as const;

/**
 * The esbuild options every function is bundled with (besides ESM, minify and source maps);
 * `npm run bench:web` bundles with the same ones to report each function's size. Left out: the
 * runtime's SDK and the packages of the Powertools layer every function carries (lib/powertools-layer.ts).
 */
export const LAMBDA_ESBUILD = {
  target: 'node24',
  mainFields: ['module', 'main'],
  external: [...RUNTIME_SDK_PACKAGES, ...POWERTOOLS_LAYER_PACKAGES],
  // Some CommonJS dependencies call require() for Node built-ins inside the ESM bundle.
  banner: "import{createRequire}from'node:module';const require=createRequire(import.meta.url);",
} as const;

/** What a function may be granted; each function receives only what its permissions name. */
export interface FunctionResources {
  readonly table: dynamodb.ITable;
  /**
   * Absent for the live socket's functions: they never touch pictures, and the bucket (whose CORS
   * names the web origin, whose CSP names the live socket) would close a dependency cycle.
   */
  readonly picturesBucket?: s3.IBucket;
  /**
   * Absent for Cognito triggers: the pool already depends on its trigger, so the trigger cannot
   * reference the pool back (the trigger event carries the pool id instead).
   */
  readonly userPool?: cognito.IUserPool;
}

export interface AppFunctionProps {
  /** Handler module relative to `lambdas/`, exporting `handler` (a registry row's `entry`). */
  readonly entry: string;
  readonly permissions: Permissions;
  /** Data files relative to `lambdas/` copied beside the bundle (a registry row's `assets`). */
  readonly assets?: readonly string[];
  readonly resources: FunctionResources;
  readonly stage: Stage;
  readonly description: string;
  /** @default 10 seconds */
  readonly timeout?: Duration;
  /** @default 512 */
  readonly memorySize?: number;
  readonly logRetention: logs.RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
  /** Variables beside the data layer's (e.g. the callables' ORIGIN_VERIFY_SECRET). */
  readonly extraEnvironment?: Readonly<Record<string, string>>;
}

/**
 * Copies data files into the bundle's folder, where the handler reads them beside its module
 * (e.g. the city-centre table): plain files, so they neither grow the JavaScript nor reach other
 * functions.
 */
function copyBesideBundle(assets: readonly string[]): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir: string, outputDir: string) =>
      assets.map(
        (asset) =>
          `node -e "require('fs').copyFileSync(process.argv[1], process.argv[2])" "${path.join(LAMBDAS_DIR, asset)}" "${path.join(outputDir, path.basename(asset))}"`,
      ),
  };
}

/**
 * One Lambda of the product: the handler module bundled by esbuild (ESM, minified, source maps),
 * its own log group, its own role holding exactly the grants of its registry row, and the
 * environment of lambdas/data/README.md.
 */
export class AppFunction extends Construct {
  public readonly function: NodejsFunction;
  /**
   * What every invoker names (API integrations, the stream's mapping, EventBridge, Cognito, the
   * workers' callers): `live`, moved to each new version by a CodeDeploy canary. Invoking the
   * function itself would run $LATEST and skip the canary.
   */
  public readonly alias: lambda.Alias;
  public readonly deployment: codedeploy.LambdaDeploymentGroup;
  public readonly logGroup: logs.LogGroup;
  /** The grants of its registry row (the infra tests hold its role to them). */
  public readonly permissions: Permissions;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.permissions = props.permissions;
    const { table, picturesBucket, userPool } = props.resources;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });

    // A role of its own without the AWS managed basic-execution policy: it may write to its own
    // log group and touch only what its registry row names.
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.entry}`,
    });
    this.logGroup.grantWrite(role);

    const environment: Record<string, string> = {
      STAGE: props.stage,
      TABLE_NAME: table.tableName,
      NODE_OPTIONS: '--enable-source-maps',
    };
    if (picturesBucket) environment.BUCKET_NAME = picturesBucket.bucketName;
    if (userPool) environment.USER_POOL_ID = userPool.userPoolId;
    Object.assign(environment, props.extraEnvironment);

    this.function = new NodejsFunction(this, 'Function', {
      entry: path.join(LAMBDAS_DIR, props.entry),
      handler: 'handler',
      description: props.description,
      runtime: FUNCTION_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role,
      logGroup: this.logGroup,
      environment,
      // X-Ray traces every invocation (sampled by the account's rules); the handlers add their
      // subsegments with Powertools Tracer (lambdas/data/table/tracer.ts), which the layer provides.
      tracing: lambda.Tracing.ACTIVE,
      layers: [powertoolsLayer(this)],
      bundling: {
        format: OutputFormat.ESM,
        target: LAMBDA_ESBUILD.target,
        minify: true,
        sourceMap: true,
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: false,
        mainFields: [...LAMBDA_ESBUILD.mainFields],
        externalModules: [...LAMBDA_ESBUILD.external],
        banner: LAMBDA_ESBUILD.banner,
        ...(props.assets?.length && { commandHooks: copyBesideBundle(props.assets) }),
      },
    });

    this.grant(props.permissions, props.resources);
    // Active tracing grants xray:PutTraceSegments and xray:PutTelemetryRecords on `*`.
    acknowledge(
      this,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray PutTraceSegments and PutTelemetryRecords support no resource-level permissions (IAM accepts only `*`); CDK grants them for active tracing.',
    );

    this.alias = new lambda.Alias(this, 'Alias', { aliasName: LIVE_ALIAS_NAME, version: this.function.currentVersion });
    this.deployment = CanaryDeployments.of(this).deploymentGroupFor(this, this.alias);
  }

  private grant(permissions: Permissions, { table, picturesBucket, userPool }: FunctionResources): void {
    const fn = this.function;
    if (permissions.table) {
      if (permissions.tableReads) grantTableReads(fn, table, this.scopeOf(permissions.tableReads, 'tableReads'));
      else table.grantReadData(fn);
      if (permissions.table === 'readWrite') grantTableWrites(fn, table, this.scopeOf(permissions.tableWrites, 'tableWrites'));
      const cfnTable = table.node.defaultChild as dynamodb.CfnTable | undefined;
      if (cfnTable && !permissions.tableReads) {
        acknowledge(
          this,
          `AwsSolutions-IAM5[Resource::${arnReference(cfnTable, this)}/index/*]`,
          "Queries the table's global secondary indexes; the wildcard covers only this table's indexes.",
        );
      }
    }

    if (permissions.pictures) {
      if (!picturesBucket) throw new Error(`${this.node.path}: pictures permissions need the pictures bucket`);
      const prefixes = this.scopeOf(permissions.pictureKeys, 'pictureKeys');
      // Object actions on the row's prefixes only (pictures/, uploads/, users/, exports/): a picture
      // function never reaches the members' data exports, nor an export function their pictures.
      for (const prefix of prefixes) {
        if (permissions.pictures === 'readWrite') picturesBucket.grantReadWrite(fn, `${prefix}*`);
        else picturesBucket.grantRead(fn, `${prefix}*`);
      }
      const reason =
        "Signs upload POSTs, checks, copies and deletes member pictures: object-level actions on the registry row's prefixes of the pictures bucket only " +
        '(members choose file names under their own prefix; the handler checks the prefix).';
      const actions = ['s3:GetObject*', 's3:GetBucket*', 's3:List*'];
      if (permissions.pictures === 'readWrite') actions.push('s3:DeleteObject*', 's3:Abort*');
      for (const action of actions) acknowledge(this, `AwsSolutions-IAM5[Action::${action}]`, reason);
      const cfnBucket = picturesBucket.node.defaultChild as s3.CfnBucket | undefined;
      if (cfnBucket) for (const prefix of prefixes) acknowledge(this, `AwsSolutions-IAM5[Resource::${arnReference(cfnBucket, this)}/${prefix}*]`, reason);
    }

    if (permissions.userPoolActions?.length) {
      if (!userPool) throw new Error(`${this.node.path}: userPoolActions need the user pool`);
      userPool.grant(fn, ...permissions.userPoolActions);
    }
  }

  /** A row's write scope: a readWrite table or any pictures grant must name its partitions or prefixes (never the whole table or bucket). */
  private scopeOf<T>(scope: readonly T[] | undefined, name: string): readonly T[] {
    if (!scope?.length) throw new Error(`${this.node.path}: its registry row must name its ${name} (lambdas/handler-row.ts)`);
    return scope;
  }
}

/** Reads of the table's items by key (no Scan, no index), for a row that names its tableReads. */
export const TABLE_KEYED_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'] as const;

/** Keyed reads of items whose partition key matches one of `partitions`, on the table's ARN alone (no index). */
function grantTableReads(fn: lambda.IFunction, table: dynamodb.ITable, partitions: readonly string[]): void {
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: [...TABLE_KEYED_READ_ACTIONS],
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...partitions] } },
    }),
  );
}

/** The table's item writes this row needs: exactly those, held to its partitions by dynamodb:LeadingKeys. */
export const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'] as const;

/**
 * Writes on the table's items whose partition key matches one of `partitions` (IAM StringLike).
 * On the table's ARN alone (an index is never written). A transaction's items are each checked
 * as the single write they stand for; every one of these actions names its leading keys, so the
 * ForAllValues condition never holds vacuously (it would for an action without keys, e.g. Scan).
 */
function grantTableWrites(fn: lambda.IFunction, table: dynamodb.ITable, partitions: readonly string[]): void {
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: [...TABLE_WRITE_ACTIONS],
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...partitions] } },
    }),
  );
}
