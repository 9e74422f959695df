import { placeBoundMessage } from '#contracts/joining';
import { normalizePlace } from '#contracts/location';
import type { User } from '#contracts/user';
import { AppError } from '#domain/app-error';
import { isSamePlace } from '#domain/invite-rules';
import { getUser, saveCompletedProfile } from '#data/members';
import { defineCallable } from '#http/define-callable';
import { spendHandlerBudget } from '#http/rate-limit';
import { presentUser } from '#presenters/present-user';

export const PICTURE_REQUIRED_MESSAGE = 'Please upload a profile picture';
/** Mentions the invite, so the web shows it as is (spec §8). */
export const INVITE_REQUIRED_MESSAGE = 'Your invite code must be used before you can complete your profile';

/** Why saveCompletedProfile's conditions refused, from a fresh read. */
function refusalFor(user: User | null): AppError {
  if (!user) return new AppError('not-found', 'User not found');
  if (!user.profilePicture) return new AppError('invalid-argument', PICTURE_REQUIRED_MESSAGE);
  if (!user.inviteSystem.invitedBy && !user.isSuperuser && !user.isAdmin) return new AppError('invalid-argument', INVITE_REQUIRED_MESSAGE);
  return new AppError('aborted', 'Your profile changed while saving. Please try again.');
}

export const handler = defineCallable('completeProfile', async (profile, { caller, clientAddress }) => {
  const user = await getUser(caller.uid);
  if (!user) throw new AppError('not-found', 'User not found');
  // Saving again after joining may rename, as updateProfile does: the same 'renames' budget.
  if (user.profileCompleted && profile.displayName !== user.displayName) await spendHandlerBudget('renames', caller, clientAddress);
  // The invite was judged on the place given when it was used; the first save must keep it (it
  // never changes once set, so this read cannot race).
  const { invitedFrom } = user.inviteSystem;
  if (!user.profileCompleted && invitedFrom && !isSamePlace(invitedFrom, profile.location)) {
    throw new AppError('invalid-argument', placeBoundMessage(invitedFrom));
  }
  const saved = await saveCompletedProfile(user, {
    displayName: profile.displayName,
    bio: profile.bio,
    birthday: profile.birthday,
    // City and state apart: a city typed or picked as "Portland, Oregon" is saved as Portland.
    location: { ...normalizePlace(profile.location.city, profile.location.state), country: profile.location.country },
    contactInfo: { ...user.contactInfo, ...profile.contactInfo },
    privacy: { ...user.privacy, ...profile.privacy },
  });
  if (!saved) throw refusalFor(await getUser(caller.uid));
  return presentUser(saved);
});
