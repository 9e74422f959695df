import { photosOnlyForAnchors } from '#domain/picture-audience';
import { authorDetailsChangeOf, repointAuthorDetails } from '#data/author-details';
import { rekeyPictures } from '#data/picture-versions';
import { tableEventOf, type ChangedItem } from '#data/table-changes';

/**
 * What the table's stream does for pictures (beside react-to-change.ts, which calls it for every
 * change): an anchor edge that stops being accepted (removed, blocked, its member removed) moves the
 * owner's photos to new keys when only anchors may see them, so the ex-anchor's saved URLs stop
 * working; a member who blocks another moves all their pictures (profile picture included), so the
 * blocked member's saved URLs stop working; a member's new profile picture or name is copied into
 * their posts and comments (the name into their likes too). All are safe to run again (a second move
 * only draws other keys; the copy sets what the record holds now, and only where it differs).
 */
export async function followPictures(change: ChangedItem): Promise<void> {
  const event = tableEventOf(change);
  if (event.kind === 'anchor-edge-changed' && event.before === 'accepted' && event.after !== 'accepted') {
    const outcome = await rekeyPictures(event.owner, 'photos', (owner) => photosOnlyForAnchors(owner.privacy));
    // The record kept changing under the move: fail the record, so the stream tries it again.
    if (outcome.kind === 'conflict') throw new Error(`The photos of ${event.owner} could not move: their record kept changing`);
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
