import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { User } from '#contracts/user';
import { newUserRecord } from '#domain/new-user';
import { AppProviders } from '../../web/src/app/providers.tsx';
import { routes } from '../../web/src/app/router.tsx';
import type { AuthSession } from '../../web/src/lib/auth.ts';
import { sessionKeys } from '../../web/src/lib/session.ts';

/**
 * jsdom harness for the web app's screens. A test file that mocks a web module (vi.mock is hoisted
 * per file) keeps the mock; the modules imported here then get it too.
 */

/** What jsdom lacks and Mantine (matchMedia, autosizing textareas, comboboxes) or recharts ask for; call in beforeAll. */
export function installJsdomShims(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
  }
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => undefined;
}

/** A member with a completed profile (email ada@example.com, invite code ABCDEFGH, invited by nobody). */
export function testMember(fields: { uid: string; displayName: string; now: Date }, overrides: Partial<User> = {}): User {
  const record = newUserRecord({ ...fields, email: 'ada@example.com', inviteCode: 'ABCDEFGH', invitedBy: null });
  return { ...record, profileCompleted: true, ...overrides };
}

export interface PrimedState {
  /** The deployment stage the config answers with. */
  stage?: 'local' | 'dev' | 'prod';
  /** The signed-in session, or null for a signed-out visitor; left unknown when absent. */
  session?: AuthSession | null;
  /** The signed-in member's own record (with a session only). */
  me?: User | null;
}

/** A query client that never retries and never refetches, primed with the stage and the session. */
export function primedQueryClient({ stage, session, me }: PrimedState = {}): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  if (stage) queryClient.setQueryData(['config', 'stage'], stage);
  if (session !== undefined) queryClient.setQueryData(sessionKeys.auth, session);
  if (session && me !== undefined) queryClient.setQueryData(sessionKeys.me(session.userId), me);
  return queryClient;
}

/** Renders `ui` inside the app's providers. */
export function renderWithProviders(ui: ReactNode, queryClient: QueryClient): void {
  render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
}

/** Renders the real route table at `path`; returns the memory router (its location is the page's). */
export function renderRoute(path: string, state: PrimedState = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, primedQueryClient(state));
  return router;
}
