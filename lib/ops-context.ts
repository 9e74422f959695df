import { isPlainEmail } from '../lambdas/domain/dev-admins.ts';
import { StageError, type Stage } from './stage.ts';

/**
 * A context value that is missing or malformed. It extends StageError so that bin/app.ts prints its
 * one sentence alone, as it does for a forgotten stage, instead of a stack trace.
 */
export class OpsContextError extends StageError {
  constructor(message: string) {
    super(message);
    this.name = 'OpsContextError';
  }
}

/** The monthly AWS Budgets threshold when `monthlyBudgetUsd` is not given (docs/costs.md: fixed $26.90, 1,000 members $7.49 of use). */
export const DEFAULT_MONTHLY_BUDGET_USD = 50;

/**
 * Values an example prod synth uses (tests, benches, `synth:prod`): never a real inbox or domain. A
 * deploy names its own with `-c opsEmail=… -c mailDomain=… -c mailFrom=…` (and `mailThroughSes`).
 */
export const EXAMPLE_OPS_CONTEXT = {
  opsEmail: 'ops@example.com',
  mailDomain: 'example.com',
  mailFrom: 'no-reply@example.com',
  mailThroughSes: 'true',
} as const;

const OPS_EMAIL_HOW = 'name the inbox that receives alarms: npx cdk deploy -c stage=prod -c opsEmail=ops@yourdomain.example';

/**
 * The `opsEmail` context value: where the ops topic's alarms are mailed. Required on prod (an alarm
 * nobody reads pages nobody); optional on dev, whose topic then has no subscription. One address,
 * trimmed and lower-cased.
 */
export function opsEmailFromContext(stage: Stage, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') {
    if (stage === 'prod') throw new OpsContextError(`No opsEmail given: the prod stage pages someone when it breaks; ${OPS_EMAIL_HOW}.`);
    return undefined;
  }
  const email = typeof value === 'string' ? value.trim().toLowerCase() : null;
  if (email === null || !isPlainEmail(email)) {
    throw new OpsContextError(`opsEmail must be one email address, not ${JSON.stringify(value)}; ${OPS_EMAIL_HOW}.`);
  }
  return email;
}

/**
 * The `monthlyBudgetUsd` context value: the AWS Budgets monthly cost threshold in US dollars, a
 * number from 1 to 1,000,000 (`-c monthlyBudgetUsd=120`; the CLI passes it as a string).
 */
export function monthlyBudgetUsdFromContext(value: unknown): number {
  if (value === undefined || value === null || value === '') return DEFAULT_MONTHLY_BUDGET_USD;
  const amount = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+(\.\d{1,2})?\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(amount) || amount < 1 || amount > 1_000_000) {
    throw new OpsContextError(`monthlyBudgetUsd must be an amount of US dollars from 1 to 1000000 (-c monthlyBudgetUsd=120), not ${JSON.stringify(value)}.`);
  }
  return amount;
}

/** Cognito's mail on prod: SES, from an address at a domain identity the stack creates (lib/mail.ts). */
export interface MailContext {
  /** The SES domain identity (DKIM), e.g. example.org. */
  readonly domain: string;
  /** The From address of verification and reset codes, at `domain`. */
  readonly from: string;
  /**
   * Cognito sends through SES (DEVELOPER) only once the domain is verified and the account is out of
   * the SES sandbox: Cognito refuses a user pool whose SES identity is unverified, and a first deploy
   * creates the identity. Until then the pool keeps Cognito's default sender.
   */
  readonly throughSes: boolean;
}

const MAIL_HOW = 'npx cdk deploy -c stage=prod -c mailDomain=yourdomain.example -c mailFrom=no-reply@yourdomain.example';

/** A DNS name of at least two labels (letters, digits, inner hyphens; each at most 63), a TLD of letters or xn--, at most 253 characters. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The mail context values: `mailDomain` (the SES domain identity), `mailFrom` (the sender, an address
 * at that domain) and `mailThroughSes` (`true` once SES shows the domain verified and production access
 * is granted; default false). Required on prod, whose sign-ups would otherwise stop at Cognito's ~50
 * emails a day. A dev stage never carries prod's mail identity: it reads none of them (a
 * cdk.context.json written for prod cannot leak into dev) and keeps Cognito's default sender.
 */
export function mailFromContext(stage: Stage, values: { domain: unknown; from: unknown; throughSes: unknown }): MailContext | undefined {
  if (stage !== 'prod') return undefined;
  const missing = (value: unknown) => value === undefined || value === null || value === '';
  if (missing(values.domain)) {
    throw new OpsContextError(
      `No mailDomain given: on prod, Cognito mails verification and reset codes through Amazon SES from a domain you own; ${MAIL_HOW}.`,
    );
  }
  const domain = typeof values.domain === 'string' ? values.domain.trim().toLowerCase() : null;
  if (domain === null || !DOMAIN.test(domain)) {
    throw new OpsContextError(`mailDomain must be a domain name such as example.org, not ${JSON.stringify(values.domain)}; ${MAIL_HOW}.`);
  }
  if (missing(values.from)) throw new OpsContextError(`No mailFrom given: name the address verification codes come from, at ${domain}; ${MAIL_HOW}.`);
  const from = typeof values.from === 'string' ? values.from.trim().toLowerCase() : null;
  // ASCII only: Cognito's SES sender takes no internationalized local part.
  if (from === null || !isPlainEmail(from) || !/^[\x21-\x7e]+$/.test(from)) {
    throw new OpsContextError(`mailFrom must be one email address, not ${JSON.stringify(values.from)}; ${MAIL_HOW}.`);
  }
  if (from.slice(from.lastIndexOf('@') + 1) !== domain) {
    throw new OpsContextError(
      `mailFrom must be an address at mailDomain (${domain}), not ${JSON.stringify(values.from)}: SES sends only from the verified domain.`,
    );
  }
  return { domain, from, throughSes: mailThroughSesFromContext(values.throughSes) };
}

function mailThroughSesFromContext(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw new OpsContextError(
    `mailThroughSes must be true or false (-c mailThroughSes=true once SES shows the domain verified and production access is granted), not ${JSON.stringify(value)}.`,
  );
}
