/**
 * Preloaded into cognito-local's own process (`node --import <this> .../cognito-local/lib/bin/start.js`).
 *
 * Cognito would email a code (sign-up verification, resend, password reset, attribute change).
 * cognito-local only prints it, and its console output is late and meant for eyes. The one place
 * that sees every code with its purpose and recipient, synchronously, is MessagesService.deliver:
 * we wrap it and append one JSON line per message to the mailbox file the gateway reads. The line
 * is written before cognito-local answers the API call, so a client that just called SignUp or
 * ForgotPassword finds its code at once.
 *
 * (A CustomMessage trigger would not do: cognito-local passes the Lambda only the "{####}"
 * placeholder, never the code.)
 */
import { appendFileSync } from 'node:fs';
// Importing the CommonJS module from ESM shares Node's module cache with cognito-local's own
// require() calls, so patching this class patches the instance its server uses.
import { MessagesService } from 'cognito-local/lib/services/messages.js';

const mailboxFile = process.env.LOCAL_MAILBOX_FILE;
if (!mailboxFile) throw new Error('LOCAL_MAILBOX_FILE is not set: the local mailbox would miss every code');

const originalDeliver = MessagesService?.prototype?.deliver;
if (typeof originalDeliver !== 'function') {
  throw new Error('cognito-local changed: MessagesService.prototype.deliver is gone; update local/cognito-mail-hook.mjs');
}

MessagesService.prototype.deliver = async function deliverAndKeep(...args) {
  const [, source, , userPoolId, user, code, , deliveryDetails] = args;
  await originalDeliver.apply(this, args);
  if (!deliveryDetails?.Destination) return;
  const message = {
    to: deliveryDetails.Destination,
    medium: deliveryDetails.DeliveryMedium,
    source,
    code,
    userPoolId,
    username: user?.Username,
    sentAt: new Date().toISOString(),
  };
  appendFileSync(mailboxFile, `${JSON.stringify(message)}\n`);
};

// The cloud keeps our stdin open; when it dies without stopping us (kill -9), stdin ends and we
// follow instead of lingering as an orphan holding the port.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
