/**
 * Who a removal never takes: admins (isAdmin on the record, or the Cognito admin group, which is
 * what the admin callables trust) and the founder (isFounder on the record). A tree removal that
 * reaches one is refused whole; an admin is protected from other admins, and the founder from
 * everyone, since their account anchors the invite tree.
 */
export type ProtectedRole = 'admin' | 'founder';

export interface ProtectedMember {
  uid: string;
  displayName: string;
  role: ProtectedRole;
}

/** The founder first (a founder who is also an admin is named as the founder). */
export function protectedRole(record: { isAdmin?: boolean; isFounder?: boolean } | null, inAdminGroup: boolean): ProtectedRole | null {
  if (record?.isFounder) return 'founder';
  if (record?.isAdmin || inAdminGroup) return 'admin';
  return null;
}

/** How many are named before the rest are counted (a refusal is a sentence, not a list). */
const NAMED = 5;

function describe({ displayName, role }: ProtectedMember): string {
  return `${displayName || 'a member without a name'} (${role === 'founder' ? 'the founder' : 'an admin'})`;
}

function joinNames(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** 'Cannot remove this tree: it includes Ada Lovelace (an admin) and Grace Hopper (the founder).' */
export function protectedTreeMessage(members: readonly ProtectedMember[]): string {
  const named = members.slice(0, NAMED).map(describe);
  const others = members.length - named.length;
  const parts = others > 0 ? [...named, `${others} ${others === 1 ? 'other admin' : 'other admins'}`] : named;
  return `Cannot remove this tree: it includes ${joinNames(parts)}.`;
}

/** What a removal says of a member it kept because they became an admin (or the founder) after it began. */
export function keptNote({ displayName, role }: ProtectedMember): string {
  return `Kept ${displayName || 'a member without a name'}: ${role === 'founder' ? 'the founder' : 'an admin now'}, so not removed.`;
}
