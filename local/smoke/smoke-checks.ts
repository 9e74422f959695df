import WebSocket from 'ws';
import { liveProtocols } from '#contracts/push';
import { webConfigSchema, type WebConfig } from '#contracts/web-config';
import { signIn } from './cognito-sign-in.ts';
import type { SmokeArguments } from './smoke-arguments.ts';

export type CheckStatus = 'ok' | 'failed' | 'skipped';

export interface CheckResult {
  name: string;
  status: CheckStatus;
  /** What was seen (ok) or why it failed; never a token or a password. */
  detail: string;
}

const TIMEOUT_MS = 15_000;

async function get(url: URL): Promise<Response> {
  return fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
}

/** One callable through the public protocol: POST {apiUrl}/{name} with {"data": …}. */
async function callable(apiUrl: URL, name: string, data: unknown, token?: string): Promise<unknown> {
  const response = await fetch(new URL(`${apiUrl.pathname.replace(/\/$/, '')}/${name}`, apiUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ data }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => null)) as { result?: unknown; error?: { status?: string; message?: string } } | null;
  if (response.status !== 200 || !body || !('result' in body)) {
    const error = body?.error;
    throw new Error(`${response.status}${error ? ` ${String(error.status)}: ${String(error.message)}` : ', not a callable answer'}`);
  }
  return body.result;
}

async function landingPage(url: URL): Promise<string> {
  const response = await get(url);
  const type = response.headers.get('content-type') ?? '';
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${response.status} instead of 200`);
  if (!type.includes('text/html')) throw new Error(`content-type ${type || 'missing'}, not HTML`);
  // The SPA's mount point and its module script: what CloudFront serves is the built app, not an error page.
  if (!html.includes('id="root"') || !/<script type="module"[^>]*src=/.test(html)) throw new Error('HTML without the app (no #root and module script)');
  return `200, ${(html.length / 1024).toFixed(1)} KB of HTML with the app`;
}

async function webConfig(url: URL): Promise<WebConfig> {
  const response = await get(new URL('/config.json', url));
  if (response.status !== 200) throw new Error(`${response.status} instead of 200`);
  const parsed = webConfigSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error('not the stack-written config (apiUrl, liveUrl, cognito)');
  return parsed.data;
}

/** The live socket accepts the member's token: opens, takes a ping, closes cleanly. */
function openPush(liveUrl: string, token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const url = new URL(liveUrl);
    // The token in Sec-WebSocket-Protocol, as the app sends it (never in the URL).
    const socket = new WebSocket(url, liveProtocols(token));
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`not open within ${TIMEOUT_MS / 1000} s`));
    }, TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    socket.on('unexpected-response', (_request, response) => fail(new Error(`refused at the handshake with ${response.statusCode}`)));
    socket.on('error', fail);
    socket.on('open', () => {
      clearTimeout(timer);
      socket.send(JSON.stringify({ action: 'ping' }));
      socket.close(1000);
      resolve(`open at ${url.origin}${url.pathname}, ping sent`);
    });
  });
}

interface Me {
  uid: string;
  displayName: string;
  isAdmin?: boolean;
  isFounder?: boolean;
  inviteSystem: { inviteCode: string };
}

/**
 * The end-to-end checks of a stage through its public contracts, in order; a check whose input an
 * earlier one failed to give is skipped (and counts as a failure). `report` hears each as it ends.
 */
export async function runSmokeChecks(args: SmokeArguments, report: (result: CheckResult) => void): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  async function check<T>(name: string, ready: boolean, run: () => Promise<{ value: T; detail: string }>): Promise<T | undefined> {
    let result: CheckResult;
    let value: T | undefined;
    if (!ready) result = { name, status: 'skipped', detail: 'an earlier check failed' };
    else {
      try {
        const done = await run();
        value = done.value;
        result = { name, status: 'ok', detail: done.detail };
      } catch (error) {
        result = { name, status: 'failed', detail: (error as Error).message };
      }
    }
    results.push(result);
    report(result);
    return value;
  }

  await check('landing page', true, async () => ({ value: true, detail: await landingPage(args.url) }));
  const config = await check('config.json', true, async () => {
    const value = await webConfig(args.url);
    return { value, detail: `stage ${value.stage}, region ${value.region}` };
  });
  const apiUrl = config && new URL(config.apiUrl, args.url);
  const token = await check('sign-in', Boolean(config), async () => {
    if (!config) throw new Error('no config');
    const value = await signIn(
      { endpoint: config.cognito.endpoint, region: config.region, userPoolClientId: config.cognito.userPoolClientId },
      args.email,
      args.password,
      args.totpSecret,
    );
    return { value, detail: `${args.email} has an access token` };
  });
  const me = await check('getMe', Boolean(apiUrl && token), async () => {
    const value = (await callable(apiUrl as URL, 'getMe', {}, token)) as Me;
    if (!value?.uid || !value.inviteSystem?.inviteCode) throw new Error('200 without a member record');
    const roles = [value.isFounder && 'founder', value.isAdmin && 'admin'].filter(Boolean).join(', ');
    return { value, detail: `${value.displayName}${roles ? ` (${roles})` : ''}` };
  });
  // validateInviteCode, the public callable: no token. A known code spends no one's guessing budget.
  await check('public callable validateInviteCode', Boolean(apiUrl && me), async () => {
    const value = (await callable(apiUrl as URL, 'validateInviteCode', {
      inviteCode: me?.inviteSystem.inviteCode,
      userLocation: { city: 'Unknown', state: 'Unknown' },
    })) as {
      inviterName?: string;
      signUpTicket?: string;
    };
    if (!value?.signUpTicket) throw new Error('200 without a sign-up ticket');
    return { value: true, detail: `the founder's code is valid without a token (inviter ${String(value.inviterName)})` };
  });
  await check('push connection', Boolean(config && token), async () => ({ value: true, detail: await openPush(config?.liveUrl ?? '', token ?? '') }));
  return results;
}
