import { ACCOUNT_MESSAGES } from '#contracts/account';
import { AppError } from '#domain/app-error';
import { cognitoEmailOf, emailHeldByAnother, setRecordEmail, getUser } from '#data/members';
import { defineCallable } from '#http/define-callable';
import { NO_RECORD_MESSAGE } from '#http/member-presence';

/**
 * The record follows Cognito, never the request: the address is the one Cognito holds, and a
 * changed one only once verified (the pool keeps the old one until the new one's code is entered),
 * so nobody can put on their record an address they cannot read mail at.
 */
export const handler = defineCallable('syncAccountEmail', async (_input, { caller }) => {
  const [account, record] = await Promise.all([cognitoEmailOf(caller.username), getUser(caller.uid)]);
  if (!record) throw new AppError('not-found', NO_RECORD_MESSAGE);
  // Nothing to follow: the record already says what Cognito says.
  if (account?.email === record.email) return { email: record.email };
  if (!account?.verified) throw new AppError('aborted', ACCOUNT_MESSAGES.emailNotVerified);
  if (await emailHeldByAnother(caller.uid, account.email)) throw new AppError('aborted', ACCOUNT_MESSAGES.emailTaken);
  if (!(await setRecordEmail(caller.uid, account.email))) throw new AppError('not-found', NO_RECORD_MESSAGE);
  return { email: account.email };
});
