import { accountExists, markRemovalPending } from '#data/members';
import { listAllReservations, markAccountSeen, markLapsing, releaseReservation, type Reservation } from '#data/invites';
import { removeMember } from '#workflows/member-removal';
import { logger } from '#http/logger';
import { tracedHandler } from '#data/table';

/**
 * How long after PreSignUp admitted a sign-up its Cognito account must exist: Cognito creates it
 * within the same request, so an invite still held without one after this long belongs to a
 * sign-up that failed after the trigger (e.g. the email was taken) and comes back.
 */
export const SIGN_UP_GRACE_MS = 15 * 60 * 1000;

export interface LapseReport {
  /**
   * Held invites past their lapse time (23 hours after sign-up while the email is unverified, or the
   * hold was released by a code replacement; 7 days once verified): their unjoined accounts deleted,
   * the invites given back (a released hold's already was).
   */
  lapsed: number;
  /** Held invites whose sign-up never produced an account: given back. */
  reclaimed: number;
  /** Accounts that could not be deleted this run (the next run tries again). */
  failed: number;
}

/**
 * Deletes an account that did not join in time (its Cognito user, record, invite code and files,
 * as any removal does) and gives its invite back, last. Marked lapsing first, so it cannot join
 * halfway through; its record, if it made one, is marked as being removed, so its token is
 * refused from here on.
 */
async function lapse(reservation: Reservation, now: Date): Promise<boolean> {
  if (!(await markLapsing(reservation.username, now))) return false;
  await markRemovalPending([reservation.username], reservation.username);
  await removeMember(reservation.username, { stopIfOutOfTime: () => undefined });
  return true;
}

/**
 * The hourly job over every held invite (one partition, no scan): cost follows the invites held,
 * not the table. Each reservation's Cognito account is looked up once after the grace period.
 */
export async function lapseReservations(now: Date = new Date(), options: { select?: (reservation: Reservation) => boolean } = {}): Promise<LapseReport> {
  const report: LapseReport = { lapsed: 0, reclaimed: 0, failed: 0 };
  // `select`: integration tests share one table across files running side by side, so a run with a
  // clock moved 8 days ahead must touch only its own test's invites.
  for (const reservation of (await listAllReservations()).filter(options.select ?? (() => true))) {
    try {
      if (reservation.lapsesAt <= now.toISOString()) {
        if (await lapse(reservation, now)) report.lapsed++;
      } else if (!reservation.accountSeenAt && now.getTime() - Date.parse(reservation.reservedAt) >= SIGN_UP_GRACE_MS) {
        if (await accountExists(reservation.username)) await markAccountSeen(reservation.username, now);
        else if (await releaseReservation(reservation.username)) report.reclaimed++;
      }
    } catch (error) {
      report.failed++;
      logger.error('Could not lapse a held invite', { username: reservation.username, error: (error as Error).message });
    }
  }
  logger.info('Held invites checked', { ...report });
  return report;
}

export const handler = tracedHandler('job inviteLapses', { job: 'inviteLapses' }, lapseAndReport);

async function lapseAndReport(): Promise<LapseReport> {
  const report = await lapseReservations();
  // A failed account is retried next hour; failing the run makes it visible (dead-letter queue).
  if (report.failed > 0) throw new Error(`${report.failed} held invites could not be lapsed; the next run retries them`);
  return report;
}
