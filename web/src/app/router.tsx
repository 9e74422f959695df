import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/app-layout.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { paths, routePatterns } from '../lib/paths.ts';
import { RouteError } from './route-error.tsx';
import { RouteGuard } from './route-guard.tsx';

/** What a lazily loaded route module provides: its screen as the default export. */
type ScreenModule = { default: ComponentType };

/** A lazy route: the screen's code is fetched only when the route is first visited. */
function screen(load: () => Promise<ScreenModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/** A linked-only page of the spec ("screen not shown"): an honest coming-soon page. */
function comingSoon(title: string): RouteObject['lazy'] {
  return async () => {
    const { ComingSoon } = await import('../components/placeholder-page.tsx');
    return { Component: () => <ComingSoon title={title} /> };
  };
}

const publicRoutes: RouteObject[] = [
  { index: true, handle: { title: 'Welcome' }, lazy: screen(() => import('../features/landing/routes/landing.tsx')) },
  { path: paths.why, handle: { title: 'Why Anchored' }, lazy: screen(() => import('../features/about/routes/why.tsx')) },
  {
    path: paths.aboutVerification,
    handle: { title: 'How verification works' },
    lazy: screen(() => import('../features/about/routes/verification.tsx')),
  },
  { path: paths.terms, handle: { title: 'Terms of Service' }, lazy: screen(() => import('../features/legal/routes/terms.tsx')) },
  { path: paths.signUp, handle: { title: 'Join' }, lazy: screen(() => import('../features/auth/routes/sign-up.tsx')) },
  { path: paths.register, handle: { title: 'Create account' }, lazy: screen(() => import('../features/auth/routes/register.tsx')) },
  {
    path: paths.verifyEmail,
    handle: { title: 'Verify email' },
    lazy: screen(() => import('../features/auth/routes/verify-email.tsx')),
  },
  { path: paths.signIn, handle: { title: 'Sign in' }, lazy: screen(() => import('../features/auth/routes/sign-in.tsx')) },
  {
    path: paths.resetPassword,
    handle: { title: 'Reset password' },
    lazy: screen(() => import('../features/auth/routes/reset-password.tsx')),
  },
];

/** Spec §2: these go through the guard (signed in, verified, profile complete or on its way). */
const guardedRoutes: RouteObject[] = [
  { path: paths.welcome, handle: { title: 'Welcome tutorial' }, lazy: screen(() => import('../features/joining/routes/welcome.tsx')) },
  {
    path: paths.profileSetup,
    handle: { title: 'Complete your profile' },
    lazy: screen(() => import('../features/joining/routes/profile-setup.tsx')),
  },
  { path: routePatterns.profile, handle: { title: 'Profile' }, lazy: screen(() => import('./profile-route.tsx')) },
  { path: paths.dashboard, handle: { title: 'Dashboard' }, lazy: screen(() => import('../features/feed/routes/dashboard.tsx')) },
  { path: paths.anchors, handle: { title: 'Anchors' }, lazy: screen(() => import('../features/anchors/routes/anchors.tsx')) },
  { path: paths.invites, handle: { title: 'Invites' }, lazy: screen(() => import('../features/invites/routes/invites.tsx')) },
  { path: paths.admin, handle: { title: 'Admin' }, lazy: screen(() => import('../features/admin/routes/admin.tsx')) },
  { path: paths.metrics, handle: { title: 'Metrics' }, lazy: screen(() => import('../features/metrics/routes/metrics.tsx')) },
  {
    path: paths.notifications,
    handle: { title: 'Notifications' },
    lazy: screen(() => import('../features/notifications/routes/notifications.tsx')),
  },
  { path: paths.settings, handle: { title: 'Settings' }, lazy: screen(() => import('../features/settings/routes/settings.tsx')) },
  {
    path: paths.moderationLog,
    handle: { title: 'Moderation log' },
    lazy: screen(() => import('../features/moderation/routes/moderation-log.tsx')),
  },
  { path: paths.dev, handle: { title: 'Developer tools' }, lazy: screen(() => import('../features/dev/routes/dev-tools.tsx')) },
  { path: paths.verify, handle: { title: 'Get verified' }, lazy: screen(() => import('../features/vouching/routes/verify.tsx')) },
  { path: paths.vouch, handle: { title: 'Vouch for a member' }, lazy: screen(() => import('../features/vouching/routes/vouch.tsx')) },
];

/** Spec §2 "linked only, screens not shown". */
const linkedOnlyRoutes: RouteObject[] = [
  { path: paths.privacy, title: 'Privacy Policy' },
  { path: paths.profile, title: 'Profile' },
  { path: paths.groups, title: 'Groups' },
  { path: paths.discoverGroups, title: 'Discover Groups' },
  { path: paths.createGroup, title: 'Create a Group' },
  { path: routePatterns.group, title: 'Group' },
  { path: paths.newPost, title: 'New Post' },
].map(({ path, title }) => ({ path, handle: { title }, lazy: comingSoon(title) }));

export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: AppLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <PageLoader />,
    children: [
      ...publicRoutes,
      { Component: RouteGuard, children: guardedRoutes },
      ...linkedOnlyRoutes,
      { path: '*', handle: { title: 'Page not found' }, lazy: screen(() => import('./not-found.tsx')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
