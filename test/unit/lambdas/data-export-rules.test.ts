import { describe, expect, it } from 'vitest';
import { describeJob, mayReplaceJob, STALLED_BUILD_MS, type ExportJob } from '../../../lambdas/domain/data-export.ts';

const now = new Date('2026-11-25T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const HOUR = 60 * 60_000;
const job = (overrides: Partial<ExportJob>): ExportJob => ({ exportId: 'x', status: 'building', requestedAt: ago(60_000), ...overrides });

describe('data export rules (one a day, by the job’s own request time)', () => {
  it('lets a first request, a failed one and a day-old one start a new export', () => {
    expect(mayReplaceJob(null, now)).toBe(true);
    expect(mayReplaceJob(job({ status: 'failed' }), now)).toBe(true);
    expect(mayReplaceJob(job({ status: 'ready', requestedAt: ago(24 * HOUR) }), now)).toBe(true);
  });

  it('holds back a double click, a repeat while it builds and a repeat the same day after it finished', () => {
    expect(mayReplaceJob(job({ requestedAt: ago(0) }), now)).toBe(false);
    expect(mayReplaceJob(job({ requestedAt: ago(STALLED_BUILD_MS - 1) }), now)).toBe(false);
    expect(mayReplaceJob(job({ status: 'ready', requestedAt: ago(23 * HOUR) }), now)).toBe(false);
  });

  it('treats a build that stalled for 30 minutes as failed: it may be asked for again', () => {
    const stalled = job({ requestedAt: ago(STALLED_BUILD_MS) });
    expect(mayReplaceJob(stalled, now)).toBe(true);
    expect(describeJob(stalled, now)).toMatchObject({ status: 'failed', nextExportAt: null });
  });

  it('says when a new export may be asked for and when the file goes, and nothing once the bucket deleted it', () => {
    const ready = job({ status: 'ready', requestedAt: ago(2 * HOUR), readyAt: ago(2 * HOUR - 5000), sizeBytes: 1234 });
    expect(describeJob(ready, now)).toEqual({
      status: 'ready',
      requestedAt: ready.requestedAt,
      readyAt: ready.readyAt,
      sizeBytes: 1234,
      nextExportAt: new Date(Date.parse(ready.requestedAt) + 24 * HOUR).toISOString(),
      fileExpiresAt: new Date(Date.parse(String(ready.readyAt)) + 7 * 24 * HOUR).toISOString(),
      downloadUrl: null,
      linkExpiresAt: null,
    });
    const expired = job({ status: 'ready', requestedAt: ago(8 * 24 * HOUR), readyAt: ago(8 * 24 * HOUR) });
    expect(describeJob(expired, now).status).toBe('none');
    expect(describeJob(null, now).status).toBe('none');
  });
});
