import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { GSIS, projectionOf, TABLE_KEYS, TTL_ATTRIBUTE, type GsiShape } from '../lambdas/data/table-schema.ts';
import { removalPolicyFor, type Stage } from './stage.ts';

export interface DataTableProps {
  readonly stage: Stage;
}

/**
 * The one DynamoDB table (single-table design), built from lambdas/data/table-schema.ts so that
 * AWS and the local cloud always agree on keys and indexes.
 */
export class DataTable extends Construct {
  public readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, props: DataTableProps) {
    super(scope, id);
    const prod = props.stage === 'prod';
    const string = dynamodb.AttributeType.STRING;

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: string },
      sortKey: { name: TABLE_KEYS.sortKey, type: string },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: prod,
      removalPolicy: removalPolicyFor(props.stage),
    });

    for (const gsi of GSIS) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: string },
        sortKey: { name: gsi.sortKey, type: string },
        ...cdkProjectionOf(gsi),
      });
    }
  }
}

function cdkProjectionOf(gsi: GsiShape): { projectionType: dynamodb.ProjectionType; nonKeyAttributes?: string[] } {
  const { ProjectionType, NonKeyAttributes } = projectionOf(gsi);
  return { projectionType: dynamodb.ProjectionType[ProjectionType], ...(NonKeyAttributes ? { nonKeyAttributes: NonKeyAttributes } : {}) };
}
