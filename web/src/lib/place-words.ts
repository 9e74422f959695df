/**
 * What "local" and "distant" mean, said one way on every screen (the Invites page said
 * distant meant "within 50 miles" where Anchor Tips said "elsewhere"). Local: the same city and
 * state. Distant: another city; an invite reaches distant people only within 50 miles of the
 * inviter's city (lambdas/domain/invite-rules.ts, spec §9), an anchor anywhere.
 */

/** The reach of a distant invite, in miles from the inviter's city (lambdas/domain/places.ts). */
export const DISTANT_INVITE_MILES = 50;

/** "people in Springfield, Illinois" / "people in your city and state". */
export function localPeople(place: string): string {
  return `people in ${place}`;
}

/** "people in another city within 50 miles of Springfield, Illinois". */
export function distantInvitePeople(place: string): string {
  return `people in another city within ${DISTANT_INVITE_MILES} miles of ${place}`;
}

/** The Invites page and the welcome tutorial: what a member's 10 invites are for. */
export const INVITES_EXPLAINED = `5 local invites, for ${localPeople('your city and state')}, and 5 distant invites, for ${distantInvitePeople('your city')}`;

/** Anchor Tips: anchors have no distance rule, so distant is any other city. */
export const ANCHOR_PLACES_EXPLAINED = 'Local anchors live in your city and state; distant anchors live in another city.';
