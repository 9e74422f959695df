import { Anchor, AppShell, Box, Burger, Button, Group, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useLiveSession } from '../../lib/live/live-session.ts';
import { useAuthSession, useMe, useSignOut } from '../../lib/session.ts';
import { useStage } from '../../lib/stage.ts';
import { SuspensionBanner } from '../../features/moderation/index.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { NotificationBell } from '../../features/notifications/index.ts';
import { bottomBarItems, isActive, mobileMenuItems, type NavItem, SIGNED_OUT_ITEMS, signedInItems } from './nav-items.ts';
import classes from './app-layout.module.css';
import { paths } from '../../lib/paths.ts';

const MOBILE_MENU_ID = 'mobile-menu';

/** The shell around every screen: header with navigation, mobile menu and bottom bar, main area. */
export function AppLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const auth = useAuthSession();
  const me = useMe();
  const signOut = useSignOut();

  const session = auth.data;
  // The tab's live connection (once the member has joined) and sign-outs from other tabs.
  useLiveSession(session ? { userId: session.userId, joined: me.data?.profileCompleted === true } : null);
  const displayName = me.data?.displayName || session?.email || 'Your profile';
  const isAdmin = me.data?.isAdmin === true;
  // Dev tools exist on dev and local only; the link waits for the stage rather than guessing.
  const stage = useStage(Boolean(session)).data;
  const devTools = stage === 'local' || stage === 'dev';
  const items: NavItem[] = session ? signedInItems(session.userId, displayName, isAdmin, devTools) : SIGNED_OUT_ITEMS;
  const verified = me.data?.verificationLevel === 'verified';
  const menuItems: NavItem[] = session ? mobileMenuItems(session.userId, displayName, isAdmin, devTools, verified) : SIGNED_OUT_ITEMS;
  const showBottomBar = Boolean(session);

  const handleSignOut = () => {
    menu.close();
    signOut.mutate(undefined, { onSettled: () => void navigate(paths.home, { replace: true }) });
  };

  const renderItems = (direction: 'row' | 'column') =>
    (direction === 'column' ? menuItems : items).map((item) => {
      const active = isActive(pathname, item.to);
      const isJoin = !session && item.to === paths.signUp;
      return (
        <Button
          key={item.to}
          component={Link}
          to={item.to}
          onClick={menu.close}
          variant={isJoin ? 'filled' : active ? 'light' : 'subtle'}
          aria-current={active ? 'page' : undefined}
          aria-label={item.ariaLabel}
          justify={direction === 'column' ? 'flex-start' : 'center'}
          fullWidth={direction === 'column'}
          className={classes.navButton}
        >
          {item.label}
        </Button>
      );
    });

  const signOutButton = session && (
    <Button variant="default" onClick={handleSignOut} loading={signOut.isPending}>
      Sign out
    </Button>
  );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !menuOpened, desktop: true } }}
      footer={showBottomBar ? { height: { base: 60, sm: 0 } } : undefined}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={paths.home} className={classes.brand} underline="never" aria-label="Anchored home">
            Anchored
          </Anchor>
          {!auth.isPending && (
            <>
              <Box component="nav" aria-label="Main" visibleFrom="sm">
                <Group gap={4} wrap="nowrap">
                  {renderItems('row')}
                  {signOutButton}
                </Group>
              </Box>
              {/* The bell, on desktop and phone alike, once the member has joined. */}
              {session && me.data?.profileCompleted === true && (
                <Box ml="auto" mr="xs">
                  <NotificationBell />
                </Box>
              )}
              <Burger
                opened={menuOpened}
                onClick={menu.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={menuOpened ? 'Close menu' : 'Open menu'}
                aria-expanded={menuOpened}
                aria-controls={MOBILE_MENU_ID}
              />
            </>
          )}
        </Group>
      </AppShell.Header>

      {/* Rendered only while open, so desktop and assistive tech never meet a second, hidden menu. */}
      {menuOpened && (
        <AppShell.Navbar p="md" id={MOBILE_MENU_ID} aria-label="Menu">
          <Stack gap="xs">
            {renderItems('column')}
            {signOutButton}
          </Stack>
        </AppShell.Navbar>
      )}

      <AppShell.Main>
        {/* A suspended member is told why and until when on every screen. */}
        {session && <SuspensionBanner />}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>

      {session && (
        <AppShell.Footer hiddenFrom="sm">
          <Box component="nav" aria-label="Quick links" h="100%">
            <Group h="100%" grow gap={0} wrap="nowrap">
              {bottomBarItems(session.userId).map((item) => {
                const active = isActive(pathname, item.to);
                return (
                  <UnstyledButton
                    key={item.label}
                    component={Link}
                    to={item.to}
                    className={classes.bottomItem}
                    data-active={active || undefined}
                    aria-current={active ? 'page' : undefined}
                  >
                    {item.label}
                  </UnstyledButton>
                );
              })}
            </Group>
          </Box>
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
