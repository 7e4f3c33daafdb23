/**
 * The builder's chrome (SPEC §2.8): the logo going to "/", a vertical navigation bar filtered by
 * sign-in like the main navigation, and the top bar — on sub-screens the panel header with the
 * Name field and the tabs of the game type (switching tab closes the help panel) — with the sync
 * indicator that replaces "Saving" / "Last saved … ago".
 */
import { Box, Group, Stack, Tabs, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../auth/session';
import { NavigationIcon } from '../../ui/NavigationIcon';
import { isNavigationItemActive, visibleNavigationItems } from '../../ui/navigation';
import { PRODUCT_NAME } from '../../domain/constants';
import { SyncIndicator } from '../../ui/SyncIndicator';
import { useBuilder } from './BuilderContext';
import { builderTabs, sectionOf, sectionPath, type BuilderSection } from './builderNavigation';
import { TemplateNameField } from './TemplateFields';

export const NAV_RAIL_WIDTH = 88;

/**
 * Memoised (no props): the layout renders again on every write of the template, once per
 * keystroke since edits are written at once, and the rail's links and tooltips do not
 * depend on the template.
 */
export const BuilderNavRail = memo(function BuilderNavRail() {
  const { signedIn } = useSession();
  const { pathname } = useLocation();
  return (
    <Box
      w={NAV_RAIL_WIDTH}
      bg="white"
      py="md"
      style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-gray-3)' }}
      data-tour="navigation-bar"
    >
      <Stack align="center" gap="lg">
        <Box
          component={Link}
          to="/"
          aria-label={`${PRODUCT_NAME} dashboard`}
          data-testid="builder-logo"
          p={6}
          style={{ borderRadius: 'var(--mantine-radius-md)', display: 'inline-flex' }}
        >
          <img src="/favicon.svg" alt="" width={36} height={36} />
        </Box>
        <nav aria-label="Main">
          <Stack gap={6} align="center">
            {visibleNavigationItems(signedIn).map((item) => {
              const active = isNavigationItemActive(item, pathname);
              return (
                <Tooltip key={item.id} label={item.label} position="right" withArrow>
                  <UnstyledButton
                    component={Link}
                    to={item.to}
                    aria-current={active ? 'page' : undefined}
                    w={72}
                    py={8}
                    style={{
                      borderRadius: 'var(--mantine-radius-md)',
                      display: 'flex',
                      flexDirection: 'column',
                      alignItems: 'center',
                      gap: 4,
                      background: active ? 'var(--mantine-color-brand-0)' : undefined,
                      color: active
                        ? 'var(--mantine-color-brand-8)'
                        : 'var(--mantine-color-gray-7)',
                    }}
                  >
                    <NavigationIcon variant={item.variant} size={22} aria-hidden />
                    <Text fz={11} lh={1.2} ta="center" fw={active ? 700 : 500}>
                      {item.label}
                    </Text>
                  </UnstyledButton>
                </Tooltip>
              );
            })}
          </Stack>
        </nav>
      </Stack>
    </Box>
  );
});

export function BuilderTopBar() {
  const { template, templateId, help } = useBuilder();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const section = sectionOf(pathname);

  return (
    <Group
      component="header"
      justify="space-between"
      // The overview's title sits mid-bar; the sub-screens' tabs sit on the bar's bottom edge.
      align={section === null ? 'center' : 'flex-end'}
      wrap="nowrap"
      gap="lg"
      px="lg"
      pt="sm"
      bg="white"
      mih={64}
      style={{ flexShrink: 0, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      {section === null ? (
        <Title order={1} fz="xl" pb="sm">
          Activity Builder
        </Title>
      ) : (
        <Group align="flex-end" gap="xl" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
          <Box w={320} pb="sm" style={{ flexShrink: 0 }}>
            <TemplateNameField compact />
          </Box>
          <Tabs
            value={section}
            onChange={(next) => {
              if (next === null || next === section) return;
              // SPEC §2.8: switching tab closes the help panel.
              help.clear();
              void navigate(sectionPath(templateId, next as BuilderSection));
            }}
            style={{ alignSelf: 'flex-end' }}
          >
            <Tabs.List style={{ borderBottom: 0 }}>
              {builderTabs(template.gameType).map((tab) => (
                <Tabs.Tab key={tab.section} value={tab.section} fz="md" py="md">
                  {tab.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        </Group>
      )}
      <Box pb={section === null ? 'sm' : 'md'} style={{ flexShrink: 0 }}>
        <SyncIndicator template={template} />
      </Box>
    </Group>
  );
}
