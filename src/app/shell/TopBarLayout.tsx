/**
 * SPEC §2.2 Layout A: a top bar ("Menu" dropdown of the navigation items, the logo centred,
 * "Sign In" or "Sign out"), the main content, and the footer. For the screens that are not in the
 * sidebar shell (the AI creation wizard arrives with it); renders its child route.
 */
import { Box, Button, Flex, Group, Menu } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { ScreenSuspense } from '../../ui/ScreenLoader';
import { SignInUnavailableNotice } from '../../auth/SignInUnavailable';
import { signInHref } from '../../auth/authPaths';
import { useSession, useSignOut } from '../../auth/session';
import { MenuIcon } from '../../ui/icons';
import { Footer } from './Footer';
import { Logo } from '../../ui/Logo';
import { NavigationIcon } from '../../ui/NavigationIcon';
import { visibleNavigationItems } from '../../ui/navigation';

export function TopBarLayout() {
  const session = useSession();
  const signOut = useSignOut();
  const { pathname, search } = useLocation();
  const here = pathname + search;

  return (
    <Flex direction="column" mih="100vh">
      <Box
        component="header"
        px="xl"
        py="sm"
        bg="white"
        style={{
          display: 'grid',
          gridTemplateColumns: '1fr auto 1fr',
          alignItems: 'center',
          borderBottom: '1px solid var(--mantine-color-gray-3)',
        }}
      >
        <Box>
          <Menu position="bottom-start">
            <Menu.Target>
              <Button variant="subtle" color="gray" leftSection={<MenuIcon size={18} />}>
                Menu
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {visibleNavigationItems(session.signedIn).map((item) => (
                <Menu.Item
                  key={item.id}
                  component={Link}
                  to={item.to}
                  leftSection={<NavigationIcon variant={item.variant} size={16} />}
                >
                  {item.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Box>
        <Box component={Link} to="/" aria-label="Teamtrail dashboard" td="none">
          <Logo />
        </Box>
        <Box style={{ justifySelf: 'end' }}>
          {session.signedIn ? (
            <Button onClick={() => void signOut()} variant="default">
              Sign out
            </Button>
          ) : (
            <Group gap="sm" wrap="nowrap">
              <SignInUnavailableNotice tooltipPosition="bottom" />
              <Button component={Link} to={signInHref(here)}>
                Sign In
              </Button>
            </Group>
          )}
        </Box>
      </Box>
      <Box component="main" style={{ flex: 1 }}>
        <ScreenSuspense>
          <Outlet />
        </ScreenSuspense>
      </Box>
      <Footer />
    </Flex>
  );
}
