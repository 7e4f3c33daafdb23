/**
 * The Activity Builder's layout (/builder/{templateId}, SPEC §2.8): reads the template from this
 * device, remembers it (the wglastTemplateId cookie), provides it to the screens (BuilderContext)
 * with the help panel's state, and draws the chrome, the help panel, the "Test Activity" dialog
 * and the Create Account blocker around the screen.
 */
import { Box, Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { writeCookie } from '../../api/cookies';
import { ScreenSuspense } from '../../app/ScreenLoader';
import { useSession } from '../../app/session';
import { CloudOffIcon } from '../../app/shell/icons';
import { useDataContext } from '../../data/DataProvider';
import { useTemplate } from '../../data/hooks';
import type { ContentRecipe } from '../../data/templateRepository';
import { LAST_TEMPLATE_ID_COOKIE } from '../../domain/constants';
import { LaunchDialog } from '../dialogs/LaunchDialog';
import { AiGenerationProvider } from './ai/AiGenerationProvider';
import { BuilderContext, useBuilder, type BuilderContextValue } from './BuilderContext';
import { BuilderNavRail, BuilderTopBar } from './BuilderChrome';
import { carriesFinishCreate, FINISH_CREATE_PARAM, setLoadedTemplateId } from './builderEntry';
import { CreateAccountBlocker } from './CreateAccountBlocker';
import { HelpPanel } from './HelpPanel';
import { BuilderOnboarding } from './onboarding/BuilderOnboarding';
import { TestActivityContext } from './TestActivityContext';
import { testActivityState } from './testActivityRules';
import { useHelpPanel } from './useHelpPanel';

export const NOT_FOUND_TEXTS = {
  title: 'This activity is not on this device',
  body: 'It may have been deleted, or it was made on another device and has not reached this one yet. It opens here by itself as soon as it arrives.',
  back: 'Back to Dashboard',
  myActivities: 'My Activities',
} as const;

export function BuilderLayout() {
  const { templateId = '' } = useParams();
  const { data: template, isLoading } = useTemplate(templateId);
  const { repository } = useDataContext();
  const { signedIn } = useSession();
  const help = useHelpPanel();
  const found = template !== null;

  useEffect(() => {
    if (!found) return;
    setLoadedTemplateId(templateId);
    writeCookie(LAST_TEMPLATE_ID_COOKIE, templateId);
  }, [found, templateId]);

  const update = useCallback(
    async (recipe: ContentRecipe) => {
      await repository.update(templateId, recipe);
    },
    [repository, templateId],
  );

  const value = useMemo<BuilderContextValue | null>(
    () => (template ? { templateId, template, update, help } : null),
    [templateId, template, update, help],
  );

  return (
    <Box h="100vh" style={{ display: 'flex', overflow: 'hidden' }} bg="gray.0">
      <BuilderNavRail />
      {value ? (
        <BuilderContext.Provider value={value}>
          <TestActivityHost>
            <BuilderOnboarding>
              <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
                <BuilderTopBar />
                <Box style={{ flex: 1, minHeight: 0, display: 'flex' }}>
                  <Box
                    component="main"
                    p="lg"
                    style={{ flex: 1, minWidth: 0, overflow: 'auto' }}
                    data-testid="builder-main"
                  >
                    <ScreenSuspense>
                      <Outlet />
                    </ScreenSuspense>
                  </Box>
                  <HelpPanel />
                </Box>
              </Box>
            </BuilderOnboarding>
          </TestActivityHost>
        </BuilderContext.Provider>
      ) : isLoading ? (
        <Center style={{ flex: 1 }} aria-busy="true">
          <Loader aria-label="Loading the activity" />
        </Center>
      ) : (
        <BuilderNotFound />
      )}
      <CreateAccountBlocker signedIn={signedIn} templateLoaded={found} />
    </Box>
  );
}

/**
 * Owns the launch/demo dialog of "Test Activity". With ?finish-create= it opens by itself as soon
 * as the activity can be tested (the demo is made from the server's copy, so not before the
 * edits have reached it); closing it drops the query so a reload does not open it again.
 */
function TestActivityHost({ children }: { children: ReactNode }) {
  const builder = useBuilder();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const [openedByButton, setOpenedByButton] = useState(false);
  const finishCreate = carriesFinishCreate(search);
  const enabled = testActivityState(builder.template).enabled;
  const opened = openedByButton || (finishCreate && enabled);

  const close = () => {
    setOpenedByButton(false);
    if (finishCreate) {
      const params = new URLSearchParams(search);
      params.delete(FINISH_CREATE_PARAM);
      const query = params.toString();
      void navigate(query ? `${pathname}?${query}` : pathname, { replace: true });
    }
  };
  const control = useMemo(() => ({ open: () => setOpenedByButton(true) }), []);

  return (
    <TestActivityContext.Provider value={control}>
      <AiGenerationProvider>{children}</AiGenerationProvider>
      <LaunchDialog
        opened={opened}
        onClose={close}
        mode="demo"
        openedFrom="builder"
        templateId={builder.templateId}
        templateName={builder.template.name}
      />
    </TestActivityContext.Provider>
  );
}

function BuilderNotFound() {
  const navigate = useNavigate();
  const { signedIn } = useSession();
  useEffect(() => {
    // A stale cookie must not bring the user back here on the next /builder.
    setLoadedTemplateId(null);
  }, []);
  return (
    <Center style={{ flex: 1 }} p="xl">
      <Stack
        align="center"
        gap="md"
        maw={460}
        ta="center"
        role="alert"
        data-testid="builder-not-found"
      >
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <CloudOffIcon size={28} />
        </ThemeIcon>
        <Title order={1} fz="xl">
          {NOT_FOUND_TEXTS.title}
        </Title>
        <Text c="dimmed">{NOT_FOUND_TEXTS.body}</Text>
        <Stack gap="xs" mt="sm" w="100%" align="center">
          <Button component={Link} to="/">
            {NOT_FOUND_TEXTS.back}
          </Button>
          {signedIn && (
            <Button variant="subtle" onClick={() => void navigate('/activities')}>
              {NOT_FOUND_TEXTS.myActivities}
            </Button>
          )}
        </Stack>
      </Stack>
    </Center>
  );
}
