import { DATA_EXPORT_INTERVAL_HOURS, DATA_EXPORT_KEEP_DAYS, type DataExport } from '#contracts/exports';
import { FORMER_MEMBER_NAME } from '#contracts/notifications';
import type { VouchState } from '#contracts/vouching';
import { vouchStateOf, type RuleVouch } from './verification.ts';

const HOUR_MS = 60 * 60 * 1000;
export const DATA_EXPORT_INTERVAL_MS = DATA_EXPORT_INTERVAL_HOURS * HOUR_MS;
export const DATA_EXPORT_KEEP_MS = DATA_EXPORT_KEEP_DAYS * 24 * HOUR_MS;
/**
 * A build still 'building' this long after its request has died: the worker's runs (5 minutes
 * each, Lambda retrying a failed one twice after 1 and 2 minutes) are all over by then.
 */
export const STALLED_BUILD_MS = 30 * 60 * 1000;

/** The export job as stored (one per member, lambdas/data/exports/data-export-jobs.ts). */
export interface ExportJob {
  exportId: string;
  status: 'building' | 'ready' | 'failed';
  requestedAt: string;
  readyAt?: string;
  sizeBytes?: number;
}

/**
 * The request time before which an existing job no longer holds a new request back: the limit is
 * the job's own timestamp, so it needs no counter of its own. A failed job never holds one back;
 * a build holds one back until it stalls, a finished export for a day.
 */
export function newRequestCutoffs(now: Date): { finishedBefore: string; stalledBefore: string } {
  return {
    finishedBefore: new Date(now.getTime() - DATA_EXPORT_INTERVAL_MS).toISOString(),
    stalledBefore: new Date(now.getTime() - STALLED_BUILD_MS).toISOString(),
  };
}

/** Whether a new export may replace this job now (the same rule the job's conditional put states). */
export function mayReplaceJob(job: ExportJob | null, now: Date): boolean {
  if (!job || job.status === 'failed') return true;
  const { finishedBefore, stalledBefore } = newRequestCutoffs(now);
  if (job.requestedAt <= finishedBefore) return true;
  return job.status === 'building' && job.requestedAt <= stalledBefore;
}

/** What the member is told of a job, without a link (getDataExport adds it to a ready one). */
export function describeJob(job: ExportJob | null, now: Date): DataExport {
  const none: DataExport = {
    status: 'none',
    requestedAt: null,
    readyAt: null,
    sizeBytes: null,
    nextExportAt: null,
    fileExpiresAt: null,
    downloadUrl: null,
    linkExpiresAt: null,
  };
  if (!job) return none;
  const fileExpiresAt = job.readyAt ? new Date(Date.parse(job.readyAt) + DATA_EXPORT_KEEP_MS) : null;
  // The bucket has deleted the zip (or will have within a day: S3 expires objects lazily): nothing to offer.
  if (job.status === 'ready' && fileExpiresAt && fileExpiresAt <= now) return none;
  const stalled = job.status === 'building' && mayReplaceJob(job, now);
  return {
    ...none,
    status: stalled ? 'failed' : job.status,
    requestedAt: job.requestedAt,
    readyAt: job.readyAt ?? null,
    sizeBytes: job.sizeBytes ?? null,
    nextExportAt: mayReplaceJob(job, now) ? null : new Date(Date.parse(job.requestedAt) + DATA_EXPORT_INTERVAL_MS).toISOString(),
    fileExpiresAt: fileExpiresAt?.toISOString() ?? null,
  };
}

/** A vouch given or received as the member's export holds it: the other member by name only. */
export interface ExportedVouch {
  /** The other member's name now, or 'A former member' once their account is gone. */
  name: string;
  vouchedAt: string;
  lapsesAt: string;
  /** As the member's own list shows it: counting, lapsed, withdrawn or void. */
  state: VouchState;
  /** The voucher is the subject's inviter. */
  byInviter: boolean;
}

/** One stored vouch for the export, with the other member's current name (null: gone). */
export function exportedVouchOf(vouch: RuleVouch & { vouchedAt: string; byInviter: boolean }, otherName: string | null, now: Date): ExportedVouch {
  return {
    name: otherName ?? FORMER_MEMBER_NAME,
    vouchedAt: vouch.vouchedAt,
    lapsesAt: vouch.lapsesAt,
    state: vouchStateOf(vouch, now),
    byInviter: vouch.byInviter,
  };
}
