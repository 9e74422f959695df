import * as fs from 'node:fs';
import * as path from 'node:path';
import { CfnResource, type IPolicyValidationContextBeta1 } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * AWS Control Tower's proactive controls (CloudFormation Guard rules) run against the synthesized
 * templates by @cdklabs/cdk-validator-cfnguard, which ships the rules and a cfn-guard binary for
 * Linux and macOS: no network. The rules themselves read no suppression, so an acknowledgment is a
 * `Metadata.guard` entry on the resource it concerns (cfn-guard's own convention, `SuppressedRules`,
 * with the reason beside it), and `guardFindings` leaves out exactly those.
 */

/** A Control Tower control id as the rules print it, e.g. 'CT.S3.PR.2'. */
export type GuardRuleId = `CT.${string}.PR.${number}`;

interface GuardMetadata {
  SuppressedRules: GuardRuleId[];
  Reasons: Partial<Record<GuardRuleId, string>>;
}

/**
 * Acknowledges one Control Tower finding on the CloudFormation resource it concerns: `scope` is the
 * resource, or an L2 construct whose default child is. The reason must be true of this resource.
 */
export function acknowledgeGuard(scope: IConstruct, rule: GuardRuleId, reason: string): void {
  const resource = CfnResource.isCfnResource(scope) ? scope : scope.node.defaultChild;
  if (!resource || !CfnResource.isCfnResource(resource)) throw new Error(`${scope.node.path} is no CloudFormation resource and has none as its default child`);
  if (reason.trim().length < 20) throw new Error(`Say why ${rule} does not apply to ${scope.node.path}`);
  const guard = (resource.getMetadata('guard') as GuardMetadata | undefined) ?? { SuppressedRules: [], Reasons: {} };
  if (!guard.SuppressedRules.includes(rule)) guard.SuppressedRules.push(rule);
  guard.Reasons[rule] = reason;
  resource.addMetadata('guard', guard);
}

export interface GuardFinding {
  /** e.g. 'CT.S3.PR.2' */
  readonly rule: string;
  /** What the control requires, in the rule's own words. */
  readonly description: string;
  readonly fix: string;
  /** The template file (relative to the cloud assembly) and the resource's logical id. */
  readonly template: string;
  readonly logicalId: string;
  /** The construct path CDK recorded for the resource, when it did. */
  readonly constructPath?: string;
}

interface GuardViolation {
  description: string;
  fix: string;
  ruleName: string;
  violatingResources: { resourceLogicalId: string; templatePath: string }[];
}

interface TemplateResource {
  Type: string;
  Metadata?: { guard?: GuardMetadata; 'aws:cdk:path'?: string };
}

/** Every `*.template.json` of a cloud assembly directory (stacks and nested stacks). */
export function templatesOf(outdir: string): string[] {
  return fs
    .readdirSync(outdir)
    .filter((file) => file.endsWith('.template.json'))
    .sort()
    .map((file) => path.join(outdir, file));
}

/**
 * Runs the bundled Control Tower rules over every template in `outdir`, and returns each finding
 * that no `acknowledgeGuard` covers, plus (apart) the acknowledged ones for the report.
 */
export async function guardFindings(outdir: string): Promise<{ unacknowledged: GuardFinding[]; acknowledged: (GuardFinding & { reason: string })[] }> {
  // Loaded here: only the guard's callers need the package (a devDependency), never a deploy.
  const { CfnGuardValidator } = await import('@cdklabs/cdk-validator-cfnguard');
  const templatePaths = templatesOf(outdir);
  // The plugin reads only the template paths of the context CDK would hand it (it runs on files already written).
  const context = { templatePaths } as unknown as IPolicyValidationContextBeta1;
  const report = new CfnGuardValidator().validate(context) as { success: boolean; violations: GuardViolation[] };
  const templates = new Map(
    templatePaths.map((file) => [
      path.resolve(file),
      (JSON.parse(fs.readFileSync(file, 'utf8')) as { Resources?: Record<string, TemplateResource> }).Resources ?? {},
    ]),
  );
  const unacknowledged: GuardFinding[] = [];
  const acknowledged: (GuardFinding & { reason: string })[] = [];
  for (const violation of report.violations) {
    const rule = /\[(CT\.[A-Z0-9]+\.PR\.\d+)\]/.exec(violation.description)?.[1] ?? violation.ruleName;
    const description = violation.description.replace(/^\[[^\]]+\]:\s*/, '');
    for (const { resourceLogicalId, templatePath } of violation.violatingResources) {
      const resource = templates.get(path.resolve(templatePath))?.[resourceLogicalId];
      const finding: GuardFinding = {
        rule,
        description,
        fix: violation.fix,
        template: path.relative(outdir, templatePath),
        logicalId: resourceLogicalId,
        constructPath: resource?.Metadata?.['aws:cdk:path'],
      };
      const reason = resource?.Metadata?.guard?.SuppressedRules.includes(rule as GuardRuleId)
        ? resource.Metadata.guard.Reasons[rule as GuardRuleId]
        : undefined;
      if (reason) acknowledged.push({ ...finding, reason });
      else unacknowledged.push(finding);
    }
  }
  // A failure of cfn-guard itself (no binary, bad output) comes back as unsuccessful with no violation.
  if (!report.success && report.violations.length === 0) throw new Error(`cfn-guard failed on ${outdir} without a finding: see its output above`);
  const order = (a: GuardFinding, b: GuardFinding) =>
    `${a.rule} ${a.constructPath ?? a.logicalId}`.localeCompare(`${b.rule} ${b.constructPath ?? b.logicalId}`);
  return { unacknowledged: unacknowledged.sort(order), acknowledged: acknowledged.sort(order) };
}

/** One line per finding, as the report and the test print them. */
export function describeFinding(finding: GuardFinding): string {
  return `${finding.rule} ${finding.constructPath ?? `${finding.template}#${finding.logicalId}`}: ${finding.description}`;
}
