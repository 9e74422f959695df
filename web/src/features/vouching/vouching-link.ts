import { paths } from '../../lib/paths.ts';

/**
 * Vouching's entry in the menus (the dashboard's side menu, the phone menu): a member verified in
 * person vouches for others; anyone else gets verified.
 */
export function vouchingLink(verified: boolean): { label: string; to: string } {
  return verified ? { label: 'Vouch for someone', to: paths.vouch } : { label: 'Get verified', to: paths.verify };
}
