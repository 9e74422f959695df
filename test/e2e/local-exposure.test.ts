import { describe, expect, inject, it } from 'vitest';
import { rawRequest } from '../support/local-cloud-client.ts';

/**
 * The SPA's origin on the local cloud (Vite on the web port) against a DNS-rebinding page (issue
 * 27, item 10): Vite answers only localhost, `*.localhost` and IP addresses in Host (its
 * `server.allowedHosts` default, which web/vite.config.ts keeps), so a page on another domain
 * pointed at 127.0.0.1 reads neither the app nor what Vite proxies to the gateway (/config.json,
 * /api, /pictures). What Vite forwards keeps the browser's `Host: localhost:<web port>`, which
 * the gateway's own Host check accepts (test/integration/local-cloud-exposure.test.ts).
 */
const endpoints = inject('endpoints');
const web = new URL(endpoints.webUrl);

describe('the web dev server answers requests for localhost only', () => {
  it('refuses another Host on the app and on everything it proxies to the gateway', async () => {
    for (const path of ['/', '/config.json', '/pictures/someone/abc.png']) {
      const answer = await rawRequest(`${endpoints.webUrl}${path}`, { headers: { host: `rebound.example:${web.port}` } });
      expect(answer.status, path).toBe(403);
      expect(answer.body, path).not.toContain(endpoints.cognito.userPoolId);
    }
    const api = await rawRequest(`${endpoints.webUrl}/api/getMe`, {
      method: 'POST',
      headers: { host: `rebound.example:${web.port}`, 'content-type': 'application/json' },
      body: '{"data":{}}',
    });
    expect(api.status).toBe(403);
  });

  it('serves localhost and 127.0.0.1, and its proxy reaches the gateway with a Host the gateway accepts', async () => {
    for (const host of [web.host, `127.0.0.1:${web.port}`]) {
      const config = await rawRequest(`${endpoints.webUrl}/config.json`, { headers: { host } });
      expect(config.status, host).toBe(200);
      expect(JSON.parse(config.body)).toMatchObject({ stage: 'local', cognito: { userPoolId: endpoints.cognito.userPoolId } });
    }
  });
});
