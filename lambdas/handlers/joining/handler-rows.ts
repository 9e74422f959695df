import type { CallableName } from '#contracts/callables';
import { OBJECT_PREFIXES, PARTITIONS } from '#data/table';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** The US city-centre table (lambdas/data/places/us-places.ts reads it), copied beside these functions. */
const US_PLACES = ['data/places/us-places.txt'] as const;

/** Server rows of the joining callables (checking and using a code, the record, the profile set-up and its picture): handler module and least-privilege grants (see handler-row.ts). */
export const joiningHandlers = {
  // Anonymous: it reads the code, its owner's record and its per-client rate-limit counter, nothing
  // else, and writes only that counter, which every callable's own grant covers (lib/rate-limit-grant.ts).
  validateInviteCode: {
    entry: 'handlers/joining/validate-invite-code.ts',
    permissions: { table: 'read', tableReads: [PARTITIONS.inviteCode, PARTITIONS.member, PARTITIONS.rateCounters] },
    // Issues the sign-up ticket PreSignUp checks.
    needs: { secrets: ['signUpTicket'] },
    assets: US_PLACES,
  },
  useInviteCode: {
    entry: 'handlers/joining/use-invite-code.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.inviteCode, PARTITIONS.reservations] },
    assets: US_PLACES,
  },
  // table read: the caller's record must exist (lambdas/http/member-presence.ts).
  suggestCities: { entry: 'handlers/joining/suggest-cities.ts', permissions: { table: 'read' }, assets: US_PLACES },
  createUserRecord: {
    entry: 'handlers/joining/create-user-record.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member, PARTITIONS.inviteCode], userPoolActions: ['cognito-idp:AdminGetUser'] },
  },
  completeProfile: { entry: 'handlers/joining/complete-profile.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member] } },
  // readWrite: a presigned POST is signed with the role's s3:PutObject. table read: the caller's record must exist.
  createProfilePictureUpload: {
    entry: 'handlers/joining/create-profile-picture-upload.ts',
    permissions: { table: 'read', pictures: 'readWrite', pictureKeys: [OBJECT_PREFIXES.staged] },
  },
  // readWrite: reads the upload's head and first bytes, deletes a bad one.
  confirmProfilePicture: {
    entry: 'handlers/joining/confirm-profile-picture.ts',
    permissions: {
      table: 'readWrite',
      tableWrites: [PARTITIONS.member],
      pictures: 'readWrite',
      pictureKeys: [OBJECT_PREFIXES.staged, OBJECT_PREFIXES.served, OBJECT_PREFIXES.legacy],
    },
  },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
