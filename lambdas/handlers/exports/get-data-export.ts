import { DATA_EXPORT_LINK_MINUTES } from '#contracts/exports';
import { describeJob } from '#domain/data-export';
import { exportDownloadUrl, getExportJob } from '#data/exports';
import { defineCallable } from '#http/define-callable';

const LINK_SECONDS = DATA_EXPORT_LINK_MINUTES * 60;

/** The member's export; a ready one with a fresh presigned link (signing is local: no request to S3). */
export const handler = defineCallable('getDataExport', async (_input, { caller }) => {
  const now = new Date();
  const job = await getExportJob(caller.uid);
  const view = describeJob(job, now);
  if (view.status !== 'ready' || !job) return view;
  return {
    ...view,
    downloadUrl: await exportDownloadUrl(caller.uid, job.exportId, LINK_SECONDS),
    linkExpiresAt: new Date(now.getTime() + LINK_SECONDS * 1000).toISOString(),
  };
});
