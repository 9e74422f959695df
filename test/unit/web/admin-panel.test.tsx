// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES, type AdminMember } from '#contracts/admin';
import type { InviteTreeNode } from '#contracts/removal';
import type { User } from '#contracts/user';
import { answers, ApiError, calls, resetScriptedApi } from '../../support/scripted-api.ts';

/** The API, answered per callable by the test; every call is recorded (test/support/scripted-api.ts). */
vi.mock('../../../web/src/lib/api-client.ts', () => import('../../support/scripted-api.ts'));

const { installJsdomShims, renderRoute, testMember } = await import('../../support/render-web-route.tsx');
const { flattenTree, TREE_INDENT_PX } = await import('../../../web/src/features/admin/components/invite-tree.tsx');
const { removalOutcome } = await import('../../../web/src/features/admin/admin-messages.ts');

// The lazy admin route's first load can take seconds on a busy machine (the full suite runs
// every project at once): wait longer than testing-library's default second.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

beforeAll(installJsdomShims);

beforeEach(() => {
  resetScriptedApi();
});

afterEach(() => cleanup());

function me(): User {
  return testMember({ uid: 'admin-1', displayName: 'Ada Admin', now: new Date() });
}

function member(uid: string, displayName: string, overrides: Partial<AdminMember> = {}): AdminMember {
  return {
    uid,
    displayName,
    email: `${uid}@example.com`,
    location: { city: 'Austin', state: 'Texas', country: 'United States' },
    isSuperuser: false,
    isAdmin: false,
    verifiedInPerson: false,
    ...overrides,
  };
}

function node(id: string, invitedUsers: InviteTreeNode[] = []): InviteTreeNode {
  return { id, displayName: `Name ${id}`, email: `${id}@example.com`, location: { city: 'Austin', state: 'Texas', country: 'United States' }, invitedUsers };
}

function renderAdmin({ groups, stage = 'local' }: { groups: string[]; stage?: 'local' | 'dev' | 'prod' }) {
  // An admin's record says so too (the panel, like the server, wants both).
  renderRoute('/admin', {
    stage,
    session: { userId: 'admin-1', email: 'ada@example.com', emailVerifiedClaim: true, groups },
    me: { ...me(), isAdmin: groups.includes('admin') },
  });
}

function adminAnswers(extra: Record<string, (data: unknown) => unknown> = {}) {
  Object.assign(answers, {
    getAdminOverview: () => ({
      stats: { totalUsers: 12, superusers: 1, distinctCities: 3 },
      superusers: [member('su-1', 'Sam Super', { isSuperuser: true })],
      admins: [],
    }),
    listAuditLog: () => ({
      entries: [
        {
          entryId: '01B',
          action: 'grantSuperuser',
          actorId: 'admin-1',
          actorName: 'Ada Admin',
          targetId: 'su-1',
          targetName: 'Sam Super',
          reason: 'Runs Austin',
          at: '2026-11-22T01:00:00.000Z',
        },
      ],
    }),
    searchMembers: () => ({ members: [member('admin-1', 'Ada Admin', { isAdmin: true, verifiedInPerson: true }), member('m-2', 'Bea Member')] }),
    ...extra,
  });
}

/** The grant form's member select (its label also names the options list). */
/** The Reason box of one grant form (Grant Superuser Status, Grant Admin). */
function reasonIn(form: string): HTMLElement {
  return within(screen.getByRole('region', { name: form })).getByLabelText(/^Reason/);
}

function memberInputIn(form: string): HTMLElement {
  const input = within(screen.getByRole('region', { name: form }))
    .getAllByLabelText(/^Member/)
    .find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error('No member select');
  return input;
}

function memberInput(): HTMLElement {
  const input = screen.getAllByLabelText(/^Member/).find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error('No member select');
  return input;
}

async function searchFor(text: string) {
  fireEvent.change(await screen.findByLabelText('Search by name or email'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

/** Gives the open remove dialog a reason, ticks the acknowledgment and presses the final button. */
function confirmRemoval(dialog: HTMLElement, reason: string) {
  fireEvent.change(within(dialog).getByLabelText(/Reason for removal/), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('checkbox'));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove User and Invite Tree' }));
}

/** The calls the panel made (the app shell reads every member's standing for its suspension banner, and their notifications for the bell). */
function adminCalls() {
  return calls.filter((call) => call.name !== 'getMyStanding' && call.name !== 'listNotifications');
}

describe('/admin for non-admins', () => {
  it("says 'Access denied. Admin privileges required.' and offers Make Me Admin locally, which calls setAdminClaim with the own uid", async () => {
    Object.assign(answers, { setAdminClaim: () => Promise.reject(new ApiError('unimplemented', 'This function is not available.')) });
    renderAdmin({ groups: [] });
    expect(await screen.findByText('Access denied. Admin privileges required.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Make Me Admin' }));
    expect(await screen.findByText('Failed to set admin claim. This function may not be deployed.')).toBeTruthy();
    expect(adminCalls()).toEqual([{ name: 'setAdminClaim', data: { userId: 'admin-1' } }]);
  });

  it("shows the server's sentence when Make Me Admin is refused (403: not on the dev stage's devAdminEmails list)", async () => {
    Object.assign(answers, { setAdminClaim: () => Promise.reject(new ApiError('permission-denied', ADMIN_MESSAGES.notOnDevAdminList)) });
    renderAdmin({ groups: [], stage: 'dev' });
    fireEvent.click(await screen.findByRole('button', { name: 'Make Me Admin' }));
    expect(await screen.findByText(ADMIN_MESSAGES.notOnDevAdminList)).toBeTruthy();
    expect(screen.queryByText('Failed to set admin claim. This function may not be deployed.')).toBeNull();
  });

  it('offers no Make Me Admin on prod and reads no admin data', async () => {
    renderAdmin({ groups: [], stage: 'prod' });
    expect(await screen.findByText('Access denied. Admin privileges required.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make Me Admin' })).toBeNull();
    expect(adminCalls()).toEqual([]);
  });
});

describe('/admin for admins', () => {
  it('shows superusers, stats, notes and the audit log', async () => {
    adminAnswers();
    renderAdmin({ groups: ['admin'] });
    expect(within(await screen.findByTestId('superuser-row')).getByText('Sam Super')).toBeTruthy();
    expect(within(screen.getByTestId('stat-totalUsers')).getByText('12')).toBeTruthy();
    expect(within(screen.getByTestId('stat-distinctCities')).getByText('3')).toBeTruthy();
    expect(screen.getByText(/unlimited invites for new cities/)).toBeTruthy();
    const entry = await screen.findByTestId('audit-entry');
    expect(within(entry).getByText('Granted superuser status')).toBeTruthy();
    expect(within(entry).getByText('Runs Austin')).toBeTruthy();
  });

  it('a long name and email: the admins card cuts them to one line, the superusers card wraps them; Revoke stays whole in both', async () => {
    const long = 'Maximilian Bartholomew Featherstonehaugh-Cholmondeley';
    adminAnswers({
      getAdminOverview: () => ({
        stats: { totalUsers: 12, superusers: 1, distinctCities: 3 },
        superusers: [member('su-long', long, { isSuperuser: true })],
        admins: [{ ...member('ad-long', long, { isAdmin: true }), isFounder: false, adminSince: null }],
      }),
    });
    renderAdmin({ groups: ['admin'] });
    const rows = [
      { row: await screen.findByTestId('superuser-row'), cut: null },
      { row: await screen.findByTestId('admin-row'), cut: 'end' },
    ];
    for (const { row, cut } of rows) {
      const email = within(row).getByText(/@example\.com/);
      expect(within(row).getByText(long).getAttribute('data-truncate')).toBe(cut);
      expect(email.getAttribute('data-truncate')).toBe(cut);
      expect(within(row).getByRole('button', { name: new RegExp(`^Revoke .*${long}$`) })).toBeTruthy();
    }
  });

  it('Revoke asks a reason: an empty one does nothing, a given one revokes', async () => {
    adminAnswers({ revokeSuperuserStatus: () => ({ member: member('su-1', 'Sam Super'), changed: true, auditEntry: null }) });
    renderAdmin({ groups: ['admin'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke superuser status: Sam Super' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.name === 'revokeSuperuserStatus')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke superuser status: Sam Super' }));
    const again = await screen.findByRole('dialog');
    fireEvent.change(within(again).getByRole('textbox'), { target: { value: '  Moved away ' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Superuser status revoked successfully!')).toBeTruthy();
    expect(calls.filter((call) => call.name === 'revokeSuperuserStatus')).toEqual([
      { name: 'revokeSuperuserStatus', data: { userId: 'su-1', reason: 'Moved away' } },
    ]);
  });

  it('lists the founder among superusers without Revoke: the server refuses it', async () => {
    const founder = member('f-1', 'Fay Founder', { isAdmin: true, isSuperuser: true });
    adminAnswers({
      getAdminOverview: () => ({
        stats: { totalUsers: 12, superusers: 2, distinctCities: 3 },
        superusers: [founder, member('su-1', 'Sam Super', { isSuperuser: true })],
        admins: [{ ...founder, isFounder: true, adminSince: null }],
      }),
    });
    renderAdmin({ groups: ['admin'] });
    await screen.findAllByTestId('superuser-row');
    const [founderRow, superuserRow] = screen.getAllByTestId('superuser-row');
    if (!founderRow || !superuserRow) throw new Error('Two superuser rows expected');
    expect(within(founderRow).getByText('Founder')).toBeTruthy();
    expect(within(founderRow).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(within(superuserRow).getByRole('button', { name: 'Revoke superuser status: Sam Super' })).toBeTruthy();
  });

  it('grant form: a member found on the server and a reason; Grant stays disabled until both; a double click grants once and empties the form', async () => {
    adminAnswers({ grantSuperuserStatus: () => ({ member: member('m-2', 'Bea Member', { isSuperuser: true }), changed: true, auditEntry: null }) });
    renderAdmin({ groups: ['admin'] });
    const grantButton = (await screen.findByRole('button', { name: 'Grant Superuser Status' })) as HTMLButtonElement;
    expect(grantButton.disabled).toBe(true);
    const select = memberInput();
    // Mantine treats a change to an unfocused input as autofill, not typing.
    select.focus();
    fireEvent.click(select);
    fireEvent.change(select, { target: { value: 'Bea' } });
    // jsdom runs no transitions, so the open dropdown keeps display: none.
    fireEvent.click(await screen.findByRole('option', { name: 'Bea Member (m-2@example.com)', hidden: true }));
    await waitFor(() => expect(calls.some((call) => call.name === 'searchMembers' && (call.data as { query: string }).query === 'Bea')).toBe(true));
    expect(grantButton.disabled).toBe(true);
    fireEvent.change(reasonIn('Grant Superuser Status'), { target: { value: '  Starts the Waco chapter ' } });
    expect(grantButton.disabled).toBe(false);
    fireEvent.click(grantButton);
    fireEvent.click(grantButton);
    expect(await screen.findByText('Superuser status granted successfully!')).toBeTruthy();
    expect(calls.filter((call) => call.name === 'grantSuperuserStatus')).toEqual([
      { name: 'grantSuperuserStatus', data: { userId: 'm-2', reason: 'Starts the Waco chapter' } },
    ]);
    expect(screen.queryByText(/Failed to grant/)).toBeNull();
    await waitFor(() => expect((reasonIn('Grant Superuser Status') as HTMLTextAreaElement).value).toBe(''));
    expect((memberInputIn('Grant Superuser Status') as HTMLInputElement).value).toBe('');
  });

  it("a refused grant says 'Failed to grant superuser status' with the server's reason", async () => {
    adminAnswers({ grantSuperuserStatus: () => Promise.reject(new ApiError('not-found', 'User not found')) });
    renderAdmin({ groups: ['admin'] });
    await screen.findByRole('button', { name: 'Grant Superuser Status' });
    const select = memberInput();
    // Mantine treats a change to an unfocused input as autofill, not typing.
    select.focus();
    fireEvent.click(select);
    fireEvent.change(select, { target: { value: 'Bea' } });
    // jsdom runs no transitions, so the open dropdown keeps display: none.
    fireEvent.click(await screen.findByRole('option', { name: 'Bea Member (m-2@example.com)', hidden: true }));
    fireEvent.change(reasonIn('Grant Superuser Status'), { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant Superuser Status' }));
    expect(await screen.findByText('Failed to grant superuser status: User not found')).toBeTruthy();
  });

  it('Grant Superuser: a success that changed nothing (another admin first) says already a superuser, not a failure', async () => {
    adminAnswers({ grantSuperuserStatus: () => ({ member: member('m-2', 'Bea Member', { isSuperuser: true }), changed: false, auditEntry: null }) });
    renderAdmin({ groups: ['admin'] });
    await screen.findByRole('button', { name: 'Grant Superuser Status' });
    const select = memberInputIn('Grant Superuser Status');
    select.focus();
    fireEvent.click(select);
    fireEvent.change(select, { target: { value: 'Bea' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Bea Member (m-2@example.com)', hidden: true }));
    fireEvent.change(reasonIn('Grant Superuser Status'), { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant Superuser Status' }));
    expect(await screen.findByText('This member is already a superuser.')).toBeTruthy();
  });

  it('lists admins beside superusers: the founder without Revoke, the others with since when and Revoke', async () => {
    adminAnswers({
      getAdminOverview: () => ({
        stats: { totalUsers: 12, superusers: 0, distinctCities: 3 },
        superusers: [],
        admins: [
          { ...member('f-1', 'Fay Founder', { isAdmin: true }), isFounder: true, adminSince: null },
          { ...member('a-2', 'Al Admin', { isAdmin: true }), isFounder: false, adminSince: '2026-11-02T10:00:00.000Z' },
        ],
      }),
      revokeAdmin: () => ({ member: member('a-2', 'Al Admin'), changed: true, auditEntry: null }),
    });
    renderAdmin({ groups: ['admin'] });
    const rows = await screen.findAllByTestId('admin-row');
    expect(rows).toHaveLength(2);
    const [founderRow, adminRow] = rows;
    if (!founderRow || !adminRow) throw new Error('Two admin rows expected');
    expect([founderRow.textContent, adminRow.textContent]).toEqual([
      expect.stringContaining('Fay Founder'),
      expect.stringContaining('admin since Nov 2, 2026'),
    ]);
    expect(within(founderRow).queryByRole('button', { name: /Revoke/ })).toBeNull();
    fireEvent.click(within(adminRow).getByRole('button', { name: 'Revoke admin: Al Admin' }));
    fireEvent.change(await screen.findByLabelText(/admin role\?/), { target: { value: 'Stepped down' } });
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Admin role revoked successfully!')).toBeTruthy();
    expect(calls.filter((call) => call.name === 'revokeAdmin')).toEqual([{ name: 'revokeAdmin', data: { userId: 'a-2', reason: 'Stepped down' } }]);
  });

  it('Grant Admin: a success that changed nothing (a double click) says already an admin, not a failure, and the form is emptied', async () => {
    adminAnswers({ grantAdmin: () => ({ member: member('m-2', 'Bea Member', { isAdmin: true }), changed: false, auditEntry: null }) });
    renderAdmin({ groups: ['admin'] });
    const grantButton = (await screen.findByRole('button', { name: 'Grant Admin' })) as HTMLButtonElement;
    const select = memberInputIn('Grant Admin');
    select.focus();
    fireEvent.click(select);
    fireEvent.change(select, { target: { value: 'Bea' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Bea Member (m-2@example.com)', hidden: true }));
    fireEvent.change(reasonIn('Grant Admin'), { target: { value: 'Runs the Waco chapter' } });
    fireEvent.click(grantButton);
    expect(await screen.findByText('This member is already an admin.')).toBeTruthy();
    expect(calls.filter((call) => call.name === 'grantAdmin')).toEqual([{ name: 'grantAdmin', data: { userId: 'm-2', reason: 'Runs the Waco chapter' } }]);
    await waitFor(() => expect((reasonIn('Grant Admin') as HTMLTextAreaElement).value).toBe(''));
    expect((memberInputIn('Grant Admin') as HTMLInputElement).value).toBe('');
  });

  it('search lists members with Remove, but never on the own row', async () => {
    adminAnswers();
    renderAdmin({ groups: ['admin'] });
    await searchFor('a');
    const rows = await screen.findAllByTestId('member-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(rows[0] as HTMLElement).getByText('You')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Remove Bea Member' })).toBeTruthy();
    expect(calls.find((call) => call.name === 'searchMembers')?.data).toEqual({ query: 'a' });
  });

  it('search offers Revoke verification for a member verified in person and Verify in person for one who is not, never both', async () => {
    adminAnswers();
    renderAdmin({ groups: ['admin'] });
    await searchFor('a');
    const [verified, pending] = (await screen.findAllByTestId('member-row')) as [HTMLElement, HTMLElement];
    expect(within(verified).getByRole('button', { name: 'Revoke verification: Ada Admin' })).toBeTruthy();
    expect(within(verified).queryByRole('button', { name: /^Verify in person/ })).toBeNull();
    expect(within(verified).getByTestId('verified-badge')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Verify in person: Bea Member' })).toBeTruthy();
    expect(within(pending).queryByRole('button', { name: /^Revoke verification/ })).toBeNull();
  });

  it('the remove dialog: reason first, then the acknowledgment, then the button; the tree indented 20 px a level', async () => {
    adminAnswers({
      getUserInviteTree: () => ({ tree: node('m-2', [node('c-1', [node('g-1')])]), totalUsers: 3 }),
      removeUserAndInviteTree: () => ({ totalRemoved: 3, errors: [], complete: true, remaining: 0, inBackground: false }),
    });
    renderAdmin({ groups: ['admin'] });
    await searchFor('b');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Bea Member' }));
    const dialog = await screen.findByRole('dialog');
    const finalButton = within(dialog).getByRole('button', { name: 'Remove User and Invite Tree' }) as HTMLButtonElement;
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(finalButton.disabled).toBe(true);

    const reason = within(dialog).getByLabelText(/Reason for removal/);
    fireEvent.change(reason, { target: { value: 'x' } });
    fireEvent.change(reason, { target: { value: '   ' } });
    expect(within(dialog).getByText('Please provide a reason for removal')).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();

    fireEvent.change(reason, { target: { value: ' Spam ring ' } });
    const checkbox = within(dialog).getByRole('checkbox');
    expect(finalButton.disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Show invite tree' }));
    expect(await within(dialog).findByText('3 users will be removed')).toBeTruthy();
    const nodes = within(dialog).getAllByTestId('invite-tree-node');
    expect(nodes.map((element) => element.style.paddingLeft)).toEqual(['0px', '20px', '40px']);

    fireEvent.click(checkbox);
    expect(finalButton.disabled).toBe(false);
    fireEvent.click(finalButton);
    expect(await screen.findByText('Successfully removed 3 users from the platform')).toBeTruthy();
    expect(calls.filter((call) => call.name === 'removeUserAndInviteTree')).toEqual([
      { name: 'removeUserAndInviteTree', data: { userId: 'm-2', reason: 'Spam ring' } },
    ]);
  });

  it("says 'Failed to load invite tree' and 'Failed to remove user' when those calls fail", async () => {
    adminAnswers({
      getUserInviteTree: () => Promise.reject(new ApiError('internal', 'boom')),
      removeUserAndInviteTree: () => Promise.reject(new ApiError('internal', 'boom')),
    });
    renderAdmin({ groups: ['admin'] });
    await searchFor('b');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Bea Member' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show invite tree' }));
    expect(await within(dialog).findByText('Failed to load invite tree')).toBeTruthy();
    confirmRemoval(dialog, 'Spam');
    expect(await within(dialog).findByText('Failed to remove user')).toBeTruthy();
  });

  it("a tree holding an admin: the tree marks them, and the server's refusal is shown in the dialog", async () => {
    const refusal = 'Cannot remove this tree: it includes Name g-1 (an admin).';
    adminAnswers({
      getUserInviteTree: () => ({ tree: node('m-2', [node('c-1', [{ ...node('g-1'), protectedAs: 'admin' }])]), totalUsers: 3 }),
      removeUserAndInviteTree: () => Promise.reject(new ApiError('permission-denied', refusal)),
    });
    renderAdmin({ groups: ['admin'] });
    await searchFor('b');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Bea Member' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show invite tree' }));
    expect(await within(dialog).findByText('This tree includes an admin or the founder, so it cannot be removed.')).toBeTruthy();
    const nodes = within(dialog).getAllByTestId('invite-tree-node');
    expect(nodes.map((element) => element.textContent?.includes('(admin, cannot be removed)'))).toEqual([false, false, true]);
    confirmRemoval(dialog, 'Spam');
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', `Failed to remove user: ${refusal}`);
    // Still open, nothing claimed: no success or progress line.
    expect(screen.queryByText(/Successfully removed/)).toBeNull();
  });

  it('an unfinished removal says it continues in the background and its progress can be refreshed', async () => {
    let round = 0;
    adminAnswers({
      removeUserAndInviteTree: () => {
        round += 1;
        return round === 1
          ? { totalRemoved: 400, errors: [], complete: false, remaining: 600, inBackground: true }
          : { totalRemoved: 1000, errors: ['s3: users/x/photo-1.jpg'], complete: true, remaining: 0, inBackground: false };
      },
    });
    renderAdmin({ groups: ['admin'] });
    await searchFor('b');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Bea Member' }));
    const dialog = await screen.findByRole('dialog');
    confirmRemoval(dialog, 'Spam');
    expect(await screen.findByText('The removal continues in the background: 600 members are still to be removed.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh progress' }));
    expect(await screen.findByText('User removed with some errors:')).toBeTruthy();
    expect(screen.getByText('s3: users/x/photo-1.jpg')).toBeTruthy();
    expect(calls.filter((call) => call.name === 'removeUserAndInviteTree').map((call) => call.data)).toEqual([
      { userId: 'm-2', reason: 'Spam' },
      { userId: 'm-2', reason: 'Spam' },
    ]);
  });

  it('a removal nothing carries on says it is paused; Continue removal finishes it with the spec message', async () => {
    let round = 0;
    adminAnswers({
      removeUserAndInviteTree: () => {
        round += 1;
        return round === 1
          ? { totalRemoved: 12, errors: [], complete: false, remaining: 988, inBackground: false }
          : { totalRemoved: 1000, errors: [], complete: true, remaining: 0, inBackground: false };
      },
    });
    renderAdmin({ groups: ['admin'] });
    await searchFor('b');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Bea Member' }));
    const dialog = await screen.findByRole('dialog');
    confirmRemoval(dialog, 'Spam');
    expect(await screen.findByText('The removal is paused: 988 members are still to be removed. Continue the removal to try again.')).toBeTruthy();
    expect(screen.queryByText(/continues in the background/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue removal' }));
    expect(await screen.findByText('Successfully removed 1000 users from the platform')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue removal' })).toBeNull();
  });
});

describe('admin panel rules', () => {
  it('flattens the invite tree parents first, children in order, with their depth', () => {
    const rows = flattenTree(node('r', [node('a', [node('a1')]), node('b')]));
    expect(rows.map(({ node: one, depth }) => `${one.id}:${depth}`)).toEqual(['r:0', 'a:1', 'a1:2', 'b:1']);
    expect(TREE_INDENT_PX).toBe(20);
  });

  it('words a removal result as the spec does', () => {
    expect(removalOutcome({ totalRemoved: 2, errors: [], complete: true, remaining: 0, inBackground: false })).toMatchObject({
      headline: 'Successfully removed 2 users from the platform',
      continuing: null,
    });
    expect(removalOutcome({ totalRemoved: 2, errors: ['a'], complete: true, remaining: 0, inBackground: false })).toMatchObject({
      headline: 'User removed with some errors:',
      errors: ['a'],
    });
    expect(removalOutcome({ totalRemoved: 5, errors: [], complete: false, remaining: 1, inBackground: true })).toMatchObject({
      continuing: 'The removal continues in the background: 1 member is still to be removed.',
      askAgain: 'Refresh progress',
    });
    // Nothing carries it on (the hand-off to the worker failed, or only failed members are left): it does not say it continues.
    expect(
      removalOutcome({ totalRemoved: 5, errors: ['Could not remove x: pictures: down'], complete: false, remaining: 3, inBackground: false }),
    ).toMatchObject({
      headline: 'User removed with some errors:',
      continuing: 'The removal is paused: 3 members are still to be removed. Continue the removal to try again.',
      askAgain: 'Continue removal',
    });
  });
});
