import { ApiGatewayManagementApiClient, DeleteConnectionCommand, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { region, requiredEnv } from '#data/table';
import { tracedClient } from '#data/table';

/**
 * API Gateway's @connections management API: what sends to, and closes, a live socket. The endpoint
 * is the WebSocket stage's own URL (`https://{apiId}.execute-api.{region}.amazonaws.com/{stage}`);
 * locally the gateway serves the same API under a per-start secret path, so this very client works
 * against both.
 */
export const LIVE_MANAGEMENT_ENDPOINT_ENV = 'LIVE_MANAGEMENT_ENDPOINT';

let client: ApiGatewayManagementApiClient | undefined;

function management(): ApiGatewayManagementApiClient {
  client ??= tracedClient(
    new ApiGatewayManagementApiClient({
      region: region(),
      endpoint: requiredEnv(LIVE_MANAGEMENT_ENDPOINT_ENV),
      // A send answers in milliseconds; one that hangs must fail the push (its caller retries), not stall it.
      requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 },
    }),
  );
  return client;
}

/** 410 GoneException: API Gateway no longer knows the connection (closed, or never opened). */
function isGone(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'GoneException' || $metadata?.httpStatusCode === 410;
}

/** Sends one text frame to a connection: 'gone' when API Gateway no longer knows it; other errors throw. */
export async function postToConnection(connectionId: string, text: string): Promise<'sent' | 'gone'> {
  try {
    await management().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(text) }));
    return 'sent';
  } catch (error) {
    if (isGone(error)) return 'gone';
    throw error;
  }
}

/** Closes a connection (API Gateway then runs its $disconnect); one already gone is not an error. */
export async function deleteConnection(connectionId: string): Promise<'closed' | 'gone'> {
  try {
    await management().send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    return 'closed';
  } catch (error) {
    if (isGone(error)) return 'gone';
    throw error;
  }
}
