import type { z } from 'zod';
import type { anchorPairSchema, Friendship } from '#contracts/anchors';
import { AppError } from '#domain/app-error';
import { friendshipIdOf, refuseOutsider, usersOfFriendshipId, type Refusal } from '#domain/friendship';
import { getFriendship } from '#data/graph';

/** The pair an accept/reject/remove is about, and its stored record (null when there is none). */
export interface ResolvedPair {
  friendshipId: string;
  pair: Friendship | null;
}

/**
 * Input names either the other member (the caller is the other side) or the friendship id. A
 * caller who is not one of the id's two members is refused here, before any read, with the same
 * answer whatever the pair is (refuseOutsider: no graph oracle).
 */
export async function resolvePair(caller: string, input: z.output<typeof anchorPairSchema>, about: 'request' | 'connection'): Promise<ResolvedPair> {
  const friendshipId = 'userId' in input ? friendshipIdOf(caller, input.userId) : input.friendshipId;
  throwRefusal(refuseOutsider(caller, friendshipId, about));
  // A string that is not two sorted uids names no pair: no read needed.
  const pair = usersOfFriendshipId(friendshipId) ? await getFriendship(friendshipId) : null;
  return { friendshipId, pair };
}

export function otherMember(pair: Friendship, uid: string): string {
  return pair.users[0] === uid ? pair.users[1] : pair.users[0];
}

export function throwRefusal(refusal: Refusal | null): void {
  if (refusal) throw new AppError(refusal.status, refusal.message);
}
