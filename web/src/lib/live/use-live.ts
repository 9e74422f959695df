import { useEffect, useRef, useSyncExternalStore } from 'react';
import { type LiveMessage, type LiveMessageType, type LiveStatus, liveBus } from './live-bus.ts';

/**
 * Calls `handler` with each live message of `type` while the calling component is mounted (so a
 * screen reacts only to what it shows). The latest handler is used; it need not be memoised.
 */
export function useLiveMessages<T extends LiveMessageType>(type: T, handler: (message: LiveMessage<T>) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => liveBus.subscribe(type, (message) => latest.current(message)), [type]);
}

/**
 * Calls `handler` each time the live connection opens, the first time too: the screen reads again,
 * once, what it may have missed (a change made before the server registered the socket, or while it
 * was down, was pushed to nobody).
 */
export function useLiveCatchUp(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => liveBus.subscribeCatchUp(() => latest.current()), []);
}

/** The live connection's status (re-renders when it changes). */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveBus.subscribeStatus, liveBus.status, liveBus.status);
}
