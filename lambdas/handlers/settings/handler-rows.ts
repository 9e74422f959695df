import { OBJECT_PREFIXES, PARTITIONS } from '#data/table';
import type { CallableHandlerEntry } from '../../handler-row.ts';
import type { CallableName } from '#contracts/callables';

/** Server rows of the settings callables: handler module and least-privilege grants (see handler-row.ts). */
export const settingsHandlers = {
  updateProfile: { entry: 'handlers/settings/update-profile.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member] } },
  // pictures readWrite: photos whose audience shrinks are copied to new keys and the old ones deleted.
  updatePrivacy: {
    entry: 'handlers/settings/update-privacy.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member], pictures: 'readWrite', pictureKeys: [OBJECT_PREFIXES.served, OBJECT_PREFIXES.legacy] },
  },
  // table read: the cap is checked before an upload is granted; readWrite: the POST is signed with s3:PutObject.
  createPhotoUpload: {
    entry: 'handlers/settings/create-photo-upload.ts',
    permissions: { table: 'read', pictures: 'readWrite', pictureKeys: [OBJECT_PREFIXES.staged] },
  },
  // readWrite: reads the staged file, deletes a bad one, copies a good one; the counter and the list.
  confirmPhotoUpload: {
    entry: 'handlers/settings/confirm-photo-upload.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member], pictures: 'readWrite', pictureKeys: [OBJECT_PREFIXES.staged, OBJECT_PREFIXES.served] },
  },
  deletePhoto: {
    entry: 'handlers/settings/delete-photo.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member], pictures: 'readWrite', pictureKeys: [OBJECT_PREFIXES.served, OBJECT_PREFIXES.legacy] },
  },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
