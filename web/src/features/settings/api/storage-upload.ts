/** Sends a presigned POST's fields, then the file (last, as S3 requires). */
export async function postToStorage(target: { url: string; fields: Record<string, string> }, file: Blob, name: string): Promise<void> {
  const body = new FormData();
  for (const [field, value] of Object.entries(target.fields)) body.append(field, value);
  body.append('file', file, name);
  let response: Response;
  try {
    response = await fetch(target.url, { method: 'POST', body });
  } catch {
    throw new Error('The upload failed. Check your connection and try again.');
  }
  if (!response.ok) throw new Error(`The upload failed (storage answered HTTP ${response.status}). Please try again.`);
}
