import { describeJob } from '#domain/data-export';
import { dispatchDataExportWorker, getExportJob, markExportFailed, startExportJob } from '#data/exports';
import { defineCallable } from '#http/define-callable';
import { logger } from '#http/logger';

/**
 * One export a day, limited by the job's own request time: the job is put on a condition
 * (data-export-jobs.ts startExportJob), so of two clicks at once one starts it and the other, like
 * any repeat within the day, answers the job that exists. The presence check has already refused a
 * removed or leaving member.
 */
export const handler = defineCallable('requestDataExport', async (_input, { caller }) => {
  const now = new Date();
  const started = await startExportJob(caller.uid, now);
  if (!started) return { ...describeJob(await getExportJob(caller.uid, true), now), started: false };
  try {
    await dispatchDataExportWorker({ uid: caller.uid, exportId: started.exportId });
  } catch (error) {
    // Not handed over: say so now instead of a build that never ends, and let the member ask again.
    logger.error('Data export not handed to the worker', { error });
    await markExportFailed(caller.uid, started.exportId);
    return { ...describeJob({ ...started, status: 'failed' }, now), started: false };
  }
  return { ...describeJob(started, now), started: true };
});
