import { ANCHOR_MESSAGES, MAX_ANCHORS } from '#contracts/anchors';
import { DUMMY_ANCHOR_COUNT } from '#contracts/dev';
import { AppError } from '#domain/app-error';
import { createAnchoredMembers } from '#data/graph';
import { getUser } from '#data/members';
import { defineCallable } from '#http/define-callable';
import { requireDevAdmin } from '#http/dev-admin-gate';
import { presentAnchor } from '#presenters/present-member';
import { dummyMember } from './dummy-members.ts';

/**
 * Dev tools (dev stage and local only): 10 dummy members, each a local accepted anchor of the
 * caller. On a deployed dev stage only for the devAdminEmails list, as Make Me Admin.
 */
export const handler = defineCallable('createDummyAnchors', async (_input, { caller }) => {
  await requireDevAdmin(caller);
  const owner = await getUser(caller.uid);
  if (!owner) throw new AppError('not-found', ANCHOR_MESSAGES.userNotFound);
  if (!owner.location.city.trim() || !owner.location.state.trim()) throw new AppError('invalid-argument', ANCHOR_MESSAGES.dummiesNeedLocation);
  if (owner.anchorCount + DUMMY_ANCHOR_COUNT > MAX_ANCHORS) throw new AppError('aborted', ANCHOR_MESSAGES.dummiesWouldPassCap);

  const now = new Date();
  const members = Array.from({ length: DUMMY_ANCHOR_COUNT }, (_, index) => dummyMember(owner, index, now));
  const outcome = await createAnchoredMembers(owner.uid, members);
  if (!outcome.ok) {
    // The cap is the write's condition (a concurrent accept may have raced the check above).
    if (outcome.failed.includes('ownerCap')) throw new AppError('aborted', ANCHOR_MESSAGES.dummiesWouldPassCap);
    throw new AppError('aborted', 'Could not create the dummy anchors (an id collided). Please try again.');
  }
  const dummies = members.map(({ user, pair }) => presentAnchor(user, pair));
  const latest = await getUser(caller.uid);
  return { dummies, anchorCount: latest?.anchorCount ?? owner.anchorCount + DUMMY_ANCHOR_COUNT };
});
