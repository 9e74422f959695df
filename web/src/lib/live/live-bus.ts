import type { PushMessage } from '#contracts/push';

/**
 * The live connection's state, as the page needs it: `open` (changes arrive, so nothing polls),
 * `connecting` (the first attempt), `down` (lost, reconnecting) and `off` (not started, signed out,
 * or a deployment without a live endpoint). Anything but `open` means fallback polling.
 */
export type LiveStatus = 'off' | 'connecting' | 'open' | 'down';

export type LiveMessageType = PushMessage['type'];
export type LiveMessage<T extends LiveMessageType> = Extract<PushMessage, { type: T }>;

type Handler = (message: PushMessage) => void;

const handlers = new Map<LiveMessageType, Set<Handler>>();
const catchUpHandlers = new Set<() => void>();
const statusListeners = new Set<() => void>();
let status: LiveStatus = 'off';

/** Runs every handler even when one throws (a broken screen must not deafen the others). */
function each<T>(listeners: Iterable<T>, call: (listener: T) => void): void {
  for (const listener of [...listeners]) {
    try {
      call(listener);
    } catch (error) {
      console.error('A live handler failed', error);
    }
  }
}

/**
 * The one place the tab's live connection hands its news to the screens, and where the screens
 * subscribe (through the hooks in use-live.ts). Free of zod and Amplify: the app shell imports it.
 */
export const liveBus = {
  publish(message: PushMessage): void {
    each(handlers.get(message.type) ?? [], (handler) => handler(message));
  },
  subscribe<T extends LiveMessageType>(type: T, handler: (message: LiveMessage<T>) => void): () => void {
    const forType = handlers.get(type) ?? new Set<Handler>();
    handlers.set(type, forType);
    const listener = handler as Handler;
    forType.add(listener);
    return () => void forType.delete(listener);
  },
  /** Each time the socket opens, the first time too: a change pushed before it was registered reached nobody. */
  publishCatchUp(): void {
    each(catchUpHandlers, (handler) => handler());
  },
  subscribeCatchUp(handler: () => void): () => void {
    catchUpHandlers.add(handler);
    return () => void catchUpHandlers.delete(handler);
  },
  status(): LiveStatus {
    return status;
  },
  setStatus(next: LiveStatus): void {
    if (next === status) return;
    status = next;
    each(statusListeners, (listener) => listener());
  },
  subscribeStatus(listener: () => void): () => void {
    statusListeners.add(listener);
    return () => void statusListeners.delete(listener);
  },
};
