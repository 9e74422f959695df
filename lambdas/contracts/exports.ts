import * as z from 'zod';

/** A new export may be asked for once a day: the job's own request time says when (lambdas/domain/data-export.ts). */
export const DATA_EXPORT_INTERVAL_HOURS = 24;
/** How long a download link works once getDataExport signs it. */
export const DATA_EXPORT_LINK_MINUTES = 15;
/** How long the bucket keeps an export (a lifecycle rule on exports/, lib/pictures-storage.ts). */
export const DATA_EXPORT_KEEP_DAYS = 7;

/** The sentences the server and Settings › Account share (the spec has none for this screen). */
export const DATA_EXPORT_MESSAGES = {
  building: 'We are preparing your data. This takes a minute or two; you can leave this page.',
  ready: 'Your data is ready.',
  failed: 'We could not prepare your data. Please try again.',
  requestFailed: 'Failed to request your data. Please try again.',
  loadFailed: 'Failed to load your data export. Please try again.',
} as const;

/**
 * A member's data export as both callables answer it. `none`: nothing asked for (or the last one
 * expired); `building`: the worker is on it; `ready`: a zip waits (getDataExport signs `downloadUrl`,
 * valid until `linkExpiresAt`; the file itself goes at `fileExpiresAt`); `failed`: ask again.
 */
export const dataExportSchema = z.object({
  status: z.enum(['none', 'building', 'ready', 'failed']),
  requestedAt: z.string().nullable(),
  readyAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** When a new export may be asked for (a request before then answers this one). */
  nextExportAt: z.string().nullable(),
  fileExpiresAt: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  linkExpiresAt: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const exportsCallables = {
  requestDataExport: {
    access: 'member',
    input: z.object({}).strict(),
    output: dataExportSchema.extend({ started: z.boolean() }),
    description: `Asks for a zip of everything of the caller: profile.json (their record without storage or internal attributes), posts.json, comments.json, likes.json (the posts they liked), anchors.json (accepted and pending, the other side by name only), invites.json (their code and the names of members they invited) and pictures/ (their profile picture and photos). Built in the background by the data export worker; getDataExport tells when it is ready. One export a day: the job's own request time is the limit, written on a condition, so a double click or any repeat within ${DATA_EXPORT_INTERVAL_HOURS} hours answers the existing export (\`started: false\`) and starts nothing; a failed export, or one whose build stalled for 30 minutes, may be asked for again at once. A removed member, or one whose removal or account deletion has begun, is refused 404 'User not found' (the presence check), and the worker builds nothing for them.`,
  },
  getDataExport: {
    access: 'member',
    readOnly: true,
    input: z.object({}).strict(),
    output: dataExportSchema,
    description: `The caller's data export: its status and, when ready, \`downloadUrl\`, a presigned GET of the zip that works for ${DATA_EXPORT_LINK_MINUTES} minutes (ask again for a fresh one); the bucket deletes the zip ${DATA_EXPORT_KEEP_DAYS} days after it was built, after which the status is \`none\`. A removed or leaving member is refused 404 'User not found'.`,
  },
} as const;
