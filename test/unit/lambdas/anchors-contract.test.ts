import { describe, expect, it } from 'vitest';
import { callables } from '#contracts/callables';

const AT = '2031-03-01T10:00:00.000Z';
const pending = {
  friendshipId: 'a_b',
  users: ['a', 'b'],
  status: 'pending',
  requestedBy: 'a',
  requestedAt: AT,
  acceptedAt: null,
  invitationChain: false,
  mutualFriends: 0,
};

describe('the anchor contracts', () => {
  it('a pending request carries no connectionType: an answer never passes one on, even when a stored record still has it', () => {
    expect(callables.sendAnchorRequest.output.parse({ ...pending, connectionType: 'local' })).not.toHaveProperty('connectionType');
    const request = { uid: 'b', displayName: 'B', profilePicture: '', verifiedInPerson: false, friendshipId: 'a_b', requestedAt: AT, connectionType: 'local' };
    const lists = callables.listAnchorRequests.output.parse({ received: [request], sent: [request] });
    for (const listed of [...lists.received, ...lists.sent]) expect(listed).not.toHaveProperty('connectionType');
  });

  it('an accepted pair has its connectionType; an anchor may come without a location (hidden by their privacy)', () => {
    const accepted = { ...pending, status: 'accepted', acceptedAt: AT };
    expect(callables.acceptAnchorRequest.output.safeParse(accepted).success).toBe(false);
    expect(callables.acceptAnchorRequest.output.parse({ ...accepted, connectionType: 'distant' })).toMatchObject({ connectionType: 'distant' });
    const anchor = {
      uid: 'b',
      displayName: 'B',
      profilePicture: '',
      verifiedInPerson: false,
      friendshipId: 'a_b',
      connectionType: 'local',
      invitationChain: false,
      mutualFriends: 0,
      acceptedAt: AT,
    };
    expect(callables.listAnchors.output.parse({ anchors: [anchor], count: 1, max: 100 }).anchors[0]).not.toHaveProperty('location');
  });
});
