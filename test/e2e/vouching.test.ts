import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { VOUCH_MESSAGES, vouchStatementOf } from '../../lambdas/contracts/vouching.ts';
import { seriousAxeFindingsAtBothWidths } from '../support/axe.ts';
import { DESKTOP, launchChromium, signInThroughUi, useBrowserContexts } from '../support/browser.ts';
import { ok } from '../support/callable-client.ts';
import { fakeCameraArgs, type GreyImage, writeFakeCameraVideo } from '../support/fake-camera.ts';
import { signIn } from '../support/local-cloud-client.ts';
import { createMember, MEMBER_PASSWORD, type TestMember, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * Vouching in person through real Chromium. A (pending) opens Get verified and shows a code; B
 * (verified) scans it with a camera: Chromium's fake camera films a video of the very QR code A's
 * page drew, written before B's browser starts (the file is fixed then). A's page shows the vouch
 * and a fresh code at once; C (verified) types that code's six characters; A's page says A is
 * verified in person, without a reload. Both pages are audited with axe at 1366 and 390 px.
 */

const endpoints = inject('endpoints');
const founder = inject('founder');
const newContext = useBrowserContexts(endpoints.webUrl);
const SUBJECT = 'Ava Pending';

let cameraBrowser: Browser | undefined;
let videoDir: string | undefined;
afterAll(async () => {
  await cameraBrowser?.close();
  if (videoDir) await rm(videoDir, { recursive: true, force: true });
});

/** A member of Austin with a completed profile; `verified`: an admin verified them, as a new community's first vouchers are. */
async function member(label: string, displayName: string, verified: boolean): Promise<TestMember> {
  const created = await createMember(endpoints, label, { displayName, location: { city: 'Austin', state: 'Texas' }, extra: { profileCompleted: true } });
  if (verified) {
    const admin = await signIn(endpoints, founder.email, founder.password);
    await ok(endpoints, 'verifyMember', { token: admin.accessToken, data: { userId: created.uid, reason: 'Known to the founder' } });
  }
  return created;
}

/** The QR code A's page shows, as drawn (its SVG rasterised in the page, 8 px a module): what a camera pointed at it sees. */
async function qrPictureOn(page: Page): Promise<GreyImage> {
  await page.getByTestId('vouch-qr').waitFor();
  const { size, grey } = (await page.evaluate(`(async () => {
    const svg = document.querySelector('[data-testid="vouch-qr"]');
    const size = svg.viewBox.baseVal.width * 8;
    const image = new Image();
    image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(new XMLSerializer().serializeToString(svg));
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0, size, size);
    const rgba = context.getImageData(0, 0, size, size).data;
    return { size, grey: Array.from({ length: size * size }, (_, index) => rgba[index * 4]) };
  })()`)) as { size: number; grey: number[] };
  return { width: size, height: size, pixels: Uint8Array.from(grey) };
}

/** axe on the page as it is, at both widths; what it finds is kept under the screen's name. */
async function axeAtBothWidths(page: Page, findings: Record<string, string[]>, name: string): Promise<void> {
  for (const [width, found] of Object.entries(await seriousAxeFindingsAtBothWidths(page))) findings[`${name} at ${width}`] = found;
}

describe('vouching in person', () => {
  it('A shows a code; B scans it through the camera; C types the fallback; A sees "Verified in person" live', { timeout: 180_000 }, async () => {
    useLocalCloudData(endpoints);
    const [ava, ben, cy] = await Promise.all([member('ava', SUBJECT, false), member('ben', 'Ben Verified', true), member('cy', 'Cy Verified', true)]);
    const axeFindings: Record<string, string[]> = {};

    // C signs in first, so the typed code's minute is not spent signing in.
    const cyContext = await newContext(DESKTOP);
    const cyPage = await cyContext.newPage();
    cyPage.setDefaultTimeout(20_000);
    await signInThroughUi(cyPage, cy.email, MEMBER_PASSWORD);

    const avaContext = await newContext(DESKTOP);
    const avaPage = await avaContext.newPage();
    avaPage.setDefaultTimeout(20_000);
    await signInThroughUi(avaPage, ava.email, MEMBER_PASSWORD);

    // A pending member may not vouch: the page says why instead of offering the camera.
    await avaPage.goto('/vouch');
    await avaPage.getByTestId('cannot-vouch').filter({ hasText: VOUCH_MESSAGES.voucherNotVerified }).waitFor();
    expect(await avaPage.getByRole('button', { name: 'Scan their code' }).count()).toBe(0);
    await axeAtBothWidths(avaPage, axeFindings, '/vouch (not verified)');

    // A shows a code: a fresh one, good for its whole minute.
    await avaPage.goto('/verify');
    const status = avaPage.getByTestId('verification-status');
    await status.filter({ hasText: 'Not yet verified in person: 0 of 2 vouches so far.' }).waitFor();
    await avaPage.getByTestId('vouch-qr').waitFor();
    const firstCode = (await avaPage.getByTestId('vouch-code').textContent()) ?? '';
    expect(firstCode).toMatch(/^[A-Z2-9]{6}$/);

    // The camera films that QR code: the video is written before B's browser starts.
    videoDir = await mkdtemp(join(tmpdir(), 'vouch-camera-'));
    const video = join(videoDir, 'ava-code.y4m');
    await writeFakeCameraVideo(video, await qrPictureOn(avaPage));
    cameraBrowser = await launchChromium(fakeCameraArgs(video));
    const benContext = await cameraBrowser.newContext({ baseURL: endpoints.webUrl, viewport: DESKTOP });
    await benContext.grantPermissions(['camera'], { origin: endpoints.webUrl });
    const benPage = await benContext.newPage();
    benPage.setDefaultTimeout(20_000);
    await signInThroughUi(benPage, ben.email, MEMBER_PASSWORD);
    await benPage.goto('/vouch');
    await benPage.getByRole('button', { name: 'Scan their code' }).click();
    const preview = benPage.getByTestId('vouch-preview');
    await preview.getByRole('heading', { name: SUBJECT }).waitFor();
    expect(await preview.getByTestId('vouch-code-time-left').textContent()).toMatch(/^This code is good for \d+ more seconds\.$/);
    expect(await benPage.getByTestId('camera-view').count()).toBe(0);
    const vouchButton = benPage.getByRole('button', { name: 'Vouch', exact: true });
    expect(await vouchButton.isDisabled()).toBe(true);
    await benPage.getByLabel(vouchStatementOf(SUBJECT)).check();
    await vouchButton.click();
    await benPage
      .getByTestId('vouched')
      .filter({ hasText: VOUCH_MESSAGES.vouched(SUBJECT) })
      .waitFor();

    // A's open page hears of it: one vouch, and a fresh code for the next voucher.
    await status.filter({ hasText: 'Not yet verified in person: 1 of 2 vouches so far.' }).waitFor();
    await avaPage.getByTestId('counting-vouches').filter({ hasText: 'Ben Verified' }).waitFor();
    const freshCode = avaPage.getByTestId('vouch-code').filter({ hasNotText: firstCode });
    await freshCode.waitFor();
    const secondCode = (await freshCode.textContent()) ?? '';
    await axeAtBothWidths(avaPage, axeFindings, '/verify');

    // C types it.
    await cyPage.goto('/vouch');
    await cyPage.getByRole('button', { name: 'Type the code instead' }).click();
    await cyPage.getByLabel('Their six-character code').fill(secondCode.toLowerCase());
    await cyPage.getByRole('button', { name: 'Check code' }).click();
    await cyPage.getByTestId('vouch-preview').getByRole('heading', { name: SUBJECT }).waitFor();
    // Audited on C's preview rather than B's: B's minute already holds a browser's start and a sign-in.
    await axeAtBothWidths(cyPage, axeFindings, '/vouch (preview)');
    await cyPage.getByLabel(vouchStatementOf(SUBJECT)).check();
    await cyPage.getByRole('button', { name: 'Vouch', exact: true }).click();
    await cyPage
      .getByTestId('vouched')
      .filter({ hasText: VOUCH_MESSAGES.vouched(SUBJECT) })
      .waitFor();
    await axeAtBothWidths(cyPage, axeFindings, '/vouch (vouched)');

    // A is verified in person, on the page A kept open.
    await avaPage.getByTestId('became-verified').waitFor();
    await status.filter({ hasText: /Verified in person since / }).waitFor();
    expect(await status.getAttribute('data-level')).toBe('verified');

    expect(axeFindings).toEqual({});
    await Promise.all([avaContext.close(), cyContext.close(), benContext.close()]);
  });
});
