/** Amplify reports Cognito's exception name as the error's name. */
function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message.trim() : '';
}

/**
 * Registration messages (spec §8). A refused invite comes back from the PreSignUp trigger as
 * UserLambdaValidationException, whose message Cognito prefixes with "PreSignUp failed with error";
 * the member sees the trigger's own sentence.
 */
export function registerErrorMessage(error: unknown): string {
  switch (errorName(error)) {
    case 'UsernameExistsException':
      return 'This email is already registered. Please sign in instead.';
    case 'InvalidPasswordException':
      return 'Password is too weak. Please use a stronger password.';
    case 'UserLambdaValidationException':
      return stripTriggerPrefix(errorMessage(error)) || 'An error occurred. Please try again.';
    default:
      return errorMessage(error) || 'An error occurred. Please try again.';
  }
}

function stripTriggerPrefix(message: string): string {
  return message.replace(/^PreSignUp failed with error\s*/i, '').trim();
}

/**
 * Password-reset messages (spec §8). AWS answers an unknown address with UserNotFoundException (or,
 * with user-existence protection, pretends to succeed); cognito-local may also say
 * ResourceNotFoundException or InvalidParameterException for an address it has never seen.
 */
export function resetErrorMessage(error: unknown): string {
  switch (errorName(error)) {
    case 'UserNotFoundException':
    case 'ResourceNotFoundException':
      return 'No account found with this email address.';
    default:
      return 'Failed to send reset email. Please try again.';
  }
}

/** Entering an emailed code (verification or reset). */
export function codeErrorMessage(error: unknown): string {
  // cognito-local (the local cloud) lacks some calls, e.g. ResendConfirmationCode.
  if (/^Cognito Local unsupported feature/i.test(errorMessage(error))) {
    return 'Sending a new code is not available on this local setup. Use the code from the first email (see the local mailbox).';
  }
  switch (errorName(error)) {
    case 'CodeMismatchException':
      return 'That code is not correct. Check the email and try again.';
    case 'ExpiredCodeException':
      return 'That code has expired. Send a new one and try again.';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'Too many attempts. Please wait a few minutes and try again.';
    case 'UserNotFoundException':
      return 'No account found with this email address.';
    case 'InvalidPasswordException':
      return 'Password is too weak. Please use a stronger password.';
    case 'NotAuthorizedException':
      return 'This account is already verified. Please sign in.';
    default:
      return errorMessage(error) || 'An error occurred. Please try again.';
  }
}
