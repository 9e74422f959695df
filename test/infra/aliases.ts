import type { Template } from 'aws-cdk-lib/assertions';
import { referencedId, resourcesOf } from './synth.ts';

/**
 * Invokers name a function's `live` alias (lib/canary-deployments.ts), not the function: the
 * function a reference leads to, through the alias and its version when it names an alias.
 */
export function functionBehind(template: Template, value: unknown): string {
  const id = referencedOrQualified(value);
  const alias = resourcesOf(template, 'AWS::Lambda::Alias')[id];
  if (!alias) return id;
  const version = resourcesOf(template, 'AWS::Lambda::Version')[referencedId(alias.Properties?.FunctionVersion)];
  return referencedId(version?.Properties?.FunctionName);
}

/** The logical id of the `live` alias of a function. */
export function aliasOf(template: Template, functionId: string): string {
  const versions = resourcesOf(template, 'AWS::Lambda::Version');
  const [aliasId, ...others] = Object.entries(resourcesOf(template, 'AWS::Lambda::Alias'))
    .filter(([, alias]) => referencedId(versions[referencedId(alias.Properties?.FunctionVersion)]?.Properties?.FunctionName) === functionId)
    .map(([id]) => id);
  if (!aliasId || others.length) throw new Error(`${functionId} has ${others.length + (aliasId ? 1 : 0)} aliases`);
  return aliasId;
}

/** A reference, or the alias an ARN built around one names (e.g. an API Gateway integration URI). */
function referencedOrQualified(value: unknown): string {
  try {
    return referencedId(value);
  } catch {
    const ids = [...JSON.stringify(value).matchAll(/"Ref":"([A-Za-z0-9]+)"/g)].map(([, id]) => id as string).filter((id) => !id.startsWith('AWS'));
    if (ids.length !== 1) throw new Error(`Not one reference: ${JSON.stringify(value)}`);
    return ids[0] as string;
  }
}
