import { normalizePlace } from '#contracts/location';
import { AppError } from '#domain/app-error';
import { saveProfileChanges, getUser } from '#data/members';
import { defineCallable } from '#http/define-callable';
import { spendHandlerBudget } from '#http/rate-limit';
import { presentUser } from '#presenters/present-user';

/**
 * Settings' Save Profile, on the caller's own record only (the uid comes from the token, never the
 * input). The contract already normalized the city and state and refused every other field. A new
 * display name spends the 'renames' budget (lambdas/domain/abuse-limits.ts); other fields spend none.
 */
export const handler = defineCallable('updateProfile', async (changes, { caller, clientAddress }) => {
  const user = await getUser(caller.uid);
  if (!user) throw new AppError('not-found', 'User not found');
  // A new name is copied into every post, comment and like of the member (from the stream).
  if (changes.displayName !== user.displayName) await spendHandlerBudget('renames', caller, clientAddress);
  const saved = await saveProfileChanges(user, {
    displayName: changes.displayName,
    birthday: changes.birthday,
    graduationYear: changes.graduationYear,
    major: changes.major,
    bio: changes.bio,
    // City and state apart: "Portland, Oregon" typed as the city is saved as Portland.
    location: { ...normalizePlace(changes.location.city, changes.location.state), country: user.location.country },
    // The legacy visibility flags stay as they were; the privacy tab governs who sees what.
    contactInfo: { ...user.contactInfo, ...changes.contactInfo },
  });
  if (!saved) throw new AppError('not-found', 'User not found');
  return presentUser(saved);
});
