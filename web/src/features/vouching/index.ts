/**
 * What other areas may use of vouching: the member's own verification and vouches (the profile's
 * Get verified card, Settings › Vouches) and withdrawing a vouch. The pages themselves are
 * /verify and /vouch (paths.verify, paths.vouch).
 */
export { useMyVouches, useWithdrawVouch } from './api/my-vouches.ts';
export { vouchingLink } from './vouching-link.ts';
