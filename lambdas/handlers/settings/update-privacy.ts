import { AppError } from '#domain/app-error';
import { photosAudienceShrinks } from '#domain/picture-audience';
import { suspensionRefusal } from '#domain/sanctions';
import { privacyWidens } from '#domain/visibility';
import { savePrivacyMovingPhotos } from '#data/storage';
import { FAULT_MESSAGES } from '#http/backend-faults';
import { defineCallable } from '#http/define-callable';
import { presentUser } from '#presenters/present-user';

/**
 * The Privacy tab's save: the six settings, each limited to its allowed options by the contract.
 * When the photos' audience shrinks (e.g. Everyone → Anchors Only or Only Me), the photos move to
 * new keys in the same write, so URLs handed out to those who may no longer see them stop working.
 * A suspended member may narrow their settings (it protects them) but not widen one (403 with the
 * date), judged on the record the write is conditioned on.
 */
export const handler = defineCallable('updatePrivacy', async (privacy, { caller }) => {
  const now = new Date();
  const outcome = await savePrivacyMovingPhotos(
    caller.uid,
    privacy,
    (before) => photosAudienceShrinks(before, privacy),
    now,
    (user) => suspensionRefusal(privacyWidens(user.privacy, privacy), user.suspendedUntil, now),
  );
  if (outcome.kind === 'refused') throw new AppError('permission-denied', outcome.message);
  if (outcome.kind === 'conflict') throw new AppError('aborted', FAULT_MESSAGES.conflict);
  if (outcome.kind !== 'saved') throw new AppError('not-found', 'User not found');
  return presentUser(outcome.user);
});
