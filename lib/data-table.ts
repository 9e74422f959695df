import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { GSIS, projectionOf, TABLE_KEYS, TTL_ATTRIBUTE, type GsiShape } from '../lambdas/data/table/index.ts';
import type { RestoredTable } from './restored-table-context.ts';
import { removalPolicyFor, type Stage } from './stage.ts';

export interface DataTableProps {
  readonly stage: Stage;
  /** A table restored to a point in time, named instead of the stack's own (lib/restored-table-context.ts). */
  readonly restored?: RestoredTable;
}

/**
 * The one DynamoDB table (single-table design), built from lambdas/data/table/table-schema.ts so that
 * AWS and the local cloud always agree on keys and indexes.
 *
 * After a point-in-time restore the stack names the restored table instead: a restore makes a new
 * table, with the same keys and indexes, that CloudFormation did not create. Its stream, TTL,
 * recovery and deletion protection are set by the runbook's commands (an imported table's settings
 * are not the stack's), and the stack's own table leaves the stack: retained on prod (a removal
 * policy of RETAIN and deletion protection), deleted on dev.
 */
export class DataTable extends Construct {
  public readonly table: dynamodb.ITable;

  constructor(scope: Construct, id: string, props: DataTableProps) {
    super(scope, id);
    if (props.restored) {
      this.table = dynamodb.Table.fromTableAttributes(this, 'Table', {
        tableName: props.restored.tableName,
        tableStreamArn: props.restored.streamArn,
        // Grants then cover the indexes too (table/<name>/index/*), as they do for the stack's own table.
        globalIndexes: GSIS.map((gsi) => gsi.indexName),
      });
      return;
    }
    this.table = DataTable.ownTable(this, props.stage);
  }

  private static ownTable(scope: Construct, stage: Stage): dynamodb.Table {
    const prod = stage === 'prod';
    const string = dynamodb.AttributeType.STRING;

    const table = new dynamodb.Table(scope, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: string },
      sortKey: { name: TABLE_KEYS.sortKey, type: string },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: prod,
      removalPolicy: removalPolicyFor(stage),
    });

    for (const gsi of GSIS) {
      table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: string },
        sortKey: { name: gsi.sortKey, type: string },
        ...cdkProjectionOf(gsi),
      });
    }
    return table;
  }
}

function cdkProjectionOf(gsi: GsiShape): { projectionType: dynamodb.ProjectionType; nonKeyAttributes?: string[] } {
  const { ProjectionType, NonKeyAttributes } = projectionOf(gsi);
  return { projectionType: dynamodb.ProjectionType[ProjectionType], ...(NonKeyAttributes ? { nonKeyAttributes: NonKeyAttributes } : {}) };
}
