import { describe, expect, inject, it } from 'vitest';
import { INVITE_MESSAGES } from '../../lambdas/contracts/joining.ts';
import { loopbackAddress, rawRequest } from '../support/local-cloud-client.ts';
import { clientAddress, useLocalCloudData } from '../support/local-cloud-members.ts';
import { awayFromWindowEnd } from '../support/rate-windows.ts';

/**
 * The web dev server's proxy is the one client whose X-Forwarded-For the local gateway believes (it
 * sends the proxy secret of this start): behind it the gateway counts the browser's address, never
 * the proxy's own nor one the browser wrote itself. The mailbox is reachable through it too, with
 * its token, and only for localhost. (Requests come from addresses of 127.0.0.0/8, so each
 * "browser" is a client of its own, as fetch in Chromium could not choose.)
 */

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { INVITE_CHECK_LIMIT } = await import('../../lambdas/handlers/joining/validate-invite-code.ts');

function checkThroughWebServer(browser: string, inviteCode: string) {
  return rawRequest(`${endpoints.webUrl}/api/validateInviteCode`, {
    method: 'POST',
    from: browser,
    // What a page may set on its own requests: the proxy appends the address it saw after it.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ data: { inviteCode, userLocation: { city: 'Austin', state: 'Texas' } } }),
  });
}

describe("the web dev server's proxy in front of the local gateway", () => {
  it("counts the browser's address: forged X-Forwarded-For buys no fresh checks, and another browser keeps its own", { timeout: 90_000 }, async () => {
    await awayFromWindowEnd(INVITE_CHECK_LIMIT);
    const browser = loopbackAddress();
    for (let i = 0; i < INVITE_CHECK_LIMIT.maxHits; i++) expect((await checkThroughWebServer(browser, `ZZZZZZZ${'ABCDEFGHJK'[i]}`)).status).toBe(404);
    const refused = await checkThroughWebServer(browser, 'ZZZZZZZM');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { message: INVITE_MESSAGES.rateLimited } });
    // Not the proxy's own address either: another browser behind the same proxy is not held back.
    expect((await checkThroughWebServer(loopbackAddress(), 'ZZZZZZZM')).status).toBe(404);
  });

  it('serves the mailbox page at its tokened path, and nothing without the token', async () => {
    const token = new URL(endpoints.mailboxUrl).pathname.split('/')[3] ?? '';
    const page = await rawRequest(`${endpoints.webUrl}/local/mailbox/${token}/`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Local mailbox');
    expect((await rawRequest(`${endpoints.webUrl}/local/mailbox/messages`)).status).toBe(404);
    expect((await rawRequest(`${endpoints.webUrl}/local/mailbox/`)).status).toBe(404);
  });
});
