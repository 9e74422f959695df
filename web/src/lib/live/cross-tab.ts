/**
 * Sign-out across the tabs of one browser. Amplify keeps the tokens in localStorage, which the tabs
 * share: once one tab signs out, the others hold a session whose tokens are gone, and their next
 * call fails ('Failed to post. Please try again.'). So the tab that signs out says so, and the
 * others sign out too and land on sign-in.
 *
 * BroadcastChannel carries it (every current browser has it); where it is missing, a storage event
 * does (a write to localStorage is seen by every other tab of the origin, never by the writer).
 */
export const SESSION_CHANNEL = 'anchored-session';
export const SIGNED_OUT_STORAGE_KEY = 'anchored.signedOutAt';

interface SessionNews {
  type: 'signed-out';
}

let channel: BroadcastChannel | undefined;

function hasBroadcastChannel(): boolean {
  return typeof BroadcastChannel === 'function';
}

/**
 * The tab's one channel, which both announces and listens: a BroadcastChannel never receives its
 * own messages, whereas every other channel of the name does, this tab's included. With a channel
 * of its own the listener would hear this tab's sign-out and send it to sign-in with "You signed
 * out in another tab." instead of where its sign-out goes.
 */
function sessionChannel(): BroadcastChannel {
  channel ??= new BroadcastChannel(SESSION_CHANNEL);
  return channel;
}

/** Tells this browser's other tabs that the member signed out here (this tab does not hear it). */
export function announceSignOut(): void {
  if (hasBroadcastChannel()) {
    sessionChannel().postMessage({ type: 'signed-out' } satisfies SessionNews);
    return;
  }
  try {
    localStorage.setItem(SIGNED_OUT_STORAGE_KEY, String(Date.now()));
  } catch {
    // storage blocked: the other tabs find out at their next call
  }
}

/** Calls `handler` when another tab of this browser signs out; returns the unsubscribe. */
export function onSignOutElsewhere(handler: () => void): () => void {
  if (hasBroadcastChannel()) {
    const shared = sessionChannel();
    const listener = (event: MessageEvent<SessionNews>) => {
      if (event.data?.type === 'signed-out') handler();
    };
    shared.addEventListener('message', listener);
    return () => shared.removeEventListener('message', listener);
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === SIGNED_OUT_STORAGE_KEY && event.newValue) handler();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
