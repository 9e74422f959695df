import type { AdminRole } from '#contracts/admin';
import { formatDate } from '../../../lib/dates.ts';
import { useRevokeAdmin } from '../api/admin-api.ts';
import { ADMIN_UI } from '../admin-messages.ts';
import { RoleHoldersCard, type RoleHoldersWords } from './role-holders-card.tsx';

interface AdminsCardProps {
  admins: AdminRole[] | undefined;
  isLoading: boolean;
  isError: boolean;
}

const WORDS: RoleHoldersWords = {
  title: 'Current Admins',
  titleId: 'admins-title',
  loading: 'Loading admins',
  loadFailed: 'Failed to load admins',
  empty: 'No admins.',
  rowTestId: 'admin-row',
  revokeLabel: (name) => `Revoke admin: ${name}`,
  promptTitle: 'Revoke admin',
  promptLabel: (name) => `Why are you revoking ${name}'s admin role?`,
  revoked: ADMIN_UI.adminRevoked,
  notHolding: ADMIN_UI.notAdmin,
  revokeFailed: ADMIN_UI.adminRevokeFailed,
};

/** Current admins, each with since when (when granted with Grant Admin) and Revoke. */
export function AdminsCard({ admins, isLoading, isError }: AdminsCardProps) {
  const revoke = useRevokeAdmin();
  const holders = admins?.map((admin) => ({
    uid: admin.uid,
    displayName: admin.displayName,
    email: admin.email,
    isFounder: admin.isFounder,
    detail: admin.adminSince ? ` · admin since ${formatDate(admin.adminSince)}` : '',
  }));
  return <RoleHoldersCard holders={holders} isLoading={isLoading} isError={isError} revoke={revoke} words={WORDS} truncate />;
}
