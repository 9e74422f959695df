import type { AdminMember, AdminRole, PlatformStats } from '#contracts/admin';

/**
 * Platform stats, gathered one page of member records at a time: only the counters, the set of
 * cities and the (few) superusers are kept, never the whole membership.
 */
export class PlatformTally {
  private totalUsers = 0;
  private verifiedInPerson = 0;
  private notYetVerified = 0;
  private readonly cities = new Set<string>();
  private readonly superuserList: AdminMember[] = [];
  private readonly adminList: AdminRole[] = [];

  add(
    member: AdminMember,
    roles: { isFounder: boolean; adminSince: string | null } = { isFounder: false, adminSince: null },
    standing: { verifiedInPerson: boolean; joined: boolean } = { verifiedInPerson: false, joined: false },
  ): void {
    this.totalUsers += 1;
    if (standing.verifiedInPerson) this.verifiedInPerson += 1;
    else if (standing.joined) this.notYetVerified += 1;
    const key = cityKey(member.location);
    if (key) this.cities.add(key);
    if (member.isSuperuser) this.superuserList.push(member);
    if (member.isAdmin) this.adminList.push({ ...member, ...roles });
  }

  /** Admins (isAdmin on their record) by display name, then uid. */
  admins(): AdminRole[] {
    return this.adminList.toSorted(byNameThenUid);
  }

  stats(): PlatformStats {
    return {
      totalUsers: this.totalUsers,
      superusers: this.superuserList.length,
      distinctCities: this.cities.size,
      verifiedInPerson: this.verifiedInPerson,
      notYetVerified: this.notYetVerified,
    };
  }

  /** Superusers by display name (case-insensitive), then uid, so the list reads the same every time. */
  superusers(): AdminMember[] {
    return this.superuserList.toSorted(byNameThenUid);
  }
}

/**
 * One city: 'austin' in Texas and 'Austin ' in Texas are the same place, Portland in Oregon and in
 * Maine are two. A member who gave no city counts towards no city.
 */
export function cityKey(location: { city: string; state: string }): string | null {
  const city = location.city.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!city) return null;
  return `${city}|${location.state.trim().toLowerCase().replace(/\s+/g, ' ')}`;
}

function byNameThenUid(a: AdminMember, b: AdminMember): number {
  const name = a.displayName.toLowerCase().localeCompare(b.displayName.toLowerCase());
  return name !== 0 ? name : a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
}

/**
 * Admin search results: name matches first (in name order, as byName returns them), then members
 * found only by email (in email order), each once, at most `limit`.
 */
export function mergeSearchMatches<T extends { uid: string }>(byName: readonly T[], byEmail: readonly T[], limit: number): T[] {
  const seen = new Set<string>();
  const merged: T[] = [];
  for (const member of [...byName, ...byEmail]) {
    if (merged.length >= limit) break;
    if (seen.has(member.uid)) continue;
    seen.add(member.uid);
    merged.push(member);
  }
  return merged;
}
