import { PlatformTally } from '#domain/admin-directory';
import { forEachMember } from '#data/members';
import { defineCallable } from '#http/define-callable';

/** Stats (verification in person too), the superusers and the admins from one paged Scan of the member records (GSI byEmail). */
export const handler = defineCallable('getAdminOverview', async () => {
  const tally = new PlatformTally();
  await forEachMember((member, roles, standing) => tally.add(member, roles, standing));
  return { stats: tally.stats(), superusers: tally.superusers(), admins: tally.admins() };
});
