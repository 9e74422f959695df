import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { callRaw, ok } from '../support/callable-client.ts';
import { rawRequest } from '../support/local-cloud-client.ts';
import { createMember, useLocalCloudData } from '../support/local-cloud-members.ts';
import { liveUrl, useLiveSockets } from '../support/live-sockets.ts';
import { PNG_1X1, postFile } from '../support/picture-uploads.ts';
import { picturesClient } from '../support/removal-community.ts';

/**
 * The local cloud on a laptop: a web page the developer visits must not reach
 * it. A page can point its own domain at 127.0.0.1 (DNS rebinding) and read the answers as its own
 * origin's, but its requests still name its domain in Host; and any page may open a WebSocket to
 * localhost, but the browser names the page in Origin. So the gateway answers only Hosts that are
 * localhost or loopback, and /live only the web app's origins (or a program, which sends none);
 * and the local S3 (s3rver behind a guard) serves only signed requests for localhost, as S3 serves
 * only signed ones.
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const openPage = useLiveSockets(endpoints);
const gateway = new URL(endpoints.apiUrl).origin;
const port = new URL(gateway).port;

/** The status a /live handshake gets with these headers: 101 when it is accepted. */
function handshakeStatus(url: string, options: { origin?: string; host?: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { origin: options.origin, headers: options.host ? { host: options.host } : {} });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      socket.terminate();
    });
    socket.on('open', () => {
      resolve(101);
      socket.close();
    });
    socket.on('error', reject);
  });
}

describe('the gateway answers requests for localhost only (DNS rebinding)', () => {
  const foreignHosts = [`rebound.example:${port}`, 'rebound.example', `localhost.rebound.example:${port}`, `127.0.0.1.rebound.example:${port}`];

  it('refuses /config.json, /api and /pictures for another Host with 403, and runs nothing', async () => {
    const member = await createMember(endpoints, 'rebound-api');
    for (const host of foreignHosts) {
      const config = await rawRequest(`${gateway}/config.json`, { headers: { host } });
      expect(config.status, host).toBe(403);
      expect(config.body).not.toContain('userPoolId');
      const api = await rawRequest(`${gateway}/api/getMe`, {
        method: 'POST',
        headers: { host, 'content-type': 'application/json', authorization: `Bearer ${member.accessToken}` },
        body: '{"data":{}}',
      });
      expect(api.status, host).toBe(403);
      expect(api.body).not.toContain(member.uid);
      expect((await rawRequest(`${gateway}/pictures/someone/abc.jpg`, { headers: { host } })).status, host).toBe(403);
    }
  });

  it('answers localhost and loopback hosts, with or without a port (Vite’s proxy keeps the browser’s localhost Host)', async () => {
    for (const host of [`localhost:${port}`, 'localhost', `127.0.0.1:${port}`, `127.1.2.3:${port}`, `[::1]:${port}`]) {
      const config = await rawRequest(`${gateway}/config.json`, { headers: { host } });
      expect(config.status, host).toBe(200);
      expect(JSON.parse(config.body)).toMatchObject({ stage: 'local', apiUrl: '/api' });
    }
    const member = await createMember(endpoints, 'loopback-api');
    const me = await callRaw(endpoints, 'getMe', { token: member.accessToken });
    expect(me).toMatchObject({ status: 200, body: { result: { uid: member.uid } } });
  });

  // Without a token: $connect would answer 401, so a 403 is the gateway's own refusal, before it.
  it('refuses a /live handshake for another Host with 403, before $connect', async () => {
    for (const host of foreignHosts) expect(await handshakeStatus(liveUrl(endpoints), { host }), host).toBe(403);
  });
});

describe('the live socket opens only for the web app’s pages', () => {
  it('refuses a handshake from another site’s page (its Origin) with 403, and from a sandboxed or file page (Origin: null)', async () => {
    for (const origin of ['https://evil.example', `http://rebound.example:${port}`, gateway, 'null']) {
      expect(await handshakeStatus(liveUrl(endpoints), { origin }), origin).toBe(403);
    }
  });

  it('accepts a program’s handshake, which names no Origin (the tests, the smoke check)', async () => {
    const member = await createMember(endpoints, 'no-origin');
    const page = await openPage(member.accessToken);
    expect(page.socket.readyState).toBe(WebSocket.OPEN);
  });
});

describe('the local S3 serves only signed requests for localhost', () => {
  const s3 = picturesClient(endpoints);
  const bucketUrl = `${endpoints.s3.endpoint}/${endpoints.s3.bucket}`;
  const exists = (key: string) =>
    s3.send(new HeadObjectCommand({ Bucket: endpoints.s3.bucket, Key: key })).then(
      () => true,
      () => false,
    );

  /** An export as the worker leaves it: what an unsigned request must not read. */
  async function storedExport(label: string): Promise<{ key: string; body: string }> {
    const key = `exports/${label}-${Date.now()}/private.zip`;
    const body = `the private export of ${label}`;
    await s3.send(new PutObjectCommand({ Bucket: endpoints.s3.bucket, Key: key, Body: body }));
    return { key, body };
  }

  it('refuses an unsigned read, listing, write and form upload (403, nothing read or written)', async () => {
    const { key, body } = await storedExport('unsigned');
    const read = await fetch(`${bucketUrl}/${key}`);
    expect(read.status).toBe(403);
    expect(await read.text()).not.toContain(body);
    const listing = await fetch(`${bucketUrl}?list-type=2`);
    expect(listing.status).toBe(403);
    expect(await listing.text()).not.toContain(key);

    const written = `exports/unsigned-${Date.now()}/planted.zip`;
    expect((await fetch(`${bucketUrl}/${written}`, { method: 'PUT', body: 'planted' })).status).toBe(403);
    const form = new FormData();
    form.append('key', written);
    form.append('file', new Blob(['planted'], { type: 'image/png' }), 'picture');
    expect((await fetch(bucketUrl, { method: 'POST', body: form })).status).toBe(403);
    expect(await exists(written)).toBe(false);
  });

  it('refuses a forged signature, a presigned URL bent to another key, and an expired one', async () => {
    const { key, body } = await storedExport('forged');
    const other = await storedExport('forged-other');
    const forged = await fetch(`${bucketUrl}/${key}`, {
      headers: {
        authorization: `AWS4-HMAC-SHA256 Credential=S3RVER/20260101/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${'a'.repeat(64)}`,
        'x-amz-date': new Date().toISOString().replace(/[-:]|\.\d{3}/g, ''),
        'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      },
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).not.toContain(body);

    const link = await getSignedUrl(s3, new GetObjectCommand({ Bucket: endpoints.s3.bucket, Key: key }), { expiresIn: 60 });
    const bent = await fetch(link.replace(key, other.key));
    expect(bent.status).toBe(403);
    expect(await bent.text()).not.toContain(other.body);

    const expired = await getSignedUrl(s3, new GetObjectCommand({ Bucket: endpoints.s3.bucket, Key: key }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 2 * 60_000),
    });
    expect((await fetch(expired)).status).toBe(403);
  });

  it('refuses another Host even with a valid presigned URL (DNS rebinding)', async () => {
    const { key, body } = await storedExport('rebound');
    const link = await getSignedUrl(s3, new GetObjectCommand({ Bucket: endpoints.s3.bucket, Key: key }), { expiresIn: 60 });
    const rebound = await rawRequest(link, { headers: { host: `rebound.example:${new URL(endpoints.s3.endpoint).port}` } });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain(body);
  });

  it('refuses a presigned upload whose key was changed, and writes nothing', async () => {
    const member = await createMember(endpoints, 's3-guard-bent-upload');
    const grant = await ok(endpoints, 'createProfilePictureUpload', { token: member.accessToken, data: { contentType: 'image/png' } });
    const elsewhere = `pictures/${member.uid}/planted.png`;
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...grant.fields, key: elsewhere })) form.append(name, value);
    form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'picture');
    expect((await fetch(grant.url, { method: 'POST', body: form })).status).toBe(403);
    expect(await exists(elsewhere)).toBe(false);
  });

  it('serves the honest uses: the SDK’s signed calls, a presigned download in its time, a presigned upload', async () => {
    const { key, body } = await storedExport('honest');
    const object = await s3.send(new GetObjectCommand({ Bucket: endpoints.s3.bucket, Key: key }));
    expect(await object.Body?.transformToString()).toBe(body);
    const link = await getSignedUrl(s3, new GetObjectCommand({ Bucket: endpoints.s3.bucket, Key: key }), { expiresIn: 60 });
    const download = await fetch(link);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(body);

    const member = await createMember(endpoints, 's3-guard-upload');
    const grant = await ok(endpoints, 'createProfilePictureUpload', { token: member.accessToken, data: { contentType: 'image/png' } });
    await postFile(grant, PNG_1X1, 'image/png');
    expect(await exists(grant.fields.key ?? '')).toBe(true);
    const confirmed = await ok(endpoints, 'confirmProfilePicture', { token: member.accessToken, data: {} });
    const served = await fetch(confirmed.profilePicture);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  });
});
