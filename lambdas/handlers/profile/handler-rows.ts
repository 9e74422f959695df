import type { CallableName } from '#contracts/callables';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** Server rows of the profile setup callables: handler module and least-privilege grants (see handler-row.ts). */
export const profileHandlers = {
  completeProfile: { entry: 'handlers/profile/complete-profile.ts', permissions: { table: 'readWrite', pictures: 'read' } },
  // readWrite: a presigned POST is signed with the role's s3:PutObject. table read: the caller's record must exist.
  createProfilePictureUpload: { entry: 'handlers/profile/create-profile-picture-upload.ts', permissions: { table: 'read', pictures: 'readWrite' } },
  // readWrite: reads the upload's head and first bytes, deletes a bad one.
  confirmProfilePicture: { entry: 'handlers/profile/confirm-profile-picture.ts', permissions: { table: 'readWrite', pictures: 'readWrite' } },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
