import { describe, expect, it } from 'vitest';
import { ACCESS_LOG_COMMON_FIELDS } from '../../lib/access-logs.ts';
import { LIVE_STAGE_NAME } from '../../lib/live-api.ts';
import { resourcesOf, synth } from './synth.ts';

/**
 * The HTTP callables' and the live WebSocket's access logs: one JSON line each, written from one
 * format function (lib/access-logs.ts), so both start with the same request id, address and time and
 * a search across the two log groups reads the same fields. The exact lines are pinned: moving the
 * format must not change what is logged.
 */
describe('API access-log formats', () => {
  const { template } = synth({ stage: 'dev' });
  const formatOf = (stageName: string): Record<string, string> => {
    const stages = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Stage')).filter((s) => s.Properties?.StageName === stageName);
    expect(stages).toHaveLength(1);
    const settings = stages[0]?.Properties?.AccessLogSettings as { Format: string };
    return JSON.parse(settings.Format) as Record<string, string>;
  };

  it('the HTTP stage logs the common fields first, then the route, status, latency and caller', () => {
    const format = formatOf('$default');
    expect(Object.entries(format).slice(0, 3)).toEqual(Object.entries(ACCESS_LOG_COMMON_FIELDS));
    expect(format).toEqual({
      requestId: '$context.requestId',
      ip: '$context.identity.sourceIp',
      requestTime: '$context.requestTime',
      routeKey: '$context.routeKey',
      status: '$context.status',
      responseLength: '$context.responseLength',
      latency: '$context.responseLatency',
      integrationError: '$context.integrationErrorMessage',
      authorizerError: '$context.authorizer.error',
      sub: '$context.authorizer.claims.sub',
    });
  });

  it('the WebSocket stage logs the common fields first, then the event, route and connection', () => {
    const format = formatOf(LIVE_STAGE_NAME);
    expect(Object.entries(format).slice(0, 3)).toEqual(Object.entries(ACCESS_LOG_COMMON_FIELDS));
    expect(format).toEqual({
      requestId: '$context.requestId',
      ip: '$context.identity.sourceIp',
      requestTime: '$context.requestTime',
      eventType: '$context.eventType',
      routeKey: '$context.routeKey',
      connectionId: '$context.connectionId',
      status: '$context.status',
      integrationError: '$context.integrationErrorMessage',
      error: '$context.error.message',
    });
  });
});
