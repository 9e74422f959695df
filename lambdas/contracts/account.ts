import * as z from 'zod';

/**
 * Account controls while signed in: the sentences the server and the Account screen
 * share. The spec has none for these screens; where it has a like sentence (registration's 'This
 * email is already registered…', sign-in's 'Incorrect password.', the password rules), these follow it.
 */
export const ACCOUNT_MESSAGES = {
  /** 401 for a token issued before the member signed out everywhere. */
  sessionEnded: 'You signed out everywhere. Please sign in again.',
  signedOutEverywhere: 'Signed out everywhere. Please sign in again.',
  signOutFailed: 'Failed to sign out everywhere. Please try again.',
  /** 409 from syncAccountEmail, and the screen's answer to Cognito's AliasExistsException. */
  emailTaken: 'This email is already registered to another account.',
  /** 409 from syncAccountEmail while the new address is not verified yet. */
  emailNotVerified: 'Please verify your new email address first: enter the code we sent to it.',
  emailUnchanged: 'This is already your email address.',
  emailCodeSent: 'We sent a verification code to the new address.',
  emailChanged: 'Email updated.',
  emailFailed: 'Failed to change your email. Please try again.',
  wrongCode: 'That code is not right. Please check it and try again.',
  incorrectPassword: 'Incorrect password.',
  weakPassword: 'Password is too weak. Please use a stronger password.',
  passwordChanged: 'Password changed.',
  passwordFailed: 'Failed to change your password. Please try again.',
  /** 403 from every admin callable on prod for an admin without an authenticator app. */
  adminMfaRequired: 'Admins must turn on two-step sign-in first: Settings › Account › Security.',
} as const;

export const accountCallables = {
  signOutEverywhere: {
    access: 'member',
    // An account still joining may end its other sessions too.
    presence: 'joining',
    input: z.object({}).strict(),
    output: z.object({ signedOut: z.literal(true) }),
    description:
      "Ends every session of the caller at once: writes the record's session epoch (the next whole second), after which every callable, getFeed and the live socket's $connect answer a token issued before it 401 'You signed out everywhere. Please sign in again.' (API Gateway's JWT authorizer still finds such a token valid for up to 15 minutes; the presence check refuses it). Then Cognito's global sign-out (AdminUserGlobalSignOut) revokes the refresh tokens, so no old session can refresh, and the table stream sends session.ended (reason signed-out) to the member's open pages. The calling browser signs out too. No budget beyond the request budget: each call only moves the epoch forward.",
  },
  syncAccountEmail: {
    access: 'member',
    input: z.object({}).strict(),
    output: z.object({ email: z.string() }),
    description:
      "After the member changed their email in Cognito (UpdateUserAttributes, then VerifyUserAttribute with the code sent to the new address), copies the verified address to their record and its email search keys. Reads it from Cognito (AdminGetUser), never from the request. 409 'Please verify your new email address first: enter the code we sent to it.' while Cognito's email is not verified; 409 'This email is already registered to another account.' when another member's record holds it. Answers the record's email (unchanged if it already matched).",
  },
} as const;
