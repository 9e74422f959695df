import type { Assumptions } from './assumptions.ts';
import { costOf, type PriceList, type PriceName } from './prices.ts';
import { monthlyUsage, type MonthlyUsage } from './usage.ts';

/** The services of the bill, in the order it prints them. */
export const SERVICES = [
  'cognito',
  'dynamodb',
  'lambda',
  'apiGatewayHttp',
  'apiGatewayWebSocket',
  's3',
  'cloudFront',
  'cloudWatchLogs',
  'xray',
  'waf',
  'sqs',
] as const;
export type Service = (typeof SERVICES)[number];

export const SERVICE_NAMES: Readonly<Record<Service, string>> = {
  cognito: 'Cognito',
  dynamodb: 'DynamoDB',
  lambda: 'Lambda',
  apiGatewayHttp: 'API Gateway HTTP API',
  apiGatewayWebSocket: 'API Gateway WebSocket',
  s3: 'S3',
  cloudFront: 'CloudFront',
  cloudWatchLogs: 'CloudWatch Logs',
  xray: 'X-Ray',
  waf: 'WAF',
  sqs: 'SQS',
};

export interface BillLine {
  readonly service: Service;
  readonly item: string;
  readonly quantity: number;
  readonly unit: string;
  readonly price: PriceName;
  readonly usd: number;
}

export interface FixedLine {
  readonly item: string;
  readonly count: number;
  readonly price: PriceName;
  readonly usd: number;
  readonly note: string;
}

export interface Bill {
  readonly members: number;
  readonly usage: MonthlyUsage;
  readonly lines: readonly BillLine[];
  readonly byService: Readonly<Record<Service, number>>;
  readonly usageUsd: number;
  readonly fixed: readonly FixedLine[];
  readonly fixedUsd: number;
  readonly totalUsd: number;
  /** Prices whose first volume tier this month's quantity passes (the bill then overstates them a little). */
  readonly pastFirstTier: readonly PriceName[];
}

/**
 * What the stack has whatever the traffic, counted from lib/ on 2026-11-25: one regional web ACL
 * with two rate-based rules in front of the user pool (lib/sign-up-firewall.ts), two secrets
 * (lib/origin-secret.ts, lib/sign-up-ticket-secret.ts), the Route 53 hosted zone a custom domain
 * will need, and lib/observability.ts: 13 alarms counted as the 31 metrics they evaluate (a metric
 * math alarm is billed per metric it reads; test/infra/observability.test.ts counts them in the
 * template), one dashboard, and the 8 product metrics its handlers emit (EMF, one stage each); and
 * lib/mail.ts on prod: 2 alarms on SES's bounce and complaint rates (2 metrics). SES itself has no
 * fixed monthly cost (mail is billed per message, the domain identity and configuration set are free).
 */
export const FIXED_RESOURCES = {
  // The user pool's (2 rate rules) and CloudFront's (lib/cloudfront-firewall.ts: 2 rate rules and 3
  // AWS managed rule groups, each billed as one rule; test/infra/cloudfront-firewall.test.ts counts them).
  wafWebAcls: 2,
  wafRules: 7,
  cloudWatchAlarms: 33,
  cloudWatchDashboards: 1,
  cloudWatchCustomMetrics: 8,
  route53HostedZones: 1,
  secrets: 2,
} as const;

/** The bill of `members` members: usage lines by service, their total, then the fixed lines. */
export function monthlyBill(members: number, assumptions: Assumptions, priceList: PriceList): Bill {
  const u = monthlyUsage(members, assumptions);
  const p = priceList.prices;
  const lines: BillLine[] = [];
  const pastFirstTier = new Set<PriceName>();
  const add = (service: Service, item: string, quantity: number, price: PriceName) => {
    const tier = p[price].firstTierUpTo;
    if (tier !== undefined && quantity > tier) pastFirstTier.add(price);
    lines.push({ service, item, quantity, unit: p[price].unit, price, usd: costOf(p[price], quantity) });
  };

  const freeMau = 10_000;
  add(
    'cognito',
    `MAUs above the ${freeMau.toLocaleString('en-US')} included (${Math.round(u.cognito.mau).toLocaleString('en-US')} MAU)`,
    Math.max(0, u.cognito.mau - freeMau),
    'cognitoEssentialsMau',
  );

  add('dynamodb', 'write request units (table)', u.dynamodb.wru, 'dynamodbWriteRequestUnit');
  add('dynamodb', 'write request units (GSI writes)', u.dynamodb.gsiWru, 'dynamodbWriteRequestUnit');
  add('dynamodb', 'read request units', u.dynamodb.rru, 'dynamodbReadRequestUnit');
  add('dynamodb', 'storage (table and indexes, after a year)', u.dynamodb.tableGb + u.dynamodb.indexGb, 'dynamodbStorageGbMonth');
  add('dynamodb', 'point-in-time recovery (table)', u.dynamodb.tableGb, 'dynamodbPitrGbMonth');
  add('dynamodb', 'stream reads by the Lambda consumer (free)', u.dynamodb.streamRecords, 'dynamodbStreamsReadByLambda');

  const invocations = Object.values(u.lambda).reduce((sum, use) => sum + use.invocations, 0);
  const gbSeconds = Object.values(u.lambda).reduce((sum, use) => sum + use.gbSeconds, 0);
  add('lambda', 'requests (callables, live routes, stream consumer, jobs)', invocations, 'lambdaRequest');
  add('lambda', 'GB-seconds (arm64, 512 MB)', gbSeconds, 'lambdaArmGbSecond');

  add('apiGatewayHttp', 'HTTP API requests (POST /api/{callable})', u.httpApiRequests, 'httpApiRequest');

  // Messages are what the pages send (pings) and what the backend posts; the $connect and
  // $disconnect handshakes are counted as neither (unverified: the pricing page names messages and
  // connection-minutes only).
  add('apiGatewayWebSocket', 'messages received (pings)', u.webSocket.messagesIn, 'webSocketMessage');
  add('apiGatewayWebSocket', 'messages sent (pushes, each under 32 KB)', u.webSocket.messagesOut, 'webSocketMessage');
  add('apiGatewayWebSocket', 'connection-minutes', u.webSocket.connectionMinutes, 'webSocketConnectionMinute');

  add('s3', 'pictures storage (profile pictures, gallery photos)', u.pictures.storageGb, 's3StandardGbMonth');
  add('s3', 'log bucket storage (CloudFront and S3 access logs, 12 months)', u.logBucket.storageGb, 's3StandardGbMonth');
  add('s3', 'PUT/COPY/POST requests (uploads, log objects)', u.pictures.putRequests + u.logBucket.putRequests, 's3PutRequest');
  add('s3', 'GET requests (pictures the edge did not hold; web bucket revalidations)', u.pictures.getRequests + u.webBucket.getRequests, 's3GetRequest');

  add('cloudFront', 'data transfer out (shell, assets, API responses, pictures)', u.cloudFront.dataOutGb, 'cloudFrontDataTransferOutGb');
  add('cloudFront', 'data transfer to origin (API requests)', u.cloudFront.dataToOriginGb, 'cloudFrontDataTransferToOriginGb');
  add('cloudFront', 'HTTPS requests', u.cloudFront.requests, 'cloudFrontHttpsRequest');
  add('cloudFront', 'CloudFront Functions invocations', u.cloudFront.functionInvocations, 'cloudFrontFunctionInvocation');
  add('waf', "requests inspected (CloudFront's web ACL: every request)", u.cloudFront.requests, 'wafRequest');

  add('cloudWatchLogs', 'ingestion (Lambda, HTTP API and WebSocket access logs)', u.cloudWatchLogs.ingestedGb, 'cloudWatchLogsIngestedGb');
  add('cloudWatchLogs', 'storage (3-month retention, compressed)', u.cloudWatchLogs.storedGb, 'cloudWatchLogsStoredGbMonth');

  add(
    'xray',
    'traces recorded (every function; default sampling: 1 a second a function + 5 % of the rest, an upper bound)',
    u.xray.tracesRecorded,
    'xrayTraceRecorded',
  );

  add('waf', 'requests inspected (Cognito API calls)', u.cognito.requests, 'wafRequest');

  add('sqs', 'requests (dead-letter and on-failure queues)', u.sqsRequests, 'sqsRequest');

  const byService = Object.fromEntries(SERVICES.map((service) => [service, 0])) as Record<Service, number>;
  for (const line of lines) byService[line.service] += line.usd;
  const usageUsd = lines.reduce((sum, line) => sum + line.usd, 0);

  const f = FIXED_RESOURCES;
  const fixedLine = (item: string, count: number, price: PriceName, note: string): FixedLine => ({ item, count, price, usd: count * p[price].usd, note });
  const fixed: FixedLine[] = [
    fixedLine('WAF web ACLs', f.wafWebAcls, 'wafWebAclMonth', "lib/sign-up-firewall.ts (the user pool's), lib/cloudfront-firewall.ts (CloudFront's)"),
    fixedLine('WAF rules', f.wafRules, 'wafRuleMonth', 'SignUpsPerAddress, CognitoCallsPerAddress; 2 rate rules and 3 AWS managed groups on CloudFront'),
    fixedLine(
      'CloudWatch alarm metrics',
      f.cloudWatchAlarms,
      'cloudWatchAlarmMonth',
      'lib/observability.ts: 13 alarms; lib/mail.ts: 2 (SES rates); each metric they read',
    ),
    fixedLine('CloudWatch dashboards', f.cloudWatchDashboards, 'cloudWatchDashboardMonth', 'lib/observability.ts (the first 3 are free: counted anyway)'),
    fixedLine('CloudWatch custom metrics', f.cloudWatchCustomMetrics, 'cloudWatchCustomMetricMonth', 'lambdas/data/table/product-metrics.ts (EMF)'),
    fixedLine('Route 53 hosted zone', f.route53HostedZones, 'route53HostedZoneMonth', 'for a custom domain; none in lib/ yet'),
    fixedLine('Secrets Manager secrets', f.secrets, 'secretsManagerSecretMonth', 'origin secret, sign-up ticket secret'),
  ];
  const fixedUsd = fixed.reduce((sum, line) => sum + line.usd, 0);

  return { members, usage: u, lines, byService, usageUsd, fixed, fixedUsd, totalUsd: usageUsd + fixedUsd, pastFirstTier: [...pastFirstTier] };
}
