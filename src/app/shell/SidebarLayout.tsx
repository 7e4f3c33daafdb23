/**
 * SPEC §2.2 Layout B, the app shell's layout: a sidebar with the logo, the account button (signed
 * in), the navigation links, "Sign In / Up" or "Sign Out", and the upgrade panel at the bottom.
 */
import { Anchor, AppShell, Box, Button, Menu, NavLink, ScrollArea, Stack } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { ScreenSuspense } from '../../ui/ScreenLoader';
import { SignInUnavailableNotice } from '../../auth/SignInUnavailable';
import { signInHref } from '../../auth/authPaths';
import { useSession, useSignOut, type SessionUser } from '../../auth/session';
import { SignInIcon, SignOutIcon, UserIcon } from '../../ui/icons';
import { Logo } from '../../ui/Logo';
import { NavigationIcon } from '../../ui/NavigationIcon';
import { isNavigationItemActive, visibleNavigationItems } from '../../ui/navigation';
import { UpgradePanel } from './UpgradePanel';

const SIDEBAR_WIDTH = 264;

export function SidebarLayout() {
  const session = useSession();
  const signOut = useSignOut();
  const { pathname, search } = useLocation();
  const here = pathname + search;

  return (
    <AppShell navbar={{ width: SIDEBAR_WIDTH, breakpoint: 0 }} padding="lg">
      <AppShell.Navbar p="md" aria-label="Sidebar">
        <AppShell.Section>
          <Box
            component={Link}
            to="/"
            aria-label="Teamtrail dashboard"
            td="none"
            display="inline-block"
            py={4}
            px={6}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Logo />
          </Box>
        </AppShell.Section>

        {session.signedIn && (
          <AppShell.Section mt="md">
            <AccountButton user={session.user} />
          </AppShell.Section>
        )}

        <AppShell.Section grow component={ScrollArea} mt="lg">
          <nav aria-label="Main">
            <Stack gap={4}>
              {visibleNavigationItems(session.signedIn).map((item) => {
                const active = isNavigationItemActive(item, pathname);
                return (
                  <NavLink
                    key={item.id}
                    component={Link}
                    to={item.to}
                    label={item.label}
                    leftSection={<NavigationIcon variant={item.variant} />}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    variant="light"
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  />
                );
              })}
            </Stack>
          </nav>
        </AppShell.Section>

        <AppShell.Section>
          <Stack gap="md">
            {session.signedIn ? (
              <Button
                onClick={() => void signOut()}
                variant="default"
                leftSection={<SignOutIcon size={18} />}
                fullWidth
              >
                Sign Out
              </Button>
            ) : (
              <Stack gap={6}>
                <Button
                  component={Link}
                  to={signInHref(here)}
                  leftSection={<SignInIcon size={18} />}
                  fullWidth
                >
                  Sign In / Up
                </Button>
                <SignInUnavailableNotice />
              </Stack>
            )}
            <UpgradePanel signedIn={session.signedIn} />
            {/* Support asks guests too for this panel; signed-in users have it in their menu. */}
            {!session.signedIn && (
              <Anchor component={Link} to="/diagnostics" size="xs" c="dimmed" ta="center">
                Sync diagnostics
              </Anchor>
            )}
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        <ScreenSuspense>
          <Outlet />
        </ScreenSuspense>
      </AppShell.Main>
    </AppShell>
  );
}

/** The signed-in user's menu: their profile, and support's diagnostics panel. */
function AccountButton({ user }: { user: SessionUser }) {
  return (
    <Menu position="right-start" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          fullWidth
          justify="flex-start"
          leftSection={<UserIcon size={18} />}
          aria-label={`Account: ${user.name}`}
        >
          {user.name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/profile">
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/diagnostics">
          Sync diagnostics
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
