// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallableOutput } from '#contracts/callables';
import { VOUCH_CODE_SECONDS, VOUCH_MESSAGES, VOUCH_PATH, vouchLinkOf, vouchStatementOf } from '#contracts/vouching';
import { mobileMenuItems } from '../../../web/src/app/layout/nav-items.ts';
import { AppProviders } from '../../../web/src/app/providers.tsx';
import { VouchCodeCard } from '../../../web/src/features/vouching/components/vouch-code-card.tsx';
import { CODES_PER_SHOWING } from '../../../web/src/features/vouching/api/vouch-code-rotation.ts';
import VouchRoute from '../../../web/src/features/vouching/routes/vouch.tsx';
import { nonceOfVouchLink } from '../../../web/src/features/vouching/vouch-link.ts';
import type { AuthSession } from '../../../web/src/lib/auth.ts';
import { paths } from '../../../web/src/lib/paths.ts';
import { installJsdomShims, primedQueryClient, renderWithProviders } from '../../support/render-web-route.tsx';
import { answers, calls, resetScriptedApi } from '../../support/scripted-api.ts';

vi.mock('../../../web/src/lib/api-client.ts', () => import('../../support/scripted-api.ts'));

beforeAll(installJsdomShims);

const NONCE = 'AAAAAAAAAAAAAAAAAAAAAA';

describe('vouch links', () => {
  it('the page the QR code points at is /vouch, and a link reads back to its nonce', () => {
    expect(paths.vouch).toBe(VOUCH_PATH);
    expect(nonceOfVouchLink(vouchLinkOf('https://anchored.example', NONCE))).toBe(NONCE);
  });

  it('reads nothing from another page, a nonce of the wrong shape, or text that is no URL', () => {
    expect(nonceOfVouchLink(`https://anchored.example/verify#${NONCE}`)).toBeNull();
    expect(nonceOfVouchLink('https://anchored.example/vouch#short')).toBeNull();
    expect(nonceOfVouchLink(`https://anchored.example/vouch?nonce=${NONCE}`)).toBeNull();
    expect(nonceOfVouchLink(NONCE)).toBeNull();
  });
});

describe('the menus', () => {
  it('offer vouching to a member verified in person, and getting verified to anyone else', () => {
    const entry = (verified: boolean) =>
      mobileMenuItems('u1', 'Ada', false, false, verified).find((item) => item.to === paths.vouch || item.to === paths.verify);
    expect(entry(true)).toEqual({ label: 'Vouch for someone', to: paths.vouch });
    expect(entry(false)).toEqual({ label: 'Get verified', to: paths.verify });
  });
});

describe('the Get verified code (jsdom, fake timers)', () => {
  let minted = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    resetScriptedApi();
    minted = 0;
    answers.createVouchCode = () => {
      minted += 1;
      return {
        nonce: `${'N'.repeat(20)}${String(minted).padStart(2, '0')}`,
        code: 'ABC234',
        validUntil: '',
        validForSeconds: VOUCH_CODE_SECONDS,
      };
    };
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const renderCard = () => renderWithProviders(<VouchCodeCard latestVouchAt={null} />, primedQueryClient());
  const shownLink = () => screen.getByTestId('vouch-qr').getAttribute('data-vouch-link');
  const aMinute = () => act(() => vi.advanceTimersByTimeAsync(VOUCH_CODE_SECONDS * 1000));

  it('shows a new code each minute, each for its whole minute, and after ten asks before showing another', async () => {
    renderCard();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shownLink()).toBe(vouchLinkOf(window.location.origin, 'NNNNNNNNNNNNNNNNNNNN01'));
    await act(() => vi.advanceTimersByTimeAsync(VOUCH_CODE_SECONDS * 1000 - 1000));
    expect(minted).toBe(1);
    expect(screen.getByTestId('vouch-code-countdown').textContent).toBe('A new code in 1 s');
    for (let minute = 2; minute <= CODES_PER_SHOWING; minute += 1) await aMinute();
    expect(minted).toBe(CODES_PER_SHOWING);
    expect(shownLink()).toContain(`N${CODES_PER_SHOWING}`);

    await aMinute();
    expect(minted).toBe(CODES_PER_SHOWING);
    expect(screen.queryByTestId('vouch-qr')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show a new code' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(minted).toBe(CODES_PER_SHOWING + 1);
    expect(screen.getByTestId('vouch-qr')).toBeTruthy();
    expect(calls.every((call) => call.name === 'createVouchCode')).toBe(true);
  });

  it('shows a fresh code as soon as a vouch arrives (the shown one was most likely spent), and no other code early', async () => {
    const queryClient = primedQueryClient();
    const card = (latestVouchAt: string | null | undefined) => (
      <AppProviders queryClient={queryClient}>
        <VouchCodeCard latestVouchAt={latestVouchAt} />
      </AppProviders>
    );
    const { rerender } = render(card(undefined));
    await act(() => vi.advanceTimersByTimeAsync(0));
    rerender(card(null));
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(minted).toBe(1);
    rerender(card('2031-03-01T10:00:00.000Z'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(minted).toBe(2);
    expect(shownLink()).toContain('N02');
    // The fresh code has its own whole minute: the first code's timer no longer runs.
    await act(() => vi.advanceTimersByTimeAsync(VOUCH_CODE_SECONDS * 1000 - 1000));
    expect(minted).toBe(2);
  });
});

describe('/vouch (jsdom)', () => {
  const SESSION: AuthSession = { userId: 'u1', email: 'ada@example.com', emailVerifiedClaim: true, groups: [] };
  const mine = (cannotVouchReason: string | null): CallableOutput<'listMyVouches'> => ({
    status: {
      level: cannotVouchReason ? 'pending' : 'verified',
      via: cannotVouchReason ? null : 'admin',
      verifiedAt: null,
      verifiedUntil: null,
      countingVouches: 0,
    },
    received: [],
    given: [],
    vouchesLeftThisMonth: cannotVouchReason ? 0 : 10,
    cannotVouchReason,
  });
  const openAt = (entry: string) => {
    const router = createMemoryRouter([{ path: paths.vouch, Component: VouchRoute }], { initialEntries: [entry] });
    renderWithProviders(<RouterProvider router={router} />, primedQueryClient({ session: SESSION }));
    return router;
  };
  beforeEach(resetScriptedApi);
  afterEach(cleanup);

  it("opened from a QR code's link by a phone's camera app, it previews that code at once and drops it from the address", async () => {
    answers.listMyVouches = () => mine(null);
    answers.previewVouchCode = () => ({
      subject: { uid: 'u2', displayName: 'Ava Pending', profilePicture: '', verifiedInPerson: false },
      validUntil: new Date(Date.now() + 45_000).toISOString(),
      renews: false,
    });
    const router = openAt(`${paths.vouch}#${NONCE}`);
    await screen.findByRole('heading', { name: 'Ava Pending' });
    expect(calls.filter((call) => call.name === 'previewVouchCode')).toEqual([{ name: 'previewVouchCode', data: { nonce: NONCE } }]);
    expect(router.state.location.hash).toBe('');
    const vouch = screen.getByRole('button', { name: 'Vouch' });
    expect((vouch as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(vouchStatementOf('Ava Pending')));
    expect((vouch as HTMLButtonElement).disabled).toBe(false);
  });

  it('a member who may not vouch is told why, and offered no camera', async () => {
    answers.listMyVouches = () => mine(VOUCH_MESSAGES.voucherNotVerified);
    openAt(`${paths.vouch}#${NONCE}`);
    await screen.findByText(VOUCH_MESSAGES.voucherNotVerified);
    expect(screen.queryByRole('button', { name: 'Scan their code' })).toBeNull();
    await waitFor(() => expect(calls.map((call) => call.name)).toEqual(['listMyVouches']));
  });
});
