import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { Endpoints } from '../../local/cloud-files.ts';
import { mailbox } from './local-cloud-client.ts';

/** Steps of joining that several journeys in real Chromium take. */

/** The newest code once the local mailbox holds `count` messages for this address. */
export async function mailedCode(endpoints: Endpoints, email: string, count = 1): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const messages = await mailbox(endpoints, email);
    if (messages.length >= count && messages[0]?.code) return messages[0].code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No code arrived for ${email}`);
}

/** A small real PNG (a two-colour gradient), so the browser can decode and crop it. */
export function pngFile(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) rows.set([(x * 255) / width, 120, (y * 255) / height], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Fills profile setup with a cropped picture and the given place. */
export async function fillProfile(page: Page, place: { city: string; state: string }): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngFile(320, 240) });
  await page.getByRole('button', { name: 'Use this picture' }).click();
  await page.getByLabel(/^Bio/).fill('Hello from far away.');
  await page.getByLabel(/^Birthday\s*\*?$/).fill('1985-01-02');
  await page.getByRole('combobox', { name: 'City' }).fill(place.city);
  await page.getByRole('combobox', { name: 'State' }).fill(place.state);
  await page.getByRole('combobox', { name: 'State' }).blur();
  await page.getByLabel(/^Phone Number/).fill('5559876543');
  await page.getByLabel(/^Personal Email/).fill('far.away@example.com');
}

/**
 * On the reset screen: the code and the new password (twice), then sign-in with the new password,
 * which lands a member who has not set up a profile on the welcome tutorial.
 */
export async function finishPasswordReset(page: Page, code: string, password: string): Promise<void> {
  await page.getByLabel(/^Reset code/).fill(code);
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Confirm new password/).fill(password);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.waitForURL('**/auth/signin?**');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/welcome');
}
