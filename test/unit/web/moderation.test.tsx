// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallableOutput } from '#contracts/callables';
import type { QueuedReport } from '#contracts/moderation';
import type { User } from '#contracts/user';
import { answers, ApiError, calls, resetScriptedApi } from '../../support/scripted-api.ts';
import { samplePost } from '../../support/sample-post.ts';

/** The API, answered per callable by the test; every call is recorded (test/support/scripted-api.ts). */
vi.mock('../../../web/src/lib/api-client.ts', () => import('../../support/scripted-api.ts'));

const { installJsdomShims, primedQueryClient, renderRoute, renderWithProviders, testMember } = await import('../../support/render-web-route.tsx');
const { ReportDialog } = await import('../../../web/src/features/moderation/components/report-dialog.tsx');
const { SuspensionBanner } = await import('../../../web/src/features/moderation/components/suspension-banner.tsx');
const { NoticesCard } = await import('../../../web/src/features/moderation/components/notices-card.tsx');
const { BlockedMutedLists } = await import('../../../web/src/features/settings/components/blocked-muted-lists.tsx');
const { ReportsTab, actionsFor } = await import('../../../web/src/features/admin/components/reports-tab.tsx');
const { PostForm } = await import('../../../web/src/features/feed/components/post-form.tsx');
const { PostCard } = await import('../../../web/src/features/feed/components/post-card.tsx');
const { default: InvitesRoute } = await import('../../../web/src/features/invites/routes/invites.tsx');
const { moderationKeys } = await import('../../../web/src/features/moderation/keys.ts');

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

beforeAll(installJsdomShims);

beforeEach(() => {
  resetScriptedApi();
  localStorage.clear();
});

afterEach(() => cleanup());

const SESSION = { userId: 'viewer-1', email: 'ada@example.com', emailVerifiedClaim: true, groups: [] };
const AT = '2026-11-20T10:00:00.000Z';

function me(overrides: Partial<User> = {}): User {
  return testMember({ uid: SESSION.userId, displayName: 'Ada Viewer', now: new Date() }, overrides);
}

/** Renders `ui` with the session and the member's record primed (and optional cached data). */
function renderWith(ui: React.ReactNode, primed: [readonly unknown[], unknown][] = []) {
  const queryClient = primedQueryClient({ stage: 'local', session: SESSION, me: me() });
  for (const [key, value] of primed) queryClient.setQueryData(key, value);
  renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>, queryClient);
  return queryClient;
}

function futureDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString();
}

describe('report dialog', () => {
  function renderDialog(onClose = vi.fn()) {
    renderWith(<ReportDialog opened onClose={onClose} target={{ type: 'comment', id: 'c-1', postId: 'p-1' }} subject="comment by Bea" />);
    return onClose;
  }

  it('sends only once a reason is chosen, with the trimmed note, then thanks the reporter', async () => {
    answers.reportContent = () => ({ reportId: 'r-1' });
    const onClose = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Report comment by Bea' });
    const send = within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    for (const reason of ['Spam', 'Harassment', 'Impersonation', 'Not a real person', 'Other'])
      expect(within(dialog).getByRole('radio', { name: reason })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    const note = within(dialog).getByLabelText(/Note \(optional\)/);
    fireEvent.change(note, { target: { value: '  Keeps insulting people  ' } });
    expect(within(dialog).getByTestId('report-note-counter').textContent).toBe('26 / 500');
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    expect(await screen.findByText('Thanks — an admin will look at it.')).toBeTruthy();
    expect(calls).toEqual([
      { name: 'reportContent', data: { target: { type: 'comment', id: 'c-1', postId: 'p-1' }, reason: 'harassment', note: 'Keeps insulting people' } },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps a note pasted past 500 characters whole, says so, and will not send it', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Report comment by Bea' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    const note = within(dialog).getByLabelText(/Note \(optional\)/) as HTMLTextAreaElement;
    fireEvent.change(note, { target: { value: 'x'.repeat(520) } });
    expect(note.value).toHaveLength(520);
    expect(within(dialog).getByTestId('report-note-counter').textContent).toBe('520 / 500');
    expect(within(dialog).getByText('At most 500 characters.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([]);
  });

  it("shows the server's sentence for a repeat report (409) and closes", async () => {
    answers.reportContent = () => {
      throw new ApiError('aborted', 'You have already reported this. An admin will look at it.');
    };
    const onClose = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Report comment by Bea' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('You have already reported this. An admin will look at it.')).toBeTruthy();
    expect(calls[0]?.data).toEqual({ target: { type: 'comment', id: 'c-1', postId: 'p-1' }, reason: 'spam' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("keeps the dialog open with the server's reason for any other refusal", async () => {
    answers.reportContent = () => {
      throw new ApiError('not-found', 'Comment not found');
    };
    const onClose = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Report comment by Bea' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Comment not found');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the "…" menu of a post', () => {
  const post = (authorId: string, authorName: string) => samplePost({ postId: `p-${authorId}`, authorId, authorName, createdAt: AT, privacy: 'public' });

  async function menuItems(card: HTMLElement): Promise<string[]> {
    fireEvent.click(within(card).getByRole('button', { name: 'Post actions' }));
    const menu = await screen.findByRole('menu', { hidden: true });
    return within(menu)
      .getAllByRole('menuitem', { hidden: true })
      .map((item) => item.textContent ?? '');
  }

  it("offers Report, Mute and Block on someone else's post, and Edit and Delete on one's own", async () => {
    renderWith(<PostCard userId={SESSION.userId} post={post('bea-1', 'Bea Author')} />);
    expect(await menuItems(screen.getByRole('article', { name: 'Post by Bea Author' }))).toEqual(['Report', 'Mute', 'Block']);
    cleanup();
    renderWith(<PostCard userId={SESSION.userId} post={post(SESSION.userId, 'Ada Viewer')} />);
    expect(await menuItems(screen.getByRole('article', { name: 'Post by Ada Viewer' }))).toEqual(['Edit', 'Delete']);
  });

  it('blocks only after the confirmation, then says so', async () => {
    answers.blockMember = () => ({ userId: 'bea-1', changed: true });
    renderWith(<PostCard userId={SESSION.userId} post={post('bea-1', 'Bea Author')} />);
    const card = screen.getByRole('article', { name: 'Post by Bea Author' });
    fireEvent.click(within(card).getByRole('button', { name: 'Post actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Block', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Bea Author?' });
    expect(dialog.textContent).toContain("You will no longer see each other's posts, comments or profile, and any anchor connection between you is removed.");
    const blocks = () => calls.filter((call) => call.name === 'blockMember');
    expect(blocks()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You blocked Bea Author.')).toBeTruthy();
    expect(blocks()).toEqual([{ name: 'blockMember', data: { userId: 'bea-1' } }]);
  });

  it('a suspended member cannot like', async () => {
    renderWith(<PostCard userId={SESSION.userId} post={post('bea-1', 'Bea Author')} />, [
      [moderationKeys.standing(SESSION.userId), { standing: { suspendedUntil: futureDay(3), suspensionNote: null, invitesDisabled: false }, notices: [] }],
    ]);
    expect((screen.getByRole('button', { name: /^Like/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Settings › Privacy: blocked and muted members', () => {
  it('lists both with when, and Unblock calls unblockMember for that member', async () => {
    answers.listBlocked = () => ({ members: [{ uid: 'b-1', displayName: 'Bea Blocked', profilePicture: '', since: AT }] });
    answers.listMuted = () => ({ members: [] });
    answers.unblockMember = () => ({ userId: 'b-1', changed: true });
    renderWith(<BlockedMutedLists />);
    const blocked = await screen.findByRole('list', { name: 'Blocked members' });
    expect(blocked.textContent).toContain('Bea Blocked');
    expect(blocked.textContent).toContain('Since');
    expect(await screen.findByText("You haven't muted anyone.")).toBeTruthy();
    fireEvent.click(within(blocked).getByRole('button', { name: 'Unblock Bea Blocked' }));
    expect(await screen.findByText('You unblocked Bea Blocked.')).toBeTruthy();
    expect(calls.filter((call) => call.name === 'unblockMember')).toEqual([{ name: 'unblockMember', data: { userId: 'b-1' } }]);
    // The lists are read again after the change.
    await waitFor(() => expect(calls.filter((call) => call.name === 'listBlocked').length).toBe(2));
  });

  it('says so plainly when nobody is blocked, and links muted members to their profile', async () => {
    answers.listBlocked = () => ({ members: [] });
    answers.listMuted = () => ({ members: [{ uid: 'm-1', displayName: 'Max Muted', profilePicture: '', since: AT }] });
    renderWith(<BlockedMutedLists />);
    expect(await screen.findByText("You haven't blocked anyone.")).toBeTruthy();
    const muted = await screen.findByRole('list', { name: 'Muted members' });
    expect(within(muted).getByRole('link', { name: 'Max Muted' }).getAttribute('href')).toBe('/profile/m-1');
    expect(within(muted).getByRole('button', { name: 'Unmute Max Muted' })).toBeTruthy();
  });
});

function queued(overrides: Partial<QueuedReport> & Pick<QueuedReport, 'reportId' | 'target'>): QueuedReport {
  return {
    createdAt: AT,
    reason: 'spam',
    note: '',
    reporter: { uid: 'rep-1', displayName: 'Rita Reporter', profilePicture: '', verifiedInPerson: false },
    content: { member: null, post: null, comment: null },
    openReportsOnTarget: 1,
    ...overrides,
  };
}

const MEMBER = { uid: 'bad-1', displayName: 'Bob Author', profilePicture: '', verifiedInPerson: false, isSuspended: false, invitesDisabled: false };

const QUEUE: CallableOutput<'listReports'> = {
  reports: [
    queued({
      reportId: 'r-comment',
      target: { type: 'comment', id: 'c-1', postId: 'p-1' },
      reason: 'harassment',
      note: 'Rude to everyone',
      openReportsOnTarget: 2,
      content: {
        member: MEMBER,
        post: { postId: 'p-1', authorName: 'Pat Poster', content: 'Garden party on Sunday', createdAt: AT, privacy: 'public' },
        comment: { commentId: 'c-1', content: 'You are all idiots', createdAt: AT },
      },
    }),
    queued({
      reportId: 'r-member',
      target: { type: 'member', id: 'bad-1', postId: null },
      reason: 'impersonation',
      content: { member: MEMBER, post: null, comment: null },
    }),
    queued({ reportId: 'r-gone', target: { type: 'post', id: 'p-9', postId: null } }),
  ],
  nextCursor: 'cursor-2',
};

function reportCard(title: RegExp): HTMLElement {
  return screen.getByRole('article', { name: title });
}

/** Opens a card's Action select; its options list (Mantine renders every select's list in the document). */
async function openActions(card: HTMLElement): Promise<HTMLElement> {
  const input = within(card).getByRole('combobox', { name: /^Action/ });
  input.focus();
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error('No options list');
  return listbox;
}

async function chooseAction(card: HTMLElement, label: string) {
  fireEvent.click(within(await openActions(card)).getByRole('option', { name: label, hidden: true }));
}

describe('admin panel: Reports tab', () => {
  it('the actions: Remove content only for posts and comments', () => {
    expect(actionsFor('member')).not.toContain('remove-content');
    expect(actionsFor('comment')).toContain('remove-content');
    expect(actionsFor('post')).toEqual(['dismiss', 'remove-content', 'warn', 'suspend', 'disable-invites', 'remove-member', 'remove-member-and-tree']);
  });

  it('shows each report in context, oldest first, and loads more by cursor', async () => {
    answers.listReports = (data) =>
      (data as { cursor?: string }).cursor === 'cursor-2'
        ? { reports: [queued({ reportId: 'r-late', target: { type: 'post', id: 'p-5', postId: null }, reason: 'other' })], nextCursor: null }
        : QUEUE;
    renderWith(<ReportsTab />);
    const comment = await screen.findByRole('article', { name: /Harassment: a comment reported by Rita Reporter/ });
    expect(comment.textContent).toContain('Rude to everyone');
    expect(comment.textContent).toContain('Garden party on Sunday');
    expect(comment.textContent).toContain('You are all idiots');
    expect(comment.textContent).toContain('2 reports on this');
    expect(reportCard(/a member reported/).textContent).toContain('Bob Author');
    expect(reportCard(/Spam: a post reported/).textContent).toContain('The content no longer exists.');
    expect(screen.getAllByTestId('queued-report').map((card) => card.getAttribute('aria-labelledby'))).toEqual([
      'report-r-comment-title',
      'report-r-member-title',
      'report-r-gone-title',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Load more reports' }));
    expect(await screen.findByRole('article', { name: /Other: a post reported/ })).toBeTruthy();
    expect(calls.filter((call) => call.name === 'listReports').map((call) => call.data)).toEqual([{}, { cursor: 'cursor-2' }]);
    expect(screen.queryByRole('button', { name: 'Load more reports' })).toBeNull();
  });

  it('a member report offers no Remove content', async () => {
    answers.listReports = () => QUEUE;
    renderWith(<ReportsTab />);
    const card = await screen.findByRole('article', { name: /a member reported/ });
    const listbox = await openActions(card);
    const options = within(listbox)
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent);
    expect(options).toEqual(['Dismiss', 'Warn', 'Suspend', 'Disable invites', 'Remove member', 'Remove member and their invite tree']);
  });

  it('Suspend requires its date and the reason; on success the report and its twins leave the queue', async () => {
    answers.listReports = () => ({
      ...QUEUE,
      reports: [
        ...QUEUE.reports,
        queued({
          reportId: 'r-comment-2',
          target: { type: 'comment', id: 'c-1', postId: 'p-1' },
          reporter: { uid: 'rep-2', displayName: 'Ron Second', profilePicture: '', verifiedInPerson: false },
        }),
      ],
    });
    answers.resolveReport = (data) => ({ reportId: (data as { reportId: string }).reportId, action: 'suspend', resolvedReports: 2 });
    renderWith(<ReportsTab />);
    const card = await screen.findByRole('article', { name: /Harassment: a comment reported by Rita Reporter/ });
    await chooseAction(card, 'Suspend');
    const resolve = within(card).getByRole('button', { name: 'Resolve report' });
    fireEvent.click(resolve);
    expect(await within(card).findByText('Please choose the date the suspension ends')).toBeTruthy();
    expect(within(card).getByText('Please provide a reason for removal')).toBeTruthy();
    expect(calls.some((call) => call.name === 'resolveReport')).toBe(false);
    expect(within(card).getByText('Only admins see this (and the audit log).')).toBeTruthy();
    expect(within(card).getByText('The member sees this.')).toBeTruthy();
    const until = futureDay(7).slice(0, 10);
    fireEvent.change(within(card).getByLabelText(/^Suspended until/), { target: { value: until } });
    fireEvent.change(within(card).getByLabelText(/^Reason/), { target: { value: ' Repeated insults ' } });
    fireEvent.change(within(card).getByLabelText(/^Note to the member/), { target: { value: 'Please be kind.' } });
    fireEvent.click(resolve);
    await waitFor(() => expect(screen.queryByRole('article', { name: /a comment reported by Rita Reporter/ })).toBeNull());
    expect(calls.filter((call) => call.name === 'resolveReport').map((call) => call.data)).toEqual([
      { reportId: 'r-comment', action: 'suspend', reason: 'Repeated insults', noteToMember: 'Please be kind.', until },
    ]);
    // The other open report on the same comment was resolved with it; the others stay.
    expect(screen.queryByRole('article', { name: /reported by Ron Second/ })).toBeNull();
    expect(screen.getByRole('article', { name: /a member reported/ })).toBeTruthy();
  });

  it("shows the server's sentence when resolving fails, and keeps the report", async () => {
    answers.listReports = () => QUEUE;
    answers.resolveReport = () => {
      throw new ApiError('aborted', 'This report has already been resolved.');
    };
    renderWith(<ReportsTab />);
    const card = await screen.findByRole('article', { name: /a member reported/ });
    await chooseAction(card, 'Warn');
    fireEvent.change(within(card).getByLabelText(/^Reason/), { target: { value: 'Be nice' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Resolve report' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Failed to resolve the report: This report has already been resolved.');
    expect(screen.getByRole('article', { name: /a member reported/ })).toBeTruthy();
  });

  it('removing a member asks for a confirmation first', async () => {
    answers.listReports = () => QUEUE;
    answers.resolveReport = () => ({ reportId: 'r-member', action: 'remove-member', resolvedReports: 1 });
    renderWith(<ReportsTab />);
    const card = await screen.findByRole('article', { name: /a member reported/ });
    await chooseAction(card, 'Remove member');
    fireEvent.change(within(card).getByLabelText(/^Reason/), { target: { value: 'Fake account' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Resolve report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Bob Author?' });
    expect(calls.some((call) => call.name === 'resolveReport')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(calls.filter((call) => call.name === 'resolveReport').length).toBe(1));
    expect(calls.find((call) => call.name === 'resolveReport')?.data).toEqual({ reportId: 'r-member', action: 'remove-member', reason: 'Fake account' });
  });
});

describe("the suspended member's notice", () => {
  const suspended = (until: string): CallableOutput<'getMyStanding'> => ({
    standing: { suspendedUntil: until, suspensionNote: 'Please cool down.', invitesDisabled: false },
    notices: [],
  });

  it('shows until when and the note, and turns the composer off with the reason', async () => {
    const until = futureDay(10);
    renderWith(
      <>
        <SuspensionBanner />
        <PostForm userId={SESSION.userId} />
      </>,
      [[moderationKeys.standing(SESSION.userId), suspended(until)]],
    );
    const banner = await screen.findByTestId('suspension-banner');
    expect(banner.textContent).toContain('Your account is suspended until');
    expect(banner.textContent).toContain('You can read, but not post, comment, like, anchor or invite until then.');
    expect(banner.textContent).toContain('Please cool down.');
    const composer = screen.getByRole('textbox', { name: "What's on your mind?" }) as HTMLTextAreaElement;
    expect(composer.disabled).toBe(true);
    expect(composer.getAttribute('aria-describedby')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows nothing once the suspension has ended, nor to a member in good standing', async () => {
    renderWith(<SuspensionBanner />, [[moderationKeys.standing(SESSION.userId), suspended(futureDay(-1))]]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('suspension-banner')).toBeNull();
  });

  it('lists notices in words, and a dismissed one stays dismissed', async () => {
    const standing: CallableOutput<'getMyStanding'> = {
      standing: { suspendedUntil: null, suspensionNote: null, invitesDisabled: false },
      notices: [
        { noticeId: 'n-1', kind: 'warning', at: AT, noteToMember: 'Mind your tone.', until: null, targetType: null, outcome: null, memberName: null },
        { noticeId: 'n-2', kind: 'invitee-suspended', at: AT, noteToMember: null, until: null, targetType: null, outcome: null, memberName: 'Ivy Invitee' },
        {
          noticeId: 'n-3',
          kind: 'report-resolved',
          at: AT,
          noteToMember: null,
          until: null,
          targetType: 'comment',
          outcome: 'remove-content',
          memberName: null,
        },
      ],
    };
    renderWith(<NoticesCard />, [[moderationKeys.standing(SESSION.userId), standing]]);
    const card = await screen.findByTestId('moderation-notices');
    expect(card.textContent).toContain('An admin warned you about something you shared.');
    expect(card.textContent).toContain('Mind your tone.');
    expect(card.textContent).toContain('Ivy Invitee, whom you invited, was suspended.');
    expect(card.textContent).toContain('Your report about a comment was resolved. The content was removed.');
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss: Ivy Invitee, whom you invited, was suspended.' }));
    expect(card.textContent).not.toContain('Ivy Invitee');
    expect(JSON.parse(localStorage.getItem('dismissedModerationNotices') ?? '[]')).toEqual(['n-2']);
  });
});

describe('the Invites page', () => {
  it("tells the inviter about invitees suspended or removed, and says when the member's own invites are disabled", async () => {
    const standing: CallableOutput<'getMyStanding'> = {
      standing: { suspendedUntil: null, suspensionNote: null, invitesDisabled: true },
      notices: [
        { noticeId: 'n-1', kind: 'invitee-removed', at: AT, noteToMember: null, until: null, targetType: null, outcome: null, memberName: 'Ivy Invitee' },
        { noticeId: 'n-2', kind: 'warning', at: AT, noteToMember: 'Mind your tone.', until: null, targetType: null, outcome: null, memberName: null },
      ],
    };
    const invites: CallableOutput<'getMyInvites'> = {
      inviteCode: 'ABCD2345',
      unlimited: false,
      local: { used: 1, limit: 5 },
      distant: { used: 0, limit: 5 },
      pending: 0,
      invitesLeft: 9,
      invitees: [],
    };
    renderWith(<InvitesRoute />, [
      [moderationKeys.standing(SESSION.userId), standing],
      [['invites', 'mine'], invites],
    ]);
    expect((await screen.findByTestId('invites-disabled')).textContent).toContain('Your invites are disabled: your code admits nobody.');
    const card = screen.getByRole('region', { name: 'About your invites' });
    expect(card.textContent).toContain('Ivy Invitee, whom you invited, was removed.');
    expect(card.textContent).not.toContain('Mind your tone.');
  });
});

describe('/moderation-log', () => {
  it('lists the log newest first in words, the member’s own reports, and loads more', async () => {
    answers.listMyReports = () => ({
      reports: [
        { reportId: 'o-1', createdAt: AT, reason: 'spam', targetType: 'post', status: 'open', outcome: null, resolvedAt: null },
        { reportId: 'o-2', createdAt: AT, reason: 'harassment', targetType: 'comment', status: 'resolved', outcome: 'remove-content', resolvedAt: AT },
      ],
    });
    answers.listModerationLog = (data) =>
      (data as { cursor?: string }).cursor
        ? { entries: [{ entryId: 'e-3', action: 'dismiss', at: AT, targetType: 'post', reason: 'other', memberName: null }], nextCursor: null }
        : {
            entries: [
              { entryId: 'e-1', action: 'remove-member', at: AT, targetType: 'member', reason: 'not-a-real-person', memberName: 'Fay Fake' },
              { entryId: 'e-2', action: 'suspend', at: AT, targetType: 'comment', reason: 'harassment', memberName: null },
            ],
            nextCursor: 'log-2',
          };
    renderRoute('/moderation-log', { stage: 'local', session: SESSION, me: me() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation log' }, { timeout: 10_000 })).toBeTruthy();
    const rows = await screen.findAllByTestId('moderation-log-entry');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Fay Fake was removed'), expect.stringContaining('The member was suspended')]);
    expect(rows[1]?.textContent).toContain('Comment · reported for harassment');
    const own = await screen.findAllByTestId('own-report');
    expect(own[0]?.textContent).toContain('You reported a post (Spam)');
    expect(own[0]?.textContent).toContain('Open: an admin will look at it.');
    expect(own[1]?.textContent).toContain('Resolved: the content was removed.');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('moderation-log-entry').length).toBe(3));
    expect(calls.filter((call) => call.name === 'listModerationLog').map((call) => call.data)).toEqual([{}, { cursor: 'log-2' }]);
  });
});
