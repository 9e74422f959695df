import { RemovalPolicy } from 'aws-cdk-lib';

/** Deployment stages. `dev` carries the dev-only callables; `prod` never does. */
export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

export function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value);
}

/** Members' data outlives a stack deletion on prod; dev is disposable. */
export function removalPolicyFor(stage: Stage): RemovalPolicy {
  return stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}
