/** What the first profile save must do about the invite (spec §4). */
export type InviteStep =
  /** Already invited (invitedBy set), or a superuser/admin who needs no invite. */
  | { kind: 'none' }
  /**
   * Check the code against the entered location, then use it. Without a code in this browser the
   * server uses the one the account signed up with (pendingInviteCode).
   */
  | { kind: 'redeem'; inviteCode: string | undefined };

export interface InviteState {
  invitedBy: string | null;
  pendingInviteCode?: string | null | undefined;
  isSuperuser: boolean;
  isAdmin: boolean;
}

export function inviteStepFor(me: InviteState, storedCode: string | null): InviteStep {
  if (me.invitedBy) return { kind: 'none' };
  const inviteCode = storedCode || me.pendingInviteCode || undefined;
  // The founding members (seeded superusers/admins) joined without an invite.
  if (!inviteCode && (me.isSuperuser || me.isAdmin)) return { kind: 'none' };
  return { kind: 'redeem', inviteCode };
}
