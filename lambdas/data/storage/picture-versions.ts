import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { userSchema, type User } from '#contracts/user';
import { dynamo, tableName } from '#data/table';
import { withBackoff } from '#data/table';
import { conditionalWrite } from '#data/table';
import { isMemberPictureKey, keys, withoutStorageAttributes } from '#data/table';
import { REMOVAL_PENDING } from '#data/members';
import { copyPicture, deletePicture, isMissingObject, newPictureKey, pictureType } from './pictures.ts';

/**
 * Pictures move to new versions (new keys): a confirmed upload replaces the profile picture, and a
 * picture whose audience shrank moves so that URLs handed out before stop working. The order is the
 * same everywhere, so a step cut short is finished by the next call: copy to the new key, then one
 * conditional write that names the new key and adds the old one to the record's RETIRED_PICTURES,
 * then delete the old objects, then forget them. Every call starts by deleting whatever an earlier
 * one left retired.
 */

/** On the member's record: keys no field names any more whose objects are still to be deleted. */
export const RETIRED_PICTURES = 'retiredPictureKeys';
/**
 * On the member's record: when a move of their photos was asked for and not made yet (ISO time,
 * requestPhotosMove); the move clears it. A burst of asks sets it once, so it moves each photo once.
 */
export const PHOTOS_MOVE_REQUESTED = 'photosMoveRequestedAt';
/** An ask older than this is taken as lost (its change never reached the stream) and may be made again. */
const STALE_MOVE_REQUEST_MS = 10 * 60 * 1000;

export type PictureSet = 'photos' | 'all';

/** What a move came to: the record as saved, or why nothing was written. */
export type MoveOutcome = { kind: 'saved'; user: User } | { kind: 'gone' } | { kind: 'leaving' } | { kind: 'conflict' } | { kind: 'refused'; message: string };

interface PictureState {
  user: User;
  leaving: boolean;
  /** As stored (not defaulted): the condition that nothing changed since compares against it. */
  storedPrivacy: unknown;
  retired: string[];
  /** PHOTOS_MOVE_REQUESTED as stored, or null. */
  moveRequested: string | null;
}

async function readPictureState(uid: string): Promise<PictureState | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid), ConsistentRead: true }));
  if (!Item) return null;
  const retired = Item[RETIRED_PICTURES];
  return {
    user: userSchema.parse(withoutStorageAttributes(Item)),
    leaving: Item[REMOVAL_PENDING] !== undefined,
    storedPrivacy: Item.privacy,
    retired: retired instanceof Set ? [...(retired as Set<string>)] : [],
    moveRequested: typeof Item[PHOTOS_MOVE_REQUESTED] === 'string' ? (Item[PHOTOS_MOVE_REQUESTED] as string) : null,
  };
}

/**
 * Deletes retired objects, then takes them off the record (a member already gone has no record to
 * update; their files go with the rest of their prefixes). Deleting an absent key is a no-op, so a
 * repeat is harmless.
 */
export async function deleteRetiredPictures(uid: string, retired?: readonly string[]): Promise<void> {
  const keysToDelete = retired ?? (await readPictureState(uid))?.retired ?? [];
  if (keysToDelete.length === 0) return;
  await Promise.all(keysToDelete.map((key) => deletePicture(key)));
  await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: 'DELETE #retired :keys',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#retired': RETIRED_PICTURES },
      ExpressionAttributeValues: { ':keys': new Set(keysToDelete) },
    }),
  );
}

/** One picture field to point at a new key: the profile picture, or the photo at an index. */
interface Move {
  field: 'profilePicture' | number;
  from: string;
  to: string;
}

/**
 * Copies each of the member's own pictures to a new version; a picture whose object is gone has
 * nothing to revoke and stays. When one copy fails, it and the copies already made are deleted
 * before the error is thrown: nothing names them, and a retry makes copies of its own.
 */
async function copyToNewVersions(uid: string, pictures: { field: Move['field']; key: string }[]): Promise<Move[]> {
  const copies = await Promise.allSettled(
    pictures
      .filter(({ key }) => isMemberPictureKey(uid, key))
      .map(async ({ field, key }): Promise<Move | null> => {
        const type = await pictureType(key);
        if (!type) return null;
        const to = newPictureKey(uid, type);
        try {
          await copyPicture(key, to, type);
        } catch (error) {
          if (isMissingObject(error)) return null;
          // A copy that timed out may still have landed: nothing will name it.
          await persistently(() => deletePicture(to));
          throw error;
        }
        return { field, from: key, to };
      }),
  );
  const moves = copies.flatMap((copy) => (copy.status === 'fulfilled' && copy.value ? [copy.value] : []));
  const failed = copies.find((copy) => copy.status === 'rejected');
  if (failed) {
    await Promise.all(moves.map((move) => persistently(() => deletePicture(move.to))));
    throw failed.reason;
  }
  return moves;
}

/**
 * An idempotent clean-up step (a read, a delete) tried again with the data layer's backoff
 * whatever failed, so a passing fault does not leave an unnamed copy behind; the last error is
 * thrown once the tries are spent.
 */
function persistently<T>(step: () => Promise<T>): Promise<T> {
  return withBackoff(async (retry) => {
    try {
      return await step();
    } catch (error) {
      return retry(error);
    }
  });
}

/** Thrown through withBackoff while the record keeps changing under a move; answered as 'conflict'. */
class RecordChanged extends Error {
  constructor() {
    super('The member record changed while pictures moved');
    this.name = 'RecordChanged';
  }
}

/** The parts of one UpdateItem, gathered clause by clause (DynamoDB refuses unused names and values). */
interface UpdateParts {
  sets: string[];
  conditions: string[];
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** Each moved field set to its new key and still holding what was read; the old keys retired. */
function addMoves(parts: UpdateParts, moves: readonly Move[], photoCount: number): void {
  moves.forEach((move, index) => {
    parts.values[`:to${index}`] = move.to;
    parts.values[`:from${index}`] = move.from;
    if (move.field === 'profilePicture') {
      parts.sets.push(`profilePicture = :to${index}`);
      parts.conditions.push(`profilePicture = :from${index}`);
      return;
    }
    // A list index cannot be an expression value; it comes from the list just read. An entry from
    // before photos had ids keeps its old key as its id, so the gallery still names it.
    const path = `photos[${move.field}]`;
    Object.assign(parts.names, { '#url': 'url', '#id': 'id' });
    parts.sets.push(`${path}.#url = :to${index}`, `${path}.#id = if_not_exists(${path}.#id, :from${index})`);
    parts.conditions.push(`${path}.#url = :from${index}`);
  });
  if (moves.some((move) => move.field !== 'profilePicture')) {
    parts.conditions.push('size(photos) = :photoCount');
    parts.values[':photoCount'] = photoCount;
  }
}

/** What a caller writes beside the moves (the privacy settings, a cleared ask), with the condition it was judged on. */
type ExtraWrite = Omit<UpdateParts, 'names'> & { names?: Record<string, string>; removes?: string[] };

/**
 * Moves pictures to new versions in one conditional write with `extra`, retried from a fresh read
 * when the record changed in between. `choose` picks the pictures to move from the record as read.
 * A member being removed is left alone: their files are about to be deleted anyway.
 */
async function moveWith(
  uid: string,
  choose: (state: PictureState) => { field: Move['field']; key: string }[],
  extra?: (state: PictureState) => ExtraWrite | undefined,
  refusal?: (user: User) => string | null,
): Promise<MoveOutcome> {
  try {
    return await withBackoff(async (retry) => {
      const state = await readPictureState(uid);
      if (!state) return { kind: 'gone' } as const;
      if (state.leaving) return { kind: 'leaving' } as const;
      // Judged on the record the write is conditioned on, so a racing save cannot slip past it.
      const refused = refusal?.(state.user);
      if (refused) return { kind: 'refused', message: refused } as const;
      await deleteRetiredPictures(uid, state.retired);
      const more = extra?.(state);
      const moves = await copyToNewVersions(uid, choose(state));
      if (moves.length === 0 && !more) return { kind: 'saved', user: state.user } as const;
      const parts: UpdateParts = {
        sets: [...(more?.sets ?? [])],
        conditions: ['attribute_exists(pk)', 'attribute_not_exists(#pending)', ...(more?.conditions ?? [])],
        names: { '#pending': REMOVAL_PENDING, ...more?.names },
        values: { ...more?.values },
      };
      addMoves(parts, moves, state.user.photos.length);
      if (moves.length > 0) {
        parts.names['#retired'] = RETIRED_PICTURES;
        parts.values[':retired'] = new Set(moves.map((move) => move.from));
      }
      const clauses = [
        parts.sets.length > 0 ? `SET ${parts.sets.join(', ')}` : '',
        moves.length > 0 ? 'ADD #retired :retired' : '',
        more?.removes?.length ? `REMOVE ${more.removes.join(', ')}` : '',
      ];
      const update = new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(uid),
        UpdateExpression: clauses.filter(Boolean).join(' '),
        ConditionExpression: parts.conditions.join(' AND '),
        ExpressionAttributeNames: parts.names,
        ...(Object.keys(parts.values).length > 0 && { ExpressionAttributeValues: parts.values }),
        ReturnValues: 'ALL_NEW',
      });
      let written: Awaited<ReturnType<typeof conditionalWrite<UpdateCommand>>>;
      try {
        written = await conditionalWrite(update);
      } catch (error) {
        // A timed-out write may still have been applied: keep the copies the record names.
        await dropUnnamedCopies(uid, moves);
        throw error;
      }
      if (!written) {
        await dropUnnamedCopies(uid, moves);
        return retry(new RecordChanged());
      }
      await deleteRetiredPictures(
        uid,
        moves.map((move) => move.from),
      );
      return { kind: 'saved', user: userSchema.parse(withoutStorageAttributes(written.Attributes ?? {})) } as const;
    });
  } catch (error) {
    if (error instanceof RecordChanged) return { kind: 'conflict' };
    throw error;
  }
}

/**
 * Deletes new copies the record does not name (a write that did not land): they were never handed
 * out. The record is read first, through faults: a timed-out write may have been applied, and the
 * copies it names must stay.
 */
async function dropUnnamedCopies(uid: string, moves: readonly Move[]): Promise<void> {
  if (moves.length === 0) return;
  const current = await persistently(() => readPictureState(uid));
  const named = new Set([current?.user.profilePicture, ...(current?.user.photos.map((photo) => photo.url) ?? [])]);
  await Promise.all(moves.filter((move) => !named.has(move.to)).map((move) => persistently(() => deletePicture(move.to))));
}

function photoFields(user: User) {
  return user.photos.map((photo, index) => ({ field: index, key: photo.url }));
}

/**
 * Moves a member's pictures to new keys, so every URL handed out for them stops working (on AWS
 * once CloudFront's edge copies expire, at most 5 minutes): 'photos' for the gallery, 'all' with
 * the profile picture too (blocking and the like, where the name's audience shrinks for one
 * member). With `onlyIf`, only when the record as read satisfies it (the check and the move see the
 * same record). Safe to retry and to run twice; a picture whose object is missing stays as it is.
 */
export function rekeyPictures(uid: string, which: PictureSet, onlyIf: (user: User) => boolean = () => true): Promise<MoveOutcome> {
  return moveWith(uid, (state) => {
    if (!onlyIf(state.user)) return [];
    return [...(which === 'all' ? [{ field: 'profilePicture' as const, key: state.user.profilePicture }] : []), ...photoFields(state.user)];
  });
}

/**
 * Asks for a move of the member's photos, coalesced: sets PHOTOS_MOVE_REQUESTED on their record
 * unless an ask is already pending (or the member is gone or leaving), when `onlyIf` holds for the
 * record as read. The table's stream makes the move when it reaches this write's own change
 * (movePhotosAsked), after every change of the member's partition written before it: a burst of
 * asks (three anchors removed in a row) moves each photo once, and an ask made after the move has
 * read the record finds it cleared and asks again. True when this call set it.
 */
export async function requestPhotosMove(uid: string, onlyIf: (user: User) => boolean, now = new Date()): Promise<boolean> {
  const state = await readPictureState(uid);
  if (!state || state.leaving || !onlyIf(state.user) || state.user.photos.length === 0) return false;
  const written = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: 'SET #requested = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#pending) AND (attribute_not_exists(#requested) OR #requested < :stale)',
      ExpressionAttributeNames: { '#requested': PHOTOS_MOVE_REQUESTED, '#pending': REMOVAL_PENDING },
      ExpressionAttributeValues: { ':now': now.toISOString(), ':stale': new Date(now.getTime() - STALE_MOVE_REQUEST_MS).toISOString() },
    }),
  );
  return Boolean(written);
}

/**
 * The asked move (requestPhotosMove): the photos move to new keys when `onlyIf` still holds, and the
 * ask is cleared in the same write, conditioned on being the ask read. Nothing asked, nothing done.
 */
export function movePhotosAsked(uid: string, onlyIf: (user: User) => boolean): Promise<MoveOutcome> {
  return moveWith(
    uid,
    (state) => (state.moveRequested !== null && onlyIf(state.user) ? photoFields(state.user) : []),
    (state) =>
      state.moveRequested === null
        ? undefined
        : {
            sets: [],
            conditions: ['#requested = :requested'],
            names: { '#requested': PHOTOS_MOVE_REQUESTED },
            values: { ':requested': state.moveRequested },
            removes: ['#requested'],
          },
  );
}

/**
 * The Privacy tab's save: the six settings replace the stored ones, and when `photosMustMove` says
 * the photos' audience shrank from what was stored, the photos move to new keys in the same write.
 * The write is conditioned on the stored settings being the ones judged, so two saves racing can
 * never leave a wider audience's URLs valid under a narrower setting. `refusal` judges the record as
 * read (a suspended member widening it): its sentence is answered as 'refused', nothing written.
 */
export function savePrivacyMovingPhotos(
  uid: string,
  privacy: User['privacy'],
  photosMustMove: (before: User['privacy']) => boolean,
  now = new Date(),
  refusal?: (user: User) => string | null,
): Promise<MoveOutcome> {
  return moveWith(
    uid,
    (state) => (photosMustMove(state.user.privacy) ? photoFields(state.user) : []),
    (state) => ({
      sets: ['privacy = :privacy', 'lastActive = :now'],
      conditions: [state.storedPrivacy === undefined ? 'attribute_not_exists(privacy)' : 'privacy = :storedPrivacy'],
      values: { ':privacy': privacy, ':now': now.toISOString(), ...(state.storedPrivacy !== undefined && { ':storedPrivacy': state.storedPrivacy }) },
    }),
    refusal,
  );
}

/**
 * Names a freshly copied picture as the member's profilePicture and retires the one it replaces, in
 * one write conditioned on the replaced one (a racing confirmation is read again), then deletes the
 * retired objects. 'gone' when the record does not exist.
 */
export async function recordProfilePicture(uid: string, key: string, now = new Date()): Promise<MoveOutcome> {
  try {
    return await withBackoff(async (retry) => {
      const state = await readPictureState(uid);
      if (!state) return { kind: 'gone' } as const;
      const previous = state.user.profilePicture;
      const retires = previous !== key && isMemberPictureKey(uid, previous);
      const written = await conditionalWrite(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.user(uid),
          UpdateExpression: `SET profilePicture = :key, lastActive = :now${retires ? ' ADD #retired :retired' : ''}`,
          ConditionExpression: previous
            ? 'profilePicture = :previous'
            : 'attribute_exists(pk) AND (attribute_not_exists(profilePicture) OR profilePicture = :previous)',
          ...(retires && { ExpressionAttributeNames: { '#retired': RETIRED_PICTURES } }),
          ExpressionAttributeValues: { ':key': key, ':now': now.toISOString(), ':previous': previous, ...(retires && { ':retired': new Set([previous]) }) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      if (!written) return retry(new RecordChanged());
      const retired = written.Attributes?.[RETIRED_PICTURES];
      await deleteRetiredPictures(uid, retired instanceof Set ? [...(retired as Set<string>)] : []);
      return { kind: 'saved', user: userSchema.parse(withoutStorageAttributes(written.Attributes ?? {})) } as const;
    });
  } catch (error) {
    if (error instanceof RecordChanged) return { kind: 'conflict' };
    throw error;
  }
}
