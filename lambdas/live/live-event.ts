import type { APIGatewayEventWebsocketRequestContextV2, APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';

/**
 * What API Gateway hands a WebSocket route's Lambda (proxy integration). $connect also carries the
 * handshake's headers and query string; $default the frame's text in `body` (and a messageId);
 * $disconnect only the request context (connection id, close code), never what $connect learnt.
 * (@types/aws-lambda's type has a messageId on every route and no headers or identity.)
 */
export type LiveEvent = Omit<APIGatewayProxyWebsocketEventV2, 'requestContext'> & {
  headers?: Record<string, string | undefined>;
  requestContext: Omit<APIGatewayEventWebsocketRequestContextV2, 'messageId'> & {
    messageId?: string;
    identity?: { sourceIp: string; userAgent?: string };
    disconnectStatusCode?: number;
    disconnectReason?: string;
  };
};

/**
 * A route's answer. Only $connect's status is seen by anyone: a non-2xx one refuses the handshake
 * with that status. No route has a route response, so nothing a route answers reaches the socket.
 */
export type LiveResult = APIGatewayProxyResultV2;

export const ACCEPTED: LiveResult = { statusCode: 200 };
