import { sanitizeDisplayName } from '#contracts/profile';
import { AppError } from '#domain/app-error';
import { generateInviteCode, isWellFormedInviteCode, normalizeInviteCode } from '#domain/invite-code';
import { newUserRecord } from '#domain/new-user';
import { getAccount, getOwnRecord, createUser } from '#data/members';
import { countProductEvent } from '#data/table';
import { ADMIN_GROUP } from '#http/caller';
import { defineCallable } from '#http/define-callable';
import { ACCOUNT_GONE_MESSAGE } from '#http/member-presence';
import { presentUser } from '#presenters/present-user';

/** A fresh 8-character code collides with an existing one about once in 10^11; retry a few times. */
const MAX_CODE_ATTEMPTS = 5;

/**
 * The member's record, created once per account from what Cognito knows (email, the `name` given
 * at sign-up, the invite code it signed up with). Idempotent: an existing record is returned.
 */
export const handler = defineCallable('createUserRecord', async (_input, { caller }) => {
  const existing = await getOwnRecord(caller.uid);
  // A member being removed gets what a removed member gets (their account is about to go): the
  // SPA signs them out, where answering their record would let it in over getMe's 404.
  if (existing?.leaving) throw new AppError('unauthenticated', ACCOUNT_GONE_MESSAGE);
  if (existing) return presentUser(existing.user);

  const account = await getAccount(caller.username);
  // A removed member's token outlives their account: never recreate a record for it.
  if (!account) throw new AppError('unauthenticated', ACCOUNT_GONE_MESSAGE);
  if (!account.confirmed) throw new AppError('permission-denied', 'Please verify your email before signing in.');
  const pendingCode = account.inviteCode ? normalizeInviteCode(account.inviteCode) : null;

  for (let attempt = 1; attempt <= MAX_CODE_ATTEMPTS; attempt++) {
    const record = {
      ...newUserRecord({
        uid: caller.uid,
        email: account.email,
        // PreSignUp held the name to the settings rule; an account made otherwise is brought to it.
        displayName: sanitizeDisplayName(account.name) || sanitizeDisplayName(account.email.split('@')[0] ?? '') || 'Member',
        inviteCode: generateInviteCode(),
        invitedBy: null,
        pendingInviteCode: pendingCode && isWellFormedInviteCode(pendingCode) ? pendingCode : null,
        now: new Date(),
      }),
      // Cognito confirmed the email: tokens are issued only to confirmed accounts.
      isVerified: true,
      isAdmin: caller.groups.includes(ADMIN_GROUP),
    };
    const created = await createUser(record);
    if (created.ok) {
      countProductEvent('signUp');
      return presentUser(record);
    }
    // A concurrent call created the record first: that one is the record.
    const raced = created.failed.includes('record') ? await getOwnRecord(caller.uid) : null;
    if (raced) return presentUser(raced.user);
    // Otherwise the fresh invite code was taken: draw another.
  }
  throw new AppError('aborted', 'Could not create your account record. Please try again.');
});
