import type { AdminMember } from '#contracts/admin';
import { useRevokeSuperuser } from '../api/admin-api.ts';
import { ADMIN_UI } from '../admin-messages.ts';
import { RoleHoldersCard, type RoleHoldersWords } from './role-holders-card.tsx';

interface SuperusersCardProps {
  superusers: AdminMember[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** The founder's uid (from the overview's admins), when known: their row has no Revoke. */
  founderUid?: string | undefined;
}

const WORDS: RoleHoldersWords = {
  title: 'Current Superusers',
  titleId: 'superusers-title',
  loading: 'Loading superusers',
  loadFailed: 'Failed to load superusers',
  empty: 'No superusers yet.',
  rowTestId: 'superuser-row',
  revokeLabel: (name) => `Revoke superuser status: ${name}`,
  promptTitle: 'Revoke superuser status',
  promptLabel: (name) => `Why are you revoking ${name}'s superuser status?`,
  revoked: ADMIN_UI.revoked,
  notHolding: ADMIN_UI.notSuperuser,
  revokeFailed: ADMIN_UI.revokeFailed,
};

/** Current superusers, each with their place and Revoke (the founding member stays a superuser). */
export function SuperusersCard({ superusers, isLoading, isError, founderUid }: SuperusersCardProps) {
  const revoke = useRevokeSuperuser();
  const holders = superusers?.map((member) => ({
    uid: member.uid,
    displayName: member.displayName,
    email: member.email,
    isFounder: member.uid === founderUid,
    detail: member.location.city ? ` · ${member.location.city}, ${member.location.state}` : '',
  }));
  return <RoleHoldersCard holders={holders} isLoading={isLoading} isError={isError} revoke={revoke} words={WORDS} />;
}
