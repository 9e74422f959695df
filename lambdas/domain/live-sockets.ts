/**
 * How many live sockets one member may hold open: a tab each, and no one keeps ten tabs of
 * Anchored open. Each socket costs a registration, a push per change and a share of the stage
 * throttle, so one account must not open thousands. The 11th is refused at its
 * handshake (429) until a tab closes.
 */
export const LIVE_SOCKETS_PER_MEMBER = 10;
