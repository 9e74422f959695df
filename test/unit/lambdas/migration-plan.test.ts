import { describe, expect, it } from 'vitest';
import { feedEntryExpiresAt } from '../../../lambdas/migrations/0004-feed-entry-expiry.ts';
import { joinedAtOf } from '../../../lambdas/migrations/0001-member-joined-state.ts';
import { verificationBackfillOf } from '../../../lambdas/migrations/0006-verified-in-person.ts';
import { assertSoundRegistry, pendingMigrations, registryProblems, unknownAppliedVersions } from '../../../lambdas/migrations/plan.ts';
import { migrations } from '../../../lambdas/migrations/registry.ts';

const m = (version: string, description = `migration ${version}`) => ({ version, description });

describe('the migration registry', () => {
  it('is sound: four-digit versions, ascending, unique, each described', () => {
    expect(registryProblems(migrations)).toEqual([]);
    expect(migrations.map((migration) => migration.version)).toEqual(['0001', '0002', '0003', '0004', '0005', '0006']);
  });

  it('names each fault: a malformed version, one out of order, a duplicate, no description', () => {
    expect(registryProblems([m('1')])).toEqual(['Migration version "1" is not four digits (0001, 0002, …).']);
    expect(registryProblems([m('0002'), m('0001')])).toEqual([
      'Migration 0001 is listed after 0002: the registry runs in ascending order, new ones at the end.',
    ]);
    expect(registryProblems([m('0001'), m('0001')])).toEqual(['Migration version 0001 is listed twice.']);
    expect(registryProblems([m('0001', ' ')])).toEqual(['Migration 0001 has no description.']);
    expect(() => assertSoundRegistry([m('0001'), m('0003'), m('0002')])).toThrow('Migration 0002 is listed after 0003');
  });
});

describe('what a stage still needs', () => {
  const registry = [m('0001'), m('0002'), m('0003')];

  it('the unapplied ones, in registry order, whatever order the stage lists its records in', () => {
    expect(pendingMigrations(registry, []).map((x) => x.version)).toEqual(['0001', '0002', '0003']);
    expect(pendingMigrations(registry, ['0002']).map((x) => x.version)).toEqual(['0001', '0003']);
    expect(pendingMigrations(registry, ['0003', '0001', '0002'])).toEqual([]);
  });

  it('versions the stage applied that this checkout does not know (a newer checkout ran there)', () => {
    expect(unknownAppliedVersions(registry, ['0001', '0004'])).toEqual(['0004']);
    expect(unknownAppliedVersions(registry, ['0001'])).toEqual([]);
  });
});

describe("the backfills' values", () => {
  it('an older member joined when their invite was used, else when their record was made; never without an invite used', () => {
    const used = { invitedBy: 'inviter', createdAt: '2026-01-01T00:00:00.000Z', inviteSystem: { invitedAt: '2026-01-02T00:00:00.000Z' } };
    expect(joinedAtOf(used)).toBe('2026-01-02T00:00:00.000Z');
    expect(joinedAtOf({ ...used, inviteSystem: { inviteCode: 'ABCD2345' } })).toBe('2026-01-01T00:00:00.000Z');
    expect(joinedAtOf({ createdAt: '2026-01-01T00:00:00.000Z', inviteSystem: { invitedBy: null } })).toBeNull();
    expect(joinedAtOf({ invitedBy: null, createdAt: '2026-01-01T00:00:00.000Z' })).toBeNull();
  });

  it("a feed entry expires 90 days after its post: the entry's copied createdAt, else its ULID's time", () => {
    const day = 24 * 60 * 60;
    expect(feedEntryExpiresAt('01KAAAAAAAAAAAAAAAAAAAAAAA', '2026-01-01T00:00:00.000Z')).toBe(Date.parse('2026-01-01T00:00:00.000Z') / 1000 + 90 * day);
    // 01JGFJJZ00: 2025-01-01T00:00:00.000Z as a ULID's time part.
    expect(feedEntryExpiresAt('01JGFJJZ000000000000000000', undefined)).toBe(Date.parse('2025-01-01T00:00:00.000Z') / 1000 + 90 * day);
    expect(feedEntryExpiresAt('not-a-ulid', undefined)).toBeNull();
  });

  it('the founder is verified from the start, once; a joined pending member is listed as not yet verified; nobody else changes', () => {
    const now = new Date('2026-11-29T06:00:00.000Z');
    expect(verificationBackfillOf('fay', { isFounder: true, verificationLevel: 'verified', joinedAt: null }, now)).toEqual({
      values: { verificationLevel: 'verified', verifiedVia: 'founder', verifiedAt: '2026-11-29T06:00:00.000Z' },
      holding: { isFounder: true, verifiedVia: undefined },
    });
    expect(verificationBackfillOf('fay', { isFounder: true, verificationLevel: 'verified', verifiedVia: 'founder' }, now).values).toEqual({});
    // Written while the member is still pending, joined at that time and outside the queue: a verification meanwhile wins.
    expect(verificationBackfillOf('bob', { verificationLevel: 'pending', joinedAt: '2026-02-01T12:00:00.000Z', isFounder: false }, now)).toEqual({
      values: { queue: 'UNVERIFIED', queueKey: '2026-02-01T12:00:00.000Z#bob' },
      holding: { queue: undefined, joinedAt: '2026-02-01T12:00:00.000Z', verificationLevel: 'pending', isFounder: false },
    });
    // An older record without a level is pending too.
    expect(verificationBackfillOf('ann', { joinedAt: '2026-01-10T09:00:00.000Z' }, now).values).toEqual({
      queue: 'UNVERIFIED',
      queueKey: '2026-01-10T09:00:00.000Z#ann',
    });
    // Still joining, already verified, already listed: nothing.
    expect(verificationBackfillOf('cal', { verificationLevel: 'pending', joinedAt: null }, now).values).toEqual({});
    expect(verificationBackfillOf('dee', { verificationLevel: 'verified', joinedAt: '2026-04-01T00:00:00.000Z' }, now).values).toEqual({});
    expect(verificationBackfillOf('eve', { verificationLevel: 'pending', joinedAt: '2026-04-01T00:00:00.000Z', queue: 'UNVERIFIED' }, now).values).toEqual({});
  });
});
