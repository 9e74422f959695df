/**
 * The invite code entered at step 1, kept in session storage (spec §4) until the first profile
 * save consumes it. Shared by the sign-up steps and profile setup, hence here and not in a feature.
 */
const INVITE_CODE_KEY = 'inviteCode';

export function storedInviteCode(): string | null {
  try {
    return sessionStorage.getItem(INVITE_CODE_KEY);
  } catch {
    return null;
  }
}

export function storeInviteCode(code: string): void {
  try {
    sessionStorage.setItem(INVITE_CODE_KEY, code);
  } catch {
    // storage blocked: the later steps will ask for the code again
  }
}

export function clearInviteCode(): void {
  try {
    sessionStorage.removeItem(INVITE_CODE_KEY);
  } catch {
    // nothing stored
  }
}
