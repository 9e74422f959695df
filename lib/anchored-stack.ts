import { Aspects, Aws, CfnOutput, CfnRule, Duration, Fn, RemovalPolicy, Stack, Token, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { AccessLogs } from './access-logs.ts';
import { Auth } from './auth.ts';
import { API_PATH_PREFIX, CallableApi, routeMethodFromContext } from './callable-api.ts';
import { callableHandlers, jobHandlers } from '../lambdas/callable-handlers.ts';
import { rowsNeedingWorker, WORKER_VARIABLES } from '../lambdas/function-env-names.ts';
import { DAILY_METRICS_SCHEDULE, DUE_ITEMS_SCHEDULE, INVITE_LAPSE_SCHEDULE, ScheduledJob } from './scheduled-job.ts';
import { DataTable } from './data-table.ts';
import { restoredTableFromContext } from './restored-table-context.ts';
import { StackWideGuardAcknowledgements } from './guard-acknowledgements.ts';
import { LIVE_STAGE_NAME, LiveApi } from './live-api.ts';
import { OriginSecret } from './origin-secret.ts';
import { PicturesStorage } from './pictures-storage.ts';
import { SignUpTicketSecret } from './sign-up-ticket-secret.ts';
import { LIVE_MANAGEMENT_ENDPOINT_ENV } from '../lambdas/data/live/index.ts';
import { PICTURES_URL_ENV } from '../lambdas/data/storage/index.ts';
import { TableStream } from './table-stream.ts';
import { BackgroundWorker } from './background-worker.ts';
import type { Stage } from './stage.ts';
import { WebHosting } from './web-hosting.ts';
import { customDomainFromContext } from './edge-context.ts';
import { CloudFrontFirewall, type CloudFrontFirewallProps } from './cloudfront-firewall.ts';
import { EDGE_REGION } from './edge-stack.ts';
import { CanaryDeployments } from './canary-deployments.ts';
import { Observability } from './observability.ts';
import { mailFromContext, monthlyBudgetUsdFromContext, opsEmailFromContext } from './ops-context.ts';

export interface AnchoredStackProps extends StackProps {
  readonly stage: Stage;
  /** Dev only: the emails that may use Make Me Admin (setAdminClaim). @default none: nobody may */
  readonly devAdminEmails?: readonly string[];
  /** The built SPA directory (web/dist). */
  readonly webAssetPath: string;
  /**
   * CloudFront's web ACL: built in this stack from these props when it deploys to us-east-1, or
   * the ARN of the one in the edge stack (lib/edge-stack.ts) when it deploys elsewhere.
   */
  readonly cloudFrontFirewall: CloudFrontFirewallProps | { readonly webAclArn: string };
}

/** The whole product on AWS. It only wires the constructs of lib/ together. */
export class AnchoredStack extends Stack {
  public readonly auth: Auth;
  public readonly data: DataTable;
  public readonly pictures: PicturesStorage;
  public readonly api: CallableApi;
  public readonly schedule: ScheduledJob;
  public readonly inviteLapses: ScheduledJob;
  public readonly dueItems: ScheduledJob;
  public readonly removal: BackgroundWorker;
  public readonly dataExport: BackgroundWorker;
  public readonly live: LiveApi;
  public readonly tableStream: TableStream;
  public readonly web: WebHosting;
  public readonly observability: Observability;

  constructor(scope: Construct, id: string, props: AnchoredStackProps) {
    super(scope, id, props);
    const { stage } = props;
    // Read first, so a missing or malformed value stops synth before anything is built (lib/ops-context.ts).
    const opsEmail = opsEmailFromContext(stage, this.node.tryGetContext('opsEmail'));
    const monthlyBudgetUsd = monthlyBudgetUsdFromContext(this.node.tryGetContext('monthlyBudgetUsd'));
    const customDomain = customDomainFromContext(stage, {
      domainName: this.node.tryGetContext('domainName'),
      certificateArn: this.node.tryGetContext('certificateArn'),
    });
    const context = (name: string): unknown => this.node.tryGetContext(name);
    const mail = mailFromContext(stage, { domain: context('mailDomain'), from: context('mailFrom'), throughSes: context('mailThroughSes') });
    Aspects.of(this).add(new StackWideGuardAcknowledgements());
    const accessLogs = new AccessLogs(this, 'AccessLogs', { stage });
    const logs = {
      logRetention: accessLogs.logRetention,
      logRemovalPolicy: stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    };

    const restored = restoredTableFromContext({ tableName: context('restoredTableName'), streamArn: context('restoredTableStreamArn') });
    this.data = new DataTable(this, 'Data', { stage, restored });
    this.pictures = new PicturesStorage(this, 'Pictures', { stage, accessLogsBucket: accessLogs.bucket });
    const dataResources = { table: this.data.table, picturesBucket: this.pictures.bucket };

    // Known only to validateInviteCode and PreSignUp: a sign-up proves its code was checked moments ago.
    const signUpTicketSecret = new SignUpTicketSecret(this, 'SignUpTicketSecret').value;
    this.auth = new Auth(this, 'Auth', { stage, triggerResources: dataResources, signUpTicketSecret, mail, ...logs });
    const resources = { ...dataResources, userPool: this.auth.userPool };

    // Known only to CloudFront and the callables: it vouches for the viewer address CloudFront passes.
    const originSecret = new OriginSecret(this, 'OriginSecret');
    this.api = new CallableApi(this, 'Api', {
      stage,
      resources,
      originSecret: originSecret.value,
      signUpTicketSecret,
      devAdminEmails: props.devAdminEmails,
      userPoolClient: this.auth.userPoolClient,
      routeMethod: routeMethodFromContext(context('routeBridge')),
      ...logs,
    });
    const jobProps = { stage, resources, ...logs };
    this.schedule = new ScheduledJob(this, 'DailyMetrics', {
      job: jobHandlers.dailyMetrics,
      schedule: DAILY_METRICS_SCHEDULE,
      description: 'Daily community metrics',
      timeout: Duration.minutes(5),
      ...jobProps,
    });
    this.inviteLapses = new ScheduledJob(this, 'InviteLapses', {
      job: jobHandlers.inviteLapses,
      schedule: INVITE_LAPSE_SCHEDULE,
      description: 'Hourly: deletes unjoined accounts whose held invite lapsed and gives invites back',
      timeout: Duration.minutes(5),
      ...jobProps,
    });
    this.dueItems = new ScheduledJob(this, 'DueItems', {
      job: jobHandlers.dueItemsSweep,
      schedule: DUE_ITEMS_SCHEDULE,
      description: 'Every minute: work due by now (verification lapses and their notices), each item deleted once done',
      // Under the minute between runs; a run starts no item in its last 15 s (lambdas/jobs/due-items-sweep.ts).
      timeout: Duration.seconds(55),
      ...jobProps,
    });
    const callableFunctions = this.api.functions;
    this.removal = new BackgroundWorker(this, 'Removal', {
      stage,
      job: jobHandlers.removalWorker,
      description: 'Removal worker: finishes large removals in the background',
      resources,
      callableFunctions,
      invokedBy: rowsNeedingWorker(callableHandlers, 'removal'),
      functionNameEnv: WORKER_VARIABLES.removal,
      invokesItself: true,
      ...logs,
    });
    this.dataExport = new BackgroundWorker(this, 'DataExport', {
      stage,
      job: jobHandlers.dataExportWorker,
      description: "Data export worker: builds a member's zip in the background",
      resources: dataResources,
      callableFunctions,
      invokedBy: rowsNeedingWorker(callableHandlers, 'dataExport'),
      functionNameEnv: WORKER_VARIABLES.dataExport,
      ...logs,
    });
    // The table's changes drive a consumer off the request path (fan-out, live push).
    this.tableStream = new TableStream(this, 'TableStream', { stage, table: this.data.table, resources, ...logs });

    // The live socket: members' open pages receive changes (lambdas/contracts/push.ts).
    this.live = new LiveApi(this, 'Live', {
      stage,
      resources: { table: this.data.table },
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      originSecret: originSecret.value,
      ...logs,
    });
    // The stream's consumer pushes to open pages through this stage's @connections API (its row's livePush need).
    if (jobHandlers.tableStream.needs.livePush) {
      this.live.grantManageConnections(this.tableStream.consumer.function);
      this.tableStream.consumer.function.addEnvironment(LIVE_MANAGEMENT_ENDPOINT_ENV, this.live.managementEndpoint);
    }

    this.web = new WebHosting(this, 'Web', {
      webAclArn: this.cloudFrontWebAclArn(props.cloudFrontFirewall),
      stage,
      webAssetPath: props.webAssetPath,
      apiDomainName: this.api.domainName,
      originSecret: originSecret.value,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.userPoolClient.userPoolClientId,
      liveDomainName: this.live.domainName,
      pictures: this.pictures.origin,
      accessLogsBucket: accessLogs.bucket,
      customDomain,
      ...logs,
    });
    const webOrigin = this.web.origin;
    this.pictures.allowBrowserAccessFrom([webOrigin]);
    this.pictures.serveThrough(this.web.distribution);
    // Every callable answers picture URLs on the distribution's own origin (no signing: PICTURES_URL).
    for (const callable of this.api.functions.values()) callable.function.addEnvironment(PICTURES_URL_ENV, this.web.picturesUrl);

    // Last: it alarms on every queue of the stack.
    this.observability = new Observability(this, 'Observability', {
      stage,
      opsEmail,
      monthlyBudgetUsd,
      httpApi: this.api.httpApi,
      table: this.data.table,
      streamConsumers: [this.tableStream.consumer.function],
      liveApi: this.live.api,
      liveStageName: LIVE_STAGE_NAME,
    });
    // Prod's SES reputation pages the same inbox (lib/mail.ts).
    this.auth.mail?.alarmOn(this.observability.topic);
    // Every function's canary rolls back on the few shared alarms (not one alarm per function).
    CanaryDeployments.rollBackOn(this, this.observability.deploymentAlarms);

    new CfnOutput(this, 'ApiUrl', { value: `${webOrigin}${API_PATH_PREFIX}`, description: 'Base URL of the callables' });
    new CfnOutput(this, 'LiveUrl', { value: this.web.liveUrl, description: 'The live socket, through CloudFront (config.json liveUrl)' });
    new CfnOutput(this, 'DistributionDomainName', { value: this.web.distribution.distributionDomainName });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'PicturesBucketName', { value: this.pictures.bucket.bucketName });
  }

  /** The web ACL's ARN: the edge stack's, or one built here (only deployable in us-east-1). */
  private cloudFrontWebAclArn(firewall: AnchoredStackProps['cloudFrontFirewall']): string {
    if ('webAclArn' in firewall) return firewall.webAclArn;
    if (Token.isUnresolved(this.region)) {
      // A region-agnostic synth (no AWS_REGION nor profile region): refuse, before any change, a deploy elsewhere.
      new CfnRule(this, 'EdgeRegion', {
        assertions: [
          {
            assert: Fn.conditionEquals(Aws.REGION, EDGE_REGION),
            assertDescription: `This template holds CloudFront's web ACL, which only ${EDGE_REGION} takes: synthesize with AWS_REGION set to the region you deploy to, and an edge stack in ${EDGE_REGION} is added.`,
          },
        ],
      });
    }
    return new CloudFrontFirewall(this, 'CloudFrontFirewall', firewall).webAcl.attrArn;
  }
}
