import { photosOnlyForAnchors } from '#domain/picture-audience';
import { authorDetailsChangeOf, repointAuthorDetails } from '#data/posts';
import type { ClassifiedChange } from '#data/table';
import { movePhotosAsked, PHOTOS_MOVE_REQUESTED, rekeyPictures, requestPhotosMove } from '#data/storage';
import type { TableEvent } from '#data/changes';

const forAnchorsOnly = (owner: { privacy: Parameters<typeof photosOnlyForAnchors>[0] }) => photosOnlyForAnchors(owner.privacy);

/**
 * What the table's stream does for pictures (beside react-to-change.ts, which calls it for every
 * change): an anchor edge that stops being accepted (removed, blocked, its member removed) asks for
 * a move of the owner's photos when only anchors may see them, so the ex-anchor's saved URLs stop
 * working; the move itself runs when the stream reaches the ask on the owner's record, so a burst
 * of removals moves each photo once (requestPhotosMove). A member who blocks another moves all
 * their pictures (profile picture included), so the blocked member's saved URLs stop working; a
 * member's new profile picture, name or verification in person is copied into their posts and
 * comments (the name and verification into their likes too). All are safe to run again (a second move only draws other keys; the copy sets
 * what the record holds now, and only where it differs).
 */
export async function followPictures(change: ClassifiedChange, event: TableEvent): Promise<void> {
  if (event.kind === 'anchor-edge-changed' && event.before === 'accepted' && event.after !== 'accepted') {
    await requestPhotosMove(event.owner, forAnchorsOnly);
  }
  const asked = photosMoveAskedOf(change);
  if (asked) {
    const outcome = await movePhotosAsked(asked, forAnchorsOnly);
    // The record kept changing under the move: fail the record, so the stream tries it again.
    if (outcome.kind === 'conflict') throw new Error(`The photos of ${asked} could not move: their record kept changing`);
  }
  if (event.kind === 'pair-blocked') {
    for (const blocker of event.blockers) {
      const outcome = await rekeyPictures(blocker, 'all');
      if (outcome.kind === 'conflict') throw new Error(`The pictures of ${blocker} could not move: their record kept changing`);
    }
  }
  const renamedOrRepictured = authorDetailsChangeOf(change);
  if (renamedOrRepictured) await repointAuthorDetails(renamedOrRepictured);
}

/** The member whose record just got a new ask for a photo move (requestPhotosMove), or null. */
function photosMoveAskedOf({ key, newImage, oldImage }: ClassifiedChange): string | null {
  if (!newImage || key.kind !== 'member') return null;
  const asked = newImage[PHOTOS_MOVE_REQUESTED];
  return typeof asked === 'string' && asked !== oldImage?.[PHOTOS_MOVE_REQUESTED] ? key.uid : null;
}
