import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../lambdas/contracts/account.ts';
import { accountErrorMessage } from '../../../web/src/lib/account-auth.ts';
import { ApiError } from '../../../web/src/lib/api-client.ts';
import { createQueryClient } from '../../../web/src/lib/query-client.ts';
import { needsAuthenticatorCode } from '../../../web/src/features/auth/components/totp-code-form.tsx';

function cognitoError(name: string, message = 'from Cognito'): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('account controls: Cognito refusals in the member’s words', () => {
  it.each([
    [cognitoError('NotAuthorizedException', 'Incorrect username or password.'), ACCOUNT_MESSAGES.incorrectPassword], // AWS: wrong current password
    [cognitoError('InvalidPasswordException', 'Invalid password'), ACCOUNT_MESSAGES.incorrectPassword], // cognito-local: wrong current password
    [cognitoError('InvalidPasswordException', 'Password does not conform to policy: Password not long enough'), ACCOUNT_MESSAGES.weakPassword],
    [cognitoError('AliasExistsException'), ACCOUNT_MESSAGES.emailTaken],
    [cognitoError('CodeMismatchException'), ACCOUNT_MESSAGES.wrongCode],
    [cognitoError('EnableSoftwareTokenMFAException'), ACCOUNT_MESSAGES.wrongCode],
    [cognitoError('NetworkError'), 'fallback'],
    ['not an error', 'fallback'],
  ])('%s', (error, message) => {
    expect(accountErrorMessage(error, 'fallback')).toBe(message);
  });

  it('the sign-in page asks for the app’s code only on Amplify’s TOTP step', () => {
    expect(needsAuthenticatorCode(Object.assign(new Error('step'), { step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }))).toBe(true);
    expect(needsAuthenticatorCode(Object.assign(new Error('step'), { step: 'CONFIRM_SIGN_UP' }))).toBe(false);
    expect(needsAuthenticatorCode(null)).toBe(false);
  });
});

describe('a call refused as unauthenticated (a sign-out everywhere elsewhere)', () => {
  it('makes the member’s record be read again (getMe then signs the tab out); other refusals and the record’s own do not', async () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const refuse = (status: 'unauthenticated' | 'permission-denied') => () => Promise.reject(new ApiError(status, 'refused', {}));

    await client
      .getMutationCache()
      .build(client, { mutationFn: refuse('permission-denied') })
      .execute(undefined)
      .catch(() => undefined);
    await client.fetchQuery({ queryKey: ['session', 'me', 'u1'], queryFn: refuse('unauthenticated'), retry: false }).catch(() => undefined);
    expect(invalidate).not.toHaveBeenCalled();

    await client
      .getMutationCache()
      .build(client, { mutationFn: refuse('unauthenticated') })
      .execute(undefined)
      .catch(() => undefined);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['session', 'me'] });
    invalidate.mockClear();
    await client.fetchQuery({ queryKey: ['feed'], queryFn: refuse('unauthenticated'), retry: false }).catch(() => undefined);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['session', 'me'] });
  });
});
