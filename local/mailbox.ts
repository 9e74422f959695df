import { readFile } from 'node:fs/promises';
import { VERIFICATION_EMAIL } from '../lib/verification-email.ts';

/** One email Cognito would have sent, as `GET {mailboxUrl}?to=` returns it. */
export interface MailboxMessage {
  to: string;
  subject: string;
  code: string;
  sentAt: string;
}

/** A line of the mailbox file, as cognito-mail-hook.mjs writes it. */
interface DeliveredLine {
  to?: unknown;
  source?: unknown;
  code?: unknown;
  sentAt?: unknown;
}

/** Subjects by cognito-local's message source (the trigger sources Cognito itself uses). */
const SUBJECTS: Record<string, string> = {
  SignUp: VERIFICATION_EMAIL.subject,
  ResendCode: VERIFICATION_EMAIL.subject,
  ForgotPassword: 'Your password reset code',
  UpdateUserAttribute: 'Verify your new email address',
  VerifyUserAttribute: 'Verify your new email address',
  AdminCreateUser: 'Your temporary password',
  Authentication: 'Your sign-in code',
};

function toMessage(line: string): MailboxMessage | null {
  let parsed: DeliveredLine;
  try {
    parsed = JSON.parse(line) as DeliveredLine;
  } catch {
    return null; // A line cut short by a crash: skip it rather than lose the whole mailbox.
  }
  const { to, source, code, sentAt } = parsed;
  if (typeof to !== 'string' || typeof code !== 'string' || typeof sentAt !== 'string') return null;
  const subject = (typeof source === 'string' && SUBJECTS[source]) || 'Your code';
  return { to, subject, code, sentAt };
}

/** Reads the mailbox file fresh on every call: cognito-local appends to it from its own process. */
export async function readMailbox(file: string, to?: string): Promise<MailboxMessage[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const wanted = to?.trim().toLowerCase();
  return text
    .split('\n')
    .filter(Boolean)
    .map(toMessage)
    .filter((message): message is MailboxMessage => message !== null)
    .filter((message) => !wanted || message.to.toLowerCase() === wanted)
    .reverse(); // Appended oldest first; readers want the newest first.
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small page for people (the JSON endpoint is for tests and scripts). */
export function renderMailboxPage(messages: MailboxMessage[], to: string | undefined, jsonUrl: string): string {
  const rows = messages
    .slice(0, 100)
    .map(
      (m) =>
        `<tr><td>${escapeHtml(new Date(m.sentAt).toLocaleString())}</td><td>${escapeHtml(m.to)}</td>` +
        `<td>${escapeHtml(m.subject)}</td><td class="code">${escapeHtml(m.code)}</td></tr>`,
    )
    .join('\n');
  const filter = to ? ` for ${escapeHtml(to)}` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>Local mailbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem; color: #1d2733; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .4rem .8rem; border-bottom: 1px solid #dde3ea; }
  .code { font-family: ui-monospace, monospace; font-size: 1.2rem; letter-spacing: .1em; }
  .note { color: #5b6b7c; }
</style>
</head>
<body>
<h1>Local mailbox${filter}</h1>
<p class="note">The emails Cognito would have sent, newest first. Local cloud only; refreshes every 5 seconds.</p>
<form method="get"><label>Recipient <input type="email" name="to" value="${escapeHtml(to ?? '')}"></label> <button>Filter</button></form>
<table>
<thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Code</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="4" class="note">No messages yet.</td></tr>'}
</tbody>
</table>
<p class="note">As JSON: <code>${escapeHtml(jsonUrl)}?to=&lt;email&gt;</code></p>
</body>
</html>
`;
}
