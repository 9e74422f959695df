import { OBJECT_PREFIXES, PARTITIONS } from '#data/table';
import type { CallableHandlerEntry } from '../../handler-row.ts';
import type { CallableName } from '#contracts/callables';

/** Server rows of the data export callables: handler module and least-privilege grants (see handler-row.ts). */
export const exportsHandlers = {
  // readWrite: the export job only; the worker it hands the export to is a need (lib/background-worker.ts grants the invoke). No pictures.
  requestDataExport: {
    entry: 'handlers/exports/request-data-export.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member] },
    needs: { workers: ['dataExport'] },
  },
  // pictures read: a presigned GET works only as far as its signer may read the object.
  getDataExport: { entry: 'handlers/exports/get-data-export.ts', permissions: { table: 'read', pictures: 'read', pictureKeys: [OBJECT_PREFIXES.exports] } },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;

/** The data export worker (not a callable): reads the member's items and pictures, writes the zip and the job. */
export const exportsJobHandlers = {
  dataExportWorker: {
    entry: 'jobs/data-export-worker.ts',
    permissions: {
      table: 'readWrite',
      tableWrites: [PARTITIONS.member],
      pictures: 'readWrite',
      pictureKeys: [OBJECT_PREFIXES.served, OBJECT_PREFIXES.legacy, OBJECT_PREFIXES.exports],
    },
  },
} as const satisfies Record<string, CallableHandlerEntry>;
