/**
 * Between step 2 and step 3 the new member's email and password are held here, in memory only, so
 * verifying the email can sign them straight in. A reload forgets the password (by design: it is
 * never written to storage); the email survives in the URL.
 */
let pending: { email: string; password: string } | undefined;

export function rememberPendingSignUp(email: string, password: string): void {
  pending = { email: email.trim(), password };
}

/** The password for this email, if it is still in memory. */
export function pendingPassword(email: string): string | undefined {
  return pending && pending.email.toLowerCase() === email.trim().toLowerCase() ? pending.password : undefined;
}

export function forgetPendingSignUp(): void {
  pending = undefined;
}
