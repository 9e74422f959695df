import { UNVERIFIED_QUEUE } from '#data/table';
import { scanItemsLacking, setWhileHolding, type ScannedItem } from '#data/migrations';
import { repointAuthorDetails } from '#data/posts';
import type { Migration } from './migration.ts';

/**
 * Verification in person starts on a stage whose members are all 'pending' but its founder, whose
 * record said 'verified' with nothing to say how. The founder gets verifiedVia 'founder' and a
 * verifiedAt (verified from the start: no vouches, no lapse); every other member who joined and is
 * still pending gets the queue attributes that list them for the admins as not yet verified in
 * person (GSI queues: `queue` UNVERIFIED, `queueKey` joinedAt#uid), as joining now sets them. Each
 * write holds only while what it was computed from is unchanged, so a verification written
 * meanwhile (which takes a member out of the queue) is never undone. The founder's posts, comments
 * and likes from before get the badge their record now gives (the stream copies it only when the
 * level changes, and the founder's was 'verified' already).
 */

type Attributes = Record<string, unknown>;

/** What the migration writes to one member record (an empty map: nothing), and on what it depends. */
export function verificationBackfillOf(uid: string, attributes: Attributes, now: Date): { values: Attributes; holding: Attributes } {
  if (attributes.isFounder === true) {
    if (attributes.verifiedVia !== undefined) return { values: {}, holding: {} };
    return {
      values: { verificationLevel: 'verified', verifiedVia: 'founder', verifiedAt: now.toISOString() },
      holding: { isFounder: true, verifiedVia: undefined },
    };
  }
  const joinedAt = attributes.joinedAt;
  const pending = attributes.verificationLevel === undefined || attributes.verificationLevel === 'pending';
  if (typeof joinedAt !== 'string' || joinedAt === '' || !pending || attributes.queue !== undefined) return { values: {}, holding: {} };
  return {
    values: { queue: UNVERIFIED_QUEUE, queueKey: `${joinedAt}#${uid}` },
    holding: { queue: undefined, joinedAt, verificationLevel: attributes.verificationLevel, isFounder: attributes.isFounder },
  };
}

export const verifiedInPerson: Migration = {
  version: '0006',
  description:
    "Member records: the founder verified in person (verifiedVia 'founder', verifiedAt); every joined member still pending listed as not yet verified (queue UNVERIFIED, queueKey joinedAt#uid)",
  run: async ({ now }, { dryRun }) => {
    let changed = 0;
    const scanned = await scanItemsLacking(
      'member',
      // Every member lacks one of the two: a pending one verifiedVia, a verified one queue.
      { lacking: ['verifiedVia', 'queue'], read: ['isFounder', 'verificationLevel', 'joinedAt'] },
      async ({ key, owner, attributes }: ScannedItem) => {
        const { values, holding } = verificationBackfillOf(owner, attributes, now);
        if (Object.keys(values).length === 0) return;
        if (dryRun) changed += 1;
        else if (await setWhileHolding(key, values, holding)) {
          changed += 1;
          if (values.verifiedVia === 'founder') await repointAuthorDetails(owner);
        }
      },
    );
    return { scanned, changed };
  },
};
