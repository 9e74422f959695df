/**
 * AWS list prices the cost model uses (npm run cost:model), in one typed object: us-east-1, USD,
 * on-demand, no free tiers (except Cognito's first 10,000 MAU on Essentials, which is part of how
 * that plan is priced), no Savings Plans, no negotiated discounts.
 *
 * Taken on 2026-11-25 without network access, from the stored copies of the pages the `search`
 * tool holds: each price names the page it was read from. `verified: false` marks a figure that no
 * stored page confirmed: it is the author's best knowledge of the list price and should be checked
 * on the page named before the figures are quoted.
 *
 * Only the first volume tier of each price is used: at 100,000 members every quantity stays inside
 * it (the model checks that, see `firstTierUpTo`).
 */

export interface Price {
  /** USD per `per` units of `unit`. */
  readonly usd: number;
  readonly per: number;
  readonly unit: string;
  /** The page the price was read from (or, unverified, where to check it). */
  readonly source: string;
  readonly verified: boolean;
  /** The price holds up to this many units a month; beyond it a lower tier applies. */
  readonly firstTierUpTo?: number;
  readonly note?: string;
}

export interface PriceList {
  readonly region: 'us-east-1';
  readonly currency: 'USD';
  readonly takenOn: string;
  readonly prices: Readonly<Record<PriceName, Price>>;
}

export type PriceName =
  | 'cognitoEssentialsMau'
  | 'cognitoEssentialsFreeMau'
  | 'dynamodbWriteRequestUnit'
  | 'dynamodbReadRequestUnit'
  | 'dynamodbStorageGbMonth'
  | 'dynamodbPitrGbMonth'
  | 'dynamodbStreamsReadByLambda'
  | 'lambdaRequest'
  | 'lambdaArmGbSecond'
  | 'httpApiRequest'
  | 'webSocketMessage'
  | 'webSocketConnectionMinute'
  | 's3StandardGbMonth'
  | 's3PutRequest'
  | 's3GetRequest'
  | 'cloudFrontDataTransferOutGb'
  | 'cloudFrontDataTransferToOriginGb'
  | 'cloudFrontHttpsRequest'
  | 'cloudFrontFunctionInvocation'
  | 'cloudWatchLogsIngestedGb'
  | 'cloudWatchLogsStoredGbMonth'
  | 'sqsRequest'
  | 'xrayTraceRecorded'
  | 'wafWebAclMonth'
  | 'wafRuleMonth'
  | 'wafRequest'
  | 'cloudWatchAlarmMonth'
  | 'cloudWatchDashboardMonth'
  | 'cloudWatchCustomMetricMonth'
  | 'route53HostedZoneMonth'
  | 'secretsManagerSecretMonth';

const MILLION = 1_000_000;

export const PRICE_LIST: PriceList = {
  region: 'us-east-1',
  currency: 'USD',
  takenOn: '2026-11-25',
  prices: {
    cognitoEssentialsMau: {
      usd: 0.015,
      per: 1,
      unit: 'MAU above the free 10,000',
      source: 'Amazon Cognito pricing (aws.amazon.com/cognito/pricing), Essentials plan, as transcribed 2026-09-20',
      verified: true,
      firstTierUpTo: 100_000,
    },
    cognitoEssentialsFreeMau: {
      usd: 0,
      per: 1,
      unit: 'MAU (the first 10,000 a month on Essentials: part of the plan, counted)',
      source: 'Amazon Cognito pricing, Essentials plan',
      verified: true,
      note: 'The only free allowance the model counts; the value used is the MAU count, 10,000.',
    },
    dynamodbWriteRequestUnit: {
      usd: 0.625,
      per: MILLION,
      unit: 'write request unit (on-demand, Standard table class)',
      source: 'Amazon DynamoDB pricing for on-demand capacity (aws.amazon.com/dynamodb/pricing/on-demand)',
      verified: true,
      note: 'Halved on 2024-11-01 from $1.25 (the November 2024 on-demand price cut, confirmed by several stored pages).',
    },
    dynamodbReadRequestUnit: {
      usd: 0.125,
      per: MILLION,
      unit: 'read request unit (on-demand, Standard table class)',
      source: 'Amazon DynamoDB pricing for on-demand capacity',
      verified: true,
      note: 'Halved on 2024-11-01 from $0.25.',
    },
    dynamodbStorageGbMonth: {
      usd: 0.25,
      per: 1,
      unit: 'GB-month of table + index storage (Standard table class)',
      source: 'Amazon DynamoDB pricing ("prices start from $0.25 per GB-month"; the first 25 GB free tier not counted)',
      verified: true,
    },
    dynamodbPitrGbMonth: {
      usd: 0.2,
      per: 1,
      unit: 'GB-month of continuous backup (point-in-time recovery), on the table size',
      source:
        'Amazon DynamoDB pricing for on-demand capacity, "Continuous backups (PITR)" ($0.20 per GB-month, as quoted by finops.com.py/services/dynamodb/backups)',
      verified: true,
    },
    dynamodbStreamsReadByLambda: {
      usd: 0,
      per: MILLION,
      unit: 'streams read request (GetRecords by a Lambda trigger)',
      source: 'Amazon DynamoDB pricing: "You are not charged for GetRecords API calls invoked by AWS Lambda as part of DynamoDB triggers"',
      verified: true,
    },
    lambdaRequest: {
      usd: 0.2,
      per: MILLION,
      unit: 'invocation',
      source: 'AWS Lambda pricing (aws.amazon.com/lambda/pricing)',
      verified: true,
    },
    lambdaArmGbSecond: {
      usd: 0.0000133334,
      per: 1,
      unit: 'GB-second, arm64 (first 7.5 billion GB-s a month)',
      source: 'AWS Lambda pricing, Arm price (also in artillery@2.0.28 lib/platform/aws-lambda/prices.js: arm64 1333340e-11)',
      verified: true,
      firstTierUpTo: 7_500_000_000,
    },
    httpApiRequest: {
      usd: 1.0,
      per: MILLION,
      unit: 'HTTP API request (metered per 512 KB)',
      source: 'Amazon API Gateway pricing (aws.amazon.com/api-gateway/pricing), HTTP APIs, first 300 million',
      verified: true,
      firstTierUpTo: 300 * MILLION,
    },
    webSocketMessage: {
      usd: 1.0,
      per: MILLION,
      unit: 'WebSocket message sent or received (metered per 32 KB)',
      source: 'Amazon API Gateway pricing, WebSocket APIs, first 1 billion messages',
      verified: true,
      firstTierUpTo: 1_000 * MILLION,
    },
    webSocketConnectionMinute: {
      usd: 0.25,
      per: MILLION,
      unit: 'connection-minute',
      source: 'Amazon API Gateway pricing, WebSocket APIs',
      verified: true,
    },
    s3StandardGbMonth: {
      usd: 0.023,
      per: 1,
      unit: 'GB-month, S3 Standard (first 50 TB)',
      source: 'Amazon S3 pricing (aws.amazon.com/s3/pricing), S3 Standard',
      verified: true,
      firstTierUpTo: 50_000,
    },
    s3PutRequest: {
      usd: 0.005,
      per: 1_000,
      unit: 'PUT, COPY, POST or LIST request, S3 Standard',
      source: 'Amazon S3 pricing, requests and data retrievals (as quoted by c3x.dev "S3 request fees explained")',
      verified: true,
    },
    s3GetRequest: {
      usd: 0.0004,
      per: 1_000,
      unit: 'GET request, S3 Standard',
      source: 'Amazon S3 pricing, requests and data retrievals (as quoted by c3x.dev "S3 request fees explained")',
      verified: true,
    },
    cloudFrontDataTransferOutGb: {
      usd: 0.085,
      per: 1,
      unit: 'GB to viewers, United States, Mexico and Canada (first 10 TB; the always-free 1 TB not counted)',
      source: 'Amazon CloudFront pricing (aws.amazon.com/cloudfront/pricing), pay-as-you-go, regional data transfer out',
      verified: true,
      firstTierUpTo: 10_000,
    },
    cloudFrontDataTransferToOriginGb: {
      usd: 0.02,
      per: 1,
      unit: 'GB from CloudFront to the origin (POST bodies), United States',
      source: 'Amazon CloudFront pricing, regional data transfer out to origin',
      verified: true,
    },
    cloudFrontHttpsRequest: {
      usd: 0.01,
      per: 10_000,
      unit: 'HTTPS request, United States (the always-free 10 million not counted)',
      source: 'Amazon CloudFront pricing, HTTP/HTTPS requests',
      verified: true,
      note: 'POST requests forwarded to the API are billed as proxy requests; assumed the same rate.',
    },
    cloudFrontFunctionInvocation: {
      usd: 0.1,
      per: MILLION,
      unit: 'CloudFront Functions invocation',
      source: 'Amazon CloudFront pricing, CloudFront Functions',
      verified: true,
    },
    cloudWatchLogsIngestedGb: {
      usd: 0.5,
      per: 1,
      unit: 'GB ingested, Standard log class',
      source: 'Amazon CloudWatch pricing (aws.amazon.com/cloudwatch/pricing), Logs',
      verified: true,
      note: 'Lambda logs are billed as vended logs, $0.50 per GB for the first 10 TB.',
    },
    cloudWatchLogsStoredGbMonth: {
      usd: 0.03,
      per: 1,
      unit: 'GB-month stored (compressed)',
      source: 'Amazon CloudWatch pricing, Logs, archive storage',
      verified: true,
    },
    sqsRequest: {
      usd: 0.4,
      per: MILLION,
      unit: 'request, standard queue',
      source: 'Amazon SQS pricing (aws.amazon.com/sqs/pricing)',
      verified: false,
    },
    xrayTraceRecorded: {
      usd: 5,
      per: MILLION,
      unit: 'trace recorded (the always-free 100,000 a month not counted)',
      source: 'AWS X-Ray pricing (aws.amazon.com/xray/pricing: $5.00 per million, $0.000005 a trace)',
      verified: true,
    },
    wafWebAclMonth: {
      usd: 5,
      per: 1,
      unit: 'web ACL a month',
      source: 'AWS WAF pricing (aws.amazon.com/waf/pricing)',
      verified: true,
    },
    wafRuleMonth: {
      usd: 1,
      per: 1,
      unit: 'rule a month',
      source: 'AWS WAF pricing',
      verified: true,
    },
    wafRequest: {
      usd: 0.6,
      per: MILLION,
      unit: 'request inspected',
      source: 'AWS WAF pricing',
      verified: true,
    },
    cloudWatchAlarmMonth: {
      usd: 0.1,
      per: 1,
      unit: 'standard-resolution metric alarm a month',
      source: 'Amazon CloudWatch pricing, Alarms',
      verified: false,
    },
    cloudWatchDashboardMonth: {
      usd: 3,
      per: 1,
      unit: 'dashboard a month (beyond the free 3)',
      source: 'Amazon CloudWatch pricing, Dashboards',
      verified: false,
    },
    cloudWatchCustomMetricMonth: {
      usd: 0.3,
      per: 1,
      unit: 'custom metric a month (first 10,000; EMF metrics are custom metrics)',
      source: 'Amazon CloudWatch pricing, Metrics',
      verified: false,
    },
    route53HostedZoneMonth: {
      usd: 0.5,
      per: 1,
      unit: 'hosted zone a month (first 25)',
      source: 'Amazon Route 53 pricing (aws.amazon.com/route53/pricing)',
      verified: false,
    },
    secretsManagerSecretMonth: {
      usd: 0.4,
      per: 1,
      unit: 'secret a month',
      source: 'AWS Secrets Manager pricing (aws.amazon.com/secrets-manager/pricing)',
      verified: false,
    },
  },
};

/** What `quantity` units cost at `price`, in USD. */
export function costOf(price: Price, quantity: number): number {
  return (quantity / price.per) * price.usd;
}
