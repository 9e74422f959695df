/**
 * The live socket's routes (API Gateway WebSocket API): which module answers each. The same modules
 * run on AWS (lib/live-api.ts builds a Lambda per row) and locally (the gateway's /live calls them).
 * What each may touch is decided in lib/live-api.ts: their table grants are narrower than a
 * callable row can say (only the live connections' partitions, see keys.ts LIVE_KEY_PATTERNS).
 */
export const liveHandlers = {
  connect: { entry: 'live/connect.ts', routeKey: '$connect' },
  disconnect: { entry: 'live/disconnect.ts', routeKey: '$disconnect' },
  message: { entry: 'live/message.ts', routeKey: '$default' },
} as const;

export type LiveRoute = keyof typeof liveHandlers;
