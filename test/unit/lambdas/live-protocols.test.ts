import { describe, expect, it } from 'vitest';
import { accessTokenOfProtocols, LIVE_PROTOCOL, liveProtocols } from '../../../lambdas/contracts/push.ts';

/** The live socket's token rides in Sec-WebSocket-Protocol beside LIVE_PROTOCOL, never in the URL. */
describe('the access token in Sec-WebSocket-Protocol', () => {
  const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhIn0.c2lnbmF0dXJl-_';

  it('reads the token of what a page offers, as the browser joins the offers in one header', () => {
    expect(accessTokenOfProtocols(liveProtocols(jwt).join(', '))).toBe(jwt);
    expect(accessTokenOfProtocols(liveProtocols(jwt).toReversed().join(','))).toBe(jwt);
  });

  it('offers only names a subprotocol may hold (an HTTP token): a JWT fits as it is', () => {
    for (const offer of liveProtocols(jwt)) expect(offer).toMatch(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/);
  });

  it('finds no token without the live subprotocol, without a token, with two, or with an empty one', () => {
    expect(accessTokenOfProtocols(undefined)).toBeUndefined();
    expect(accessTokenOfProtocols('')).toBeUndefined();
    expect(accessTokenOfProtocols(`token.${jwt}`)).toBeUndefined();
    expect(accessTokenOfProtocols(LIVE_PROTOCOL)).toBeUndefined();
    expect(accessTokenOfProtocols(`${LIVE_PROTOCOL}, token.${jwt}, token.${jwt}`)).toBeUndefined();
    expect(accessTokenOfProtocols(`${LIVE_PROTOCOL}, token.`)).toBeUndefined();
  });
});
