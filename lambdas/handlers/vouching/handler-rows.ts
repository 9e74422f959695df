import type { CallableName } from '#contracts/callables';
import { PARTITIONS } from '#data/table';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/**
 * Server rows of vouching in person: handler module and least-privilege grants (see handler-row.ts).
 * A write of a member's verification writes their record and their due items (the lapse, its
 * notice) in one transaction (lambdas/workflows/verification.ts).
 */
const VERIFICATION_WRITE = [PARTITIONS.member, PARTITIONS.dueItem] as const;

export const vouchingHandlers = {
  // The nonce item and its fallback, in one transaction.
  createVouchCode: {
    entry: 'handlers/vouching/create-vouch-code.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.vouchNonce, PARTITIONS.vouchShortCode] },
  },
  previewVouchCode: { entry: 'handlers/vouching/preview-vouch-code.ts', permissions: { table: 'read' } },
  // The code redeemed, both sides of the vouch and the voucher's monthly count (member partitions), the subject's verification.
  vouchFor: { entry: 'handlers/vouching/vouch-for.ts', permissions: { table: 'readWrite', tableWrites: [...VERIFICATION_WRITE, PARTITIONS.vouchNonce] } },
  listMyVouches: { entry: 'handlers/vouching/list-my-vouches.ts', permissions: { table: 'read' } },
  // Both sides of the vouch and the subject's verification.
  withdrawVouch: { entry: 'handlers/vouching/withdraw-vouch.ts', permissions: { table: 'readWrite', tableWrites: [...VERIFICATION_WRITE] } },
  // The member's verification and its audit entry, in one transaction (a revocation also withdraws their vouches received).
  verifyMember: { entry: 'handlers/vouching/verify-member.ts', permissions: { table: 'readWrite', tableWrites: [...VERIFICATION_WRITE, PARTITIONS.audit] } },
  revokeVerification: {
    entry: 'handlers/vouching/revoke-verification.ts',
    permissions: { table: 'readWrite', tableWrites: [...VERIFICATION_WRITE, PARTITIONS.audit] },
  },
  listUnverifiedMembers: { entry: 'handlers/vouching/list-unverified-members.ts', permissions: { table: 'read' } },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
