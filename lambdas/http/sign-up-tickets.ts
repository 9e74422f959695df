import { issueSignUpTicket, readSignUpTicket, type SignUpTicket } from '#domain/sign-up-ticket';
import { requiredEnv } from '#data/table';

/**
 * The sign-up ticket secret: a Secrets Manager value resolved into validateInviteCode and PreSignUp
 * on AWS (lib/sign-up-ticket-secret.ts), a random value per start locally (local/cloud.ts).
 */
const SECRET_VARIABLE = 'SIGN_UP_TICKET_SECRET';

export function ticketForCode(code: string, now = new Date()): string {
  return issueSignUpTicket(code, requiredEnv(SECRET_VARIABLE), now);
}

/** The ticket's nonce and expiry when it is valid for this code (PreSignUp then spends the nonce); else null. */
export function readTicketForCode(ticket: unknown, code: string, now = new Date()): SignUpTicket | null {
  return readSignUpTicket(ticket, code, requiredEnv(SECRET_VARIABLE), now);
}
