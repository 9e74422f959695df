import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callableNames, callables } from '#contracts/callables';
import { AppError } from '#domain/app-error';

const memberRecordExists = vi.fn<(uid: string) => Promise<boolean>>();
vi.mock('#data/member-presence', () => ({ memberRecordExists: (uid: string) => memberRecordExists(uid) }));
const { BEFORE_RECORD_CALLABLES, NO_RECORD_MESSAGE, requireMemberRecord } = await import('#http/member-presence');

const caller = { uid: 'u1', username: 'u1', groups: [] };

beforeEach(() => {
  memberRecordExists.mockReset();
});

describe("requireMemberRecord: a removed member's token is refused", () => {
  it('reads the record once (one GetItem) for every callable that needs a member, and lets an existing member through', async () => {
    memberRecordExists.mockResolvedValue(true);
    const guarded = callableNames.filter((name) => callables[name].access !== 'public' && !BEFORE_RECORD_CALLABLES.has(name));
    for (const name of guarded) await requireMemberRecord(name, caller);
    expect(memberRecordExists).toHaveBeenCalledTimes(guarded.length);
    expect(memberRecordExists).toHaveBeenCalledWith('u1');
  });

  it("answers 404 'User not found' when the record is gone", async () => {
    memberRecordExists.mockResolvedValue(false);
    const refusal = await requireMemberRecord('createPost', caller).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 'not-found', message: NO_RECORD_MESSAGE });
  });

  it('does not look for getMe, createUserRecord and deleteMyAccount (they must work without the record) nor for public callables', async () => {
    expect([...BEFORE_RECORD_CALLABLES].sort()).toEqual(['createUserRecord', 'deleteMyAccount', 'getMe']);
    await requireMemberRecord('getMe', caller);
    await requireMemberRecord('createUserRecord', caller);
    await requireMemberRecord('deleteMyAccount', caller);
    await requireMemberRecord('validateInviteCode', caller);
    await requireMemberRecord('validateInviteCode', null);
    expect(memberRecordExists).not.toHaveBeenCalled();
  });
});
