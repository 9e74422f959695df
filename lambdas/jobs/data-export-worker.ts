import * as z from 'zod';
import { deleteExportArchive, writeExportArchive, readExportContents, getExportJob, markExportFailed, markExportReady } from '#data/exports';
import { callerPresence } from '#data/members';
import { logger } from '#http/logger';
import { tracedHandler } from '#data/table';

const eventSchema = z.object({ uid: z.string().min(1).max(128), exportId: z.string().min(1).max(64) });

/**
 * The data export worker, invoked asynchronously by requestDataExport: reads everything of the
 * member, writes the zip to `exports/<uid>/<exportId>.zip` and marks the job ready. A stale event
 * (the job replaced, finished, or gone with its member) does nothing; so does a run for a member
 * whose removal has begun (the job is marked failed, though the member cannot read it). A zip
 * written while the member was being removed is deleted again: removal may have emptied
 * `exports/<uid>/` before it landed.
 */
export const handler = tracedHandler('job dataExportWorker', { job: 'dataExportWorker' }, buildExport);

async function buildExport(rawEvent: unknown): Promise<{ status: 'ready' | 'skipped' | 'refused' }> {
  const { uid, exportId } = eventSchema.parse(rawEvent);
  const job = await getExportJob(uid, true);
  if (!job || job.exportId !== exportId || job.status !== 'building') return { status: 'skipped' };

  const contents = await readExportContents(uid);
  if (!contents) {
    await markExportFailed(uid, exportId);
    return { status: 'refused' };
  }
  const sizeBytes = await writeExportArchive(uid, exportId, contents, new Date());
  const marked = await markExportReady(uid, exportId, sizeBytes, new Date());
  const presence = await callerPresence(uid);
  if (!marked || presence === 'gone' || presence === 'leaving') {
    await deleteExportArchive(uid, exportId);
    return { status: 'skipped' };
  }
  logger.info('Data export ready', { exportId, sizeBytes, pictures: contents.pictures.length });
  return { status: 'ready' };
}
