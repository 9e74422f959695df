import * as z from 'zod';

/**
 * The runtime configuration the SPA fetches from `/config.json` the first time it needs it (sign-in,
 * a stored session, an API call). On AWS the stack writes it from its outputs next to the built
 * SPA; locally the gateway serves it.
 */
export const webConfigSchema = z.object({
  stage: z.enum(['local', 'dev', 'prod']),
  region: z.string(),
  /** Base URL of the callables, '/api' when served from the same origin as the SPA. */
  apiUrl: z.string(),
  /**
   * The live socket (lambdas/contracts/push.ts): `wss://{app domain}/live` on AWS (through CloudFront
   * and its web ACL), the local gateway's `ws://localhost:{port}/live` locally. A page opens it
   * with its access token in `Sec-WebSocket-Protocol` (liveProtocols), never in the URL.
   */
  liveUrl: z.string(),
  cognito: z.object({
    userPoolId: z.string(),
    userPoolClientId: z.string(),
    /** Only locally: cognito-local's URL. Absent on AWS (Amplify derives the regional endpoint). */
    endpoint: z.string().optional(),
  }),
});

export type WebConfig = z.infer<typeof webConfigSchema>;
