// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { VOUCH_CODE_SECONDS, VOUCH_PATH, vouchLinkOf } from '#contracts/vouching';
import { mobileMenuItems } from '../../../web/src/app/layout/nav-items.ts';
import { AppProviders } from '../../../web/src/app/providers.tsx';
import { VouchCodeCard } from '../../../web/src/features/vouching/components/vouch-code-card.tsx';
import { CODES_PER_SHOWING } from '../../../web/src/features/vouching/api/vouch-code-rotation.ts';
import { nonceOfVouchLink } from '../../../web/src/features/vouching/vouch-link.ts';
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
