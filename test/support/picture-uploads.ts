import { expect } from 'vitest';
import type { PictureContentType } from '../../lambdas/contracts/profile.ts';

/** The smallest real images, for uploads the confirmation accepts by their bytes. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Posts a file to an upload grant (the presigned POST of createProfilePictureUpload or createPhotoUpload), as the browser does. */
export async function postFile(grant: { url: string; fields: Record<string, string> }, bytes: Buffer, contentType: PictureContentType): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type: contentType }), 'picture');
  const posted = await fetch(grant.url, { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
}
