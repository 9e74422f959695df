// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LikedBy } from '../../../web/src/features/feed/components/liked-by.tsx';
import { installJsdomShims, primedQueryClient, renderWithProviders } from '../../support/render-web-route.tsx';
import { answers, resetScriptedApi } from '../../support/scripted-api.ts';

vi.mock('../../../web/src/lib/api-client.ts', () => import('../../support/scripted-api.ts'));

beforeAll(installJsdomShims);
beforeEach(resetScriptedApi);
afterEach(cleanup);

describe('"Liked by" shows the badge (jsdom)', () => {
  it('beside a liker verified in person, outside the link to their profile, and beside nobody else', async () => {
    answers.getPostLikers = () => ({
      likers: [
        { uid: 'v1', displayName: 'Vera Verified', verifiedInPerson: true, likedAt: '2031-03-01T10:00:00.000Z' },
        { uid: 'p1', displayName: 'Pat Pending', verifiedInPerson: false, likedAt: '2031-03-01T09:00:00.000Z' },
      ],
    });
    renderWithProviders(
      <MemoryRouter>
        <LikedBy userId="me" post={{ postId: 'P'.repeat(26), likeCount: 2, likedByMe: false }} />
      </MemoryRouter>,
      primedQueryClient({ stage: 'local' }),
    );
    fireEvent.click(await screen.findByTestId('liked-by'));
    const list = await screen.findByRole('list', { name: 'Members who liked this post' });
    const [verified, pending] = within(list).getAllByRole('listitem');
    expect(within(verified as HTMLElement).getByTestId('verified-badge')).toBeTruthy();
    expect(within(verified as HTMLElement).getByRole('link').textContent).toBe('Vera Verified');
    expect(within(pending as HTMLElement).queryByTestId('verified-badge')).toBeNull();
  });
});
