/** How many likers a post's "Liked by" line names before "and n others". */
export const LIKERS_NAMED = 2;

function others(count: number): string {
  return count === 1 ? '1 other' : `${count} others`;
}

function members(count: number): string {
  return count === 1 ? '1 member' : `${count} members`;
}

function list(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/**
 * A post's "Liked by …" line, or null when nobody likes it. `likers` are the names once the list was
 * read (newest first, the viewer named "you"); before that the line says what the post itself
 * tells: the count and whether the viewer is among them ("Liked by you and 2 others", "Liked by 3
 * members"), so no request is made for it. `likeCount` stays the truth: a liker hidden from the
 * viewer (a block) is counted among the others, never named.
 */
export function likedByLine(
  likeCount: number,
  likedByMe: boolean,
  likers?: readonly { uid: string; displayName: string }[],
  viewerUid?: string,
): string | null {
  if (likeCount <= 0) return null;
  if (!likers || likers.length === 0) {
    if (!likedByMe) return `Liked by ${members(likeCount)}`;
    return likeCount === 1 ? 'Liked by you' : `Liked by you and ${others(likeCount - 1)}`;
  }
  const names = likers.map((liker) => (liker.uid === viewerUid ? 'you' : liker.displayName || 'a member'));
  // The viewer first, as people read their own name fastest.
  const ordered = names.includes('you') ? ['you', ...names.filter((name) => name !== 'you')] : names;
  const named = ordered.slice(0, LIKERS_NAMED);
  const rest = Math.max(likeCount, likers.length) - named.length;
  return rest > 0 ? `Liked by ${named.join(', ')} and ${others(rest)}` : `Liked by ${list(named)}`;
}
