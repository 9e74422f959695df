import type { User } from '#contracts/user';
import type { Vouch } from '#contracts/vouching';
import { vouchStateOf } from '#domain/verification';
import type { StoredVouch } from '#data/vouching';
import { memberSummary } from './present-member.ts';

/** What a vouch's party shows once their account is gone. */
export const FORMER_MEMBER_NAME = 'A former member';

function partyOf(uid: string, users: ReadonlyMap<string, User>): Vouch['voucher'] {
  const user = users.get(uid);
  if (!user) return { uid, displayName: FORMER_MEMBER_NAME, profilePicture: '', verifiedInPerson: false, removed: true };
  return { ...memberSummary(user), removed: false };
}

/** A vouch as one of its two members sees it. */
export function presentVouch(vouch: StoredVouch, users: ReadonlyMap<string, User>, now: Date): Vouch {
  return {
    voucher: partyOf(vouch.voucherUid, users),
    subject: partyOf(vouch.subjectUid, users),
    vouchedAt: vouch.vouchedAt,
    lapsesAt: vouch.lapsesAt,
    state: vouchStateOf(vouch, now),
    byInviter: vouch.byInviter,
  };
}
