// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { AlreadyAMember, AuthFrame } from '../../../web/src/features/auth/components/auth-frame.tsx';

/**
 * The one frame of the join, create-account, verify-email and reset-password screens: the title is the page's h1 and names the form; the joining steps show their progress.
 */
const { installJsdomShims } = await import('../../support/render-web-route.tsx');
beforeAll(installJsdomShims);
afterEach(() => cleanup());

describe('AuthFrame', () => {
  it('on a joining step: the progress at that step, and one form named by the title that submits', () => {
    const submit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <MantineProvider>
        <AuthFrame title="Verify your email" titleId="verify-title" step="Verify Email" onSubmit={submit}>
          <button type="submit">Verify</button>
        </AuthFrame>
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Joining progress' }).querySelector('[aria-current="step"]')?.textContent).toContain('Verify Email');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('form', { name: 'Verify your email' })).toBeTruthy();
  });

  it('off the joining steps: no progress, and without onSubmit no form of its own', () => {
    render(
      <MantineProvider>
        <AuthFrame title="Join Anchored" titleId="join-title">
          <p>Enter your code</p>
        </AuthFrame>
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Join Anchored' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Joining progress' })).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('the joining steps offer a way to sign in instead', () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <AlreadyAMember />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByText(/Already a member\?/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/signin');
  });
});
