import { issueSignUpTicket, isValidSignUpTicket } from '#domain/sign-up-ticket';
import { requiredEnv } from '#data/aws-clients';

/**
 * The sign-up ticket secret: a Secrets Manager value resolved into validateInviteCode and PreSignUp
 * on AWS (lib/sign-up-ticket-secret.ts), a random value per start locally (local/cloud.ts).
 */
const SECRET_VARIABLE = 'SIGN_UP_TICKET_SECRET';

export function ticketForCode(code: string, now = new Date()): string {
  return issueSignUpTicket(code, requiredEnv(SECRET_VARIABLE), now);
}

export function isTicketForCode(ticket: unknown, code: string, now = new Date()): boolean {
  return isValidSignUpTicket(ticket, code, requiredEnv(SECRET_VARIABLE), now);
}
