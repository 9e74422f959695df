import type { User } from '#contracts/user';
import { generateInviteCode } from '#domain/invite-code';
import { newUserRecord } from '#domain/new-user';
import { forEachMember, markFounder, createUser, getUser } from '#data/members';

/** What a founder's profile may carry beyond the record every member starts with (the local seed's demo profile). */
export type FounderProfile = Partial<Pick<User, 'profileCompleted' | 'profilePicture' | 'bio' | 'birthday' | 'location' | 'contactInfo'>>;

export interface FounderRecordOptions {
  uid: string;
  email: string;
  displayName: string;
  /** Called only when the record is created (the local seed uploads its picture here). */
  profile?: (uid: string) => Promise<FounderProfile>;
}

export interface FounderRecord {
  inviteCode: string;
  changes: string[];
}

/** A code collision is one in 32^8 per member; a few tries are plenty. */
const CODE_TRIES = 5;

/** The founder's three roles: what makes them the first admin and superuser, and keeps any removal off them. */
const ROLES = ['isFounder', 'isAdmin', 'isSuperuser'] as const;

/** The stage's founder, if it has one: one Scan of the member records (an index of them alone), cheap on day one. */
export async function findFounder(): Promise<{ uid: string; email: string } | null> {
  let found: { uid: string; email: string } | null = null;
  await forEachMember((member, roles) => {
    if (roles.isFounder) found ??= { uid: member.uid, email: member.email };
  });
  return found;
}

function founderRecord(options: FounderRecordOptions, inviteCode: string, profile: FounderProfile): User {
  const now = new Date();
  const base = newUserRecord({ uid: options.uid, email: options.email, displayName: options.displayName, inviteCode, invitedBy: null, now });
  // Admitted by the operator, email verified by them: no invite to use, nothing to confirm; verified
  // in person from the start, as the community's first voucher (no vouches, no lapse).
  const verified = { verificationLevel: 'verified', verifiedVia: 'founder', verifiedAt: now.toISOString() } as const;
  return { ...base, isVerified: true, ...verified, isSuperuser: true, isAdmin: true, isFounder: true, ...profile };
}

/**
 * The founder's member record through the data layer's own writes (the record and its invite code
 * in one transaction, as every sign-up stores them), or, when it exists, its three roles and its
 * verification in person set where one is missing. A second run finds everything in place and writes nothing: same record, same code.
 */
export async function ensureFounderRecord(options: FounderRecordOptions): Promise<FounderRecord> {
  const existing = await getUser(options.uid);
  if (existing) {
    const missing = ROLES.filter((role) => existing[role] !== true);
    const unverified = existing.verificationLevel !== 'verified' || existing.verifiedVia !== 'founder';
    if (missing.length > 0 || unverified) await markFounder(options.uid);
    const changes = [
      ...(missing.length > 0 ? [`set ${missing.join(' and ')} on the member record`] : []),
      ...(unverified ? ['verified the founder in person (verifiedVia founder)'] : []),
    ];
    return { inviteCode: existing.inviteSystem.inviteCode, changes };
  }

  const profile = (await options.profile?.(options.uid)) ?? {};
  for (let attempt = 1; attempt <= CODE_TRIES; attempt++) {
    const record = founderRecord(options, generateInviteCode(), profile);
    const outcome = await createUser(record);
    if (outcome.ok) return { inviteCode: record.inviteSystem.inviteCode, changes: ['created the member record and its invite code'] };
    // A run racing this one wrote the record first: it is the founder's, and so is its code.
    if (outcome.failed.includes('record')) return ensureFounderRecord(options);
  }
  throw new Error(`No free invite code after ${CODE_TRIES} tries`);
}
