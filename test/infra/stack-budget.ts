/**
 * What one callable and one stack cost in CloudFormation resources: the figures the stack-size test
 * (test/infra/stack-size.test.ts) checks against the synthesized templates, and the ones
 * docs/deploy.md quotes (test/unit/docs/docs-drift.test.ts holds the page to them).
 */

/** CloudFormation's limit for one stack; a nested stack is a stack of its own. */
export const STACK_RESOURCE_LIMIT = 500;
/** Every stack stays under 80 % of the limit, room for a deploy that briefly holds old and new. */
export const BUDGET = 0.8 * STACK_RESOURCE_LIMIT;
/**
 * In its area's stack: function, role, role policy and log group (a log group each, so no role can
 * write into a neighbour's logs), the API integration, its route, the alias's invoke permission, and
 * for the canary deploys (lib/canary-deployments.ts) its version, its `live` alias and its
 * deployment group.
 */
export const PER_CALLABLE_IN_AREA = 10;
/** In the parent: nothing (its area's stack is one resource there, whatever the area holds). */
export const PER_CALLABLE_IN_PARENT = 0;
/** A CodeDeploy application and its service role per stack with functions (lib/canary-deployments.ts). */
export const CANARY_PER_STACK = 2;
/** The CDKMetadata resource the CDK CLI adds to every stack, nested ones too. */
export const METADATA_PER_STACK = 1;
/** Callables one area's stack holds within the budget: past it, a callable asks for a new area. */
export const AREA_CAPACITY = Math.floor((BUDGET - CANARY_PER_STACK - METADATA_PER_STACK) / PER_CALLABLE_IN_AREA);
/**
 * What the parent keeps free for the next features' own pieces (groups, events, messages), which sit
 * in the parent as today's jobs and workers do: for each of the three, two scheduled jobs and two
 * queue-fed workers. The sizes are measured on the synthesized parent (the stack-size test checks
 * them): a scheduled job is 12 resources (DailyMetrics: function, role, policy, log group, version,
 * alias, async-invoke configuration, deployment group, rule, invoke permission, dead-letter queue
 * and its policy), a queue-fed worker 11 (the table stream's consumer: the same function set, its
 * event source mapping, its failure queue and that queue's policy, and its policy to post to the live socket).
 */
export const SCHEDULED_JOB_RESOURCES = 12;
export const QUEUE_WORKER_RESOURCES = 11;
export const NEXT_FEATURES_IN_PARENT = 3 * 2 * (SCHEDULED_JOB_RESOURCES + QUEUE_WORKER_RESOURCES);
