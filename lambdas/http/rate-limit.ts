import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { CallableName } from '#contracts/callables';
import { ABUSE_LIMITS, ABUSE_MESSAGES, CALLABLE_ACTION_LIMITS, rateWindowOf, type AbuseLimitName, type HandlerBudget } from '#domain/abuse-limits';
import { AppError } from '#domain/app-error';
import { LIFT_BUDGETS_ENV, budgetsLifted } from '#domain/budget-lift';
import { functionEnvOf, takeRateLimitedHit } from '#data/table';
import type { Caller } from './caller.ts';
import { budgetAddressOf, clientAddressOf } from './client-address.ts';
import { logger } from './logger.ts';

/**
 * Whom a budget counts: the member when signed in, else the client address (an IPv6 address by its
 * /64, see budgetAddressOf), as a digest: the counters never hold a member's id or an address in
 * clear (a removed member leaves nothing naming them; the counter itself expires with its window).
 */
export function budgetSubject(caller: Pick<Caller, 'uid'> | null, clientAddress: string): string {
  const subject = caller ? `member#${caller.uid}` : `client#${budgetAddressOf(clientAddress)}`;
  return createHash('sha256').update(subject).digest('base64url');
}

function subjectOf(caller: Caller | null, event: APIGatewayProxyEventV2WithJWTAuthorizer): string {
  return budgetSubject(caller, clientAddressOf(event));
}

/**
 * Fails open: when the counter cannot be written (DynamoDB throttled or unreachable), the call
 * goes on, logged. A budget guards against floods, which the stage throttling still walls; it must
 * not turn a backend hiccup into an outage of every callable.
 */
async function spend(limit: AbuseLimitName, subject: string, now: Date): Promise<void> {
  let hit: Awaited<ReturnType<typeof takeRateLimitedHit>>;
  try {
    hit = await takeRateLimitedHit(ABUSE_LIMITS[limit], subject, now);
  } catch (error) {
    logger.warn('Rate counter unavailable; budget not counted', { limit, error: (error as Error).message });
    return;
  }
  if (!hit.allowed) {
    // Counted as everywhere, refused nowhere: only the local cloud started with budgets: 'lifted'.
    if (budgetsLifted(functionEnvOf('STAGE', LIFT_BUDGETS_ENV))) return;
    throw new AppError('resource-exhausted', ABUSE_MESSAGES[limit], undefined, { retryAfterSeconds: hit.retryAfterSeconds });
  }
}

/**
 * What this warm function has seen of each subject in the current request window: every call it
 * served, reads and writes. Read-only callables are counted here only, so a read costs no DynamoDB
 * write; on AWS each function instance sees its own share (locally the gateway is one process and
 * sees all), and the stage throttle and the WAF's rate rule wall the rest.
 */
const instanceTallies = new Map<string, number>();
/** Old windows' tallies are dropped wholesale past this many subjects (a warm function's memory). */
const MAX_TALLIES = 10_000;

function tallyInInstance(subject: string, now: Date): { hits: number; retryAfterSeconds: number } {
  const window = rateWindowOf(ABUSE_LIMITS.requests, now);
  const key = `${subject}|${window.start}`;
  if (!instanceTallies.has(key) && instanceTallies.size >= MAX_TALLIES) instanceTallies.clear();
  const hits = (instanceTallies.get(key) ?? 0) + 1;
  instanceTallies.set(key, hits);
  return { hits, retryAfterSeconds: window.end - Math.floor(now.getTime() / 1000) };
}

/**
 * Every call spends one of the subject's requests (300 / 5 min), counted once the caller is known
 * and before the body is read, so malformed floods count too. A call that may write is counted
 * atomically in DynamoDB (one conditional ADD, across every function); a read-only one (contract
 * `readOnly`) only by this warm function. Both count in the function's own tally, which refuses
 * past the budget too. Refused: 429 with Retry-After.
 */
export async function spendRequestBudget(
  caller: Caller | null,
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  now = new Date(),
  { readOnly = false } = {},
): Promise<void> {
  const subject = subjectOf(caller, event);
  const seen = tallyInInstance(subject, now);
  if (seen.hits > ABUSE_LIMITS.requests.maxHits && !budgetsLifted(functionEnvOf('STAGE', LIFT_BUDGETS_ENV))) {
    throw new AppError('resource-exhausted', ABUSE_MESSAGES.requests, undefined, { retryAfterSeconds: seen.retryAfterSeconds });
  }
  if (!readOnly) await spend('requests', subject, now);
}

/**
 * A budget the handler spends itself, for part of what its call does (a rename, not every profile
 * save): the same counter and refusal as an action budget, for the same subject.
 */
export async function spendHandlerBudget(limit: HandlerBudget, caller: Caller, clientAddress: string, now = new Date()): Promise<void> {
  await spend(limit, budgetSubject(caller, clientAddress), now);
}

/**
 * Posting, commenting and uploads also spend their own budget (30 / 30 min…), counted only for a
 * well-formed request: a typo the member corrects does not cost a post.
 */
export async function spendActionBudget(
  name: CallableName,
  caller: Caller | null,
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  now = new Date(),
): Promise<void> {
  const limit = CALLABLE_ACTION_LIMITS[name];
  if (limit) await spend(limit, subjectOf(caller, event), now);
}
