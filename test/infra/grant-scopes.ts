import type { PolicyStatement } from './synth.ts';

/** DynamoDB's item writes (PartiQL's included), and the wildcards that would cover them. */
const TABLE_WRITE = /^(dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem|PartiQLInsert|PartiQLUpdate|PartiQLDelete|\*)|\*)$/;

function actionsOf(statement: PolicyStatement): string[] {
  return [statement.Action].flat();
}

/**
 * For each statement that writes the table's items (or grants every DynamoDB action), the
 * `dynamodb:LeadingKeys` patterns it is held to, sorted; 'unconditioned' when it is held to none.
 */
export function tableWriteScopes(statements: readonly PolicyStatement[]): (string[] | 'unconditioned')[] {
  return statements
    .filter((statement) => actionsOf(statement).some((action) => TABLE_WRITE.test(action)))
    .map((statement) => {
      const leading = statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
      return Array.isArray(leading) && leading.length > 0 ? leading.map(String).toSorted() : 'unconditioned';
    });
}

/** DynamoDB's item reads, Scan and PartiQL's included, and the wildcards that would cover them. */
const TABLE_READ = /^(dynamodb:(GetItem|BatchGetItem|Query|Scan|ConditionCheckItem|PartiQLSelect|\*)|\*)$/;

/** For each statement that reads the table's items, its `dynamodb:LeadingKeys` patterns, sorted ('unconditioned' when none). */
export function tableReadScopes(statements: readonly PolicyStatement[]): (string[] | 'unconditioned')[] {
  return statements
    .filter((statement) => actionsOf(statement).some((action) => TABLE_READ.test(action)))
    .map((statement) => {
      const leading = statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
      return Array.isArray(leading) && leading.length > 0 ? leading.map(String).toSorted() : 'unconditioned';
    });
}

/** Whether any statement grants Scan (which names no leading key, so no LeadingKeys condition can hold it). */
export function grantsScan(statements: readonly PolicyStatement[]): boolean {
  return statements.some((statement) => actionsOf(statement).some((action) => /^(dynamodb:(Scan|\*)|\*)$/.test(action)));
}

/**
 * The object key patterns the statements' S3 actions reach, sorted and once each: `pictures/*` for
 * `<bucket ARN>/pictures/*`, `*` for a whole bucket's objects.
 */
export function objectKeyPatterns(statements: readonly PolicyStatement[]): string[] {
  const patterns = new Set<string>();
  for (const statement of statements) {
    if (!actionsOf(statement).some((action) => action.startsWith('s3:'))) continue;
    for (const resource of [statement.Resource].flat()) {
      const parts = (resource as { 'Fn::Join'?: [string, unknown[]] } | undefined)?.['Fn::Join']?.[1];
      const tail = parts?.at(-1);
      if (typeof tail === 'string' && tail.startsWith('/')) patterns.add(tail.slice(1));
      else if (typeof resource === 'string' && resource.includes(':::')) patterns.add(resource.split('/').slice(1).join('/') || '(bucket)');
    }
  }
  return [...patterns].toSorted();
}
