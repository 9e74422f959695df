/** The spec's locally stored welcome flag: set when the tutorial is finished or skipped. */
const WELCOME_FLAG_KEY = 'hasSeenWelcome';

export function hasSeenWelcome(): boolean {
  try {
    return localStorage.getItem(WELCOME_FLAG_KEY) !== null;
  } catch {
    return false; // storage blocked: show the tutorial, which is harmless
  }
}

export function markWelcomeSeen(): void {
  try {
    localStorage.setItem(WELCOME_FLAG_KEY, 'true');
  } catch {
    // storage blocked: nothing to remember it in
  }
}
