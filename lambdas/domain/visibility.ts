import type { Relationship, UserProfile } from '#contracts/anchors';
import { invitesLeft, type User, type Visibility } from '#contracts/user';
import { isVerifiedInPerson } from './verification.ts';

/**
 * Who sees what of a profile (fixing the spec's two defects): the owner sees everything;
 * 'public' means any signed-in member, 'friends' the owner's accepted anchors, 'private' the owner
 * only. Contact info never reaches a non-anchor. Pure functions: the handler builds its response
 * from them, so hidden data never leaves the server.
 */

/** The viewer as visibility rules know them. */
export type Audience = 'owner' | 'anchor' | 'member';

export function audienceOf(relationship: Relationship): Audience {
  if (relationship === 'self') return 'owner';
  return relationship === 'anchored' ? 'anchor' : 'member';
}

/** One setting against one viewer. */
export function allows(visibility: Visibility, audience: Audience): boolean {
  if (audience === 'owner') return true;
  if (visibility === 'public') return true;
  if (visibility === 'friends') return audience === 'anchor';
  return false;
}

export function canSeeProfile(privacy: Pick<User['privacy'], 'profileVisibility'>, audience: Audience): boolean {
  return allows(privacy.profileVisibility, audience);
}

/** Where the member lives goes with their profile: wherever it is shown (the profile, the anchors list). */
export function locationForViewer(user: Pick<User, 'privacy' | 'location'>, audience: Audience): User['location'] | undefined {
  return canSeeProfile(user.privacy, audience) ? user.location : undefined;
}

/** A part of a profile needs the profile itself and its own setting. */
export function canSeePart(privacy: User['privacy'], part: 'birthdayVisibility' | 'photosVisibility', audience: Audience): boolean {
  return canSeeProfile(privacy, audience) && allows(privacy[part], audience);
}

/**
 * Contact info: the owner, or accepted anchors when contactVisibility is 'friends'. The settings
 * offer only Anchors Only and Only Me; a stored 'public' still never reaches a non-anchor.
 */
export function canSeeContact(privacy: User['privacy'], audience: Audience): boolean {
  if (audience === 'owner') return true;
  return canSeeProfile(privacy, audience) && privacy.contactVisibility !== 'private' && audience === 'anchor';
}

/**
 * One contact detail (phone or personal email): the contact setting must allow the viewer, and so
 * must the detail's own setting — both are Anchors Only / Only Me, and a stored 'public' counts as
 * Anchors Only, so neither ever reaches a non-anchor.
 */
export function canSeeContactDetail(privacy: User['privacy'], detail: 'phoneVisibility' | 'emailVisibility', audience: Audience): boolean {
  if (audience === 'owner') return true;
  return canSeeContact(privacy, audience) && privacy[detail] !== 'private';
}

/** The contact details this viewer may see; undefined when none (no empty box, spec §2 Profile view). */
export function contactForViewer(user: User, audience: Audience): { phoneNumber?: string; personalEmail?: string } | undefined {
  const { phoneNumber, personalEmail } = user.contactInfo;
  const phone = phoneNumber && canSeeContactDetail(user.privacy, 'phoneVisibility', audience) ? phoneNumber : '';
  const email = personalEmail && canSeeContactDetail(user.privacy, 'emailVisibility', audience) ? personalEmail : '';
  if (!phone && !email) return undefined;
  return { ...(phone && { phoneNumber: phone }), ...(email && { personalEmail: email }) };
}

/**
 * The profile as this viewer may see it. `pictureUrl` is the already-signed picture URL (the data
 * layer signs; this stays pure). A hidden profile reveals only uid, name and picture, which any
 * member already sees in search.
 */
export function profileForViewer(user: User, relationship: Relationship, pictureUrl: string): UserProfile {
  const audience = audienceOf(relationship);
  const summary = { uid: user.uid, displayName: user.displayName, profilePicture: pictureUrl, verifiedInPerson: isVerifiedInPerson(user), relationship };
  if (!canSeeProfile(user.privacy, audience)) return { ...summary, private: true };
  const profile: UserProfile = {
    ...summary,
    private: false,
    bio: user.bio,
    location: user.location,
    // Invites held for people on the way in are not left to give; a superuser's never run out.
    invitesRemaining: invitesLeft(user.inviteSystem),
    unlimitedInvites: user.isSuperuser,
  };
  if (canSeePart(user.privacy, 'birthdayVisibility', audience) && user.birthday) profile.birthday = user.birthday;
  if (canSeePart(user.privacy, 'photosVisibility', audience)) profile.photos = user.photos;
  const contactInfo = contactForViewer(user, audience);
  if (contactInfo) profile.contactInfo = contactInfo;
  return profile;
}

/** How far each setting reaches, narrowest first. */
const REACH: Record<Visibility, number> = { private: 0, friends: 1, public: 2 };

/**
 * Whether saving `after` over `before` lets anyone see something they could not: one setting
 * reaching further than before. A suspended member may narrow their privacy, never widen it.
 */
export function privacyWidens(before: User['privacy'], after: User['privacy']): boolean {
  return (Object.keys(after) as (keyof User['privacy'])[]).some((setting) => REACH[after[setting]] > REACH[before[setting]]);
}
