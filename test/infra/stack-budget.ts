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
 * write into a neighbour's logs), the API integration, the alias's invoke permission, and for the
 * canary deploys (lib/canary-deployments.ts) its version, its `live` alias and its deployment group.
 */
export const PER_CALLABLE_IN_AREA = 9;
/** In the parent: its route (a route key must be unique in an API, so routes stay beside the API). */
export const PER_CALLABLE_IN_PARENT = 1;
/** A CodeDeploy application and its service role per stack with functions (lib/canary-deployments.ts). */
export const CANARY_PER_STACK = 2;
/** The CDKMetadata resource the CDK CLI adds to every stack, nested ones too. */
export const METADATA_PER_STACK = 1;
/** Callables one area's stack holds within the budget: past it, a callable asks for a new area. */
export const AREA_CAPACITY = Math.floor((BUDGET - CANARY_PER_STACK - METADATA_PER_STACK) / PER_CALLABLE_IN_AREA);
