/**
 * The Activity Builder's layout (/builder/{templateId}, SPEC §2.8): reads the template from this
 * device, remembers it (the wglastTemplateId cookie), provides it to the screens (BuilderContext)
 * with the help panel's state, and draws the chrome, the help panel, the "Test Activity" dialog
 * and the Create Account blocker around the screen.
 */
import { Box, Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { writeCookie } from '../../api/cookies';
import { ScreenSuspense } from '../../ui/ScreenLoader';
import { useSession } from '../../auth/session';
import { CloudOffIcon } from '../../ui/icons';
import { rememberLastTemplate } from '../../localdb/lastTemplate';
import { useDataContext } from '../../localdb/hooks/DataProvider';
import { useTemplate } from '../../localdb/hooks';
import { useDeletedElsewhere } from '../../localdb/hooks/useMergeNotices';
import type { ContentRecipe } from '../../localdb/templateRepository';
import { LAST_TEMPLATE_ID_COOKIE } from '../../domain/constants';
import { LaunchDialog } from '../publishing/LaunchDialog';
import { AiGenerationProvider } from './ai/AiGenerationProvider';
import { BuilderContext, useBuilder, type BuilderContextValue } from './BuilderContext';
import { BuilderNavRail, BuilderTopBar } from './BuilderChrome';
import { carriesFinishCreate, FINISH_CREATE_PARAM, setLoadedTemplateId } from './builderEntry';
import { CreateAccountBlocker } from './CreateAccountBlocker';
import { DraftRecovery } from './draftJournal';
import { HelpPanel } from './HelpPanel';
import { MergeNotice, NOTICE_SPACE_VAR } from './MergeNotice';
import { BuilderOnboarding } from './onboarding/BuilderOnboarding';
import { TestActivityContext } from './TestActivityContext';
import { useTestActivityState } from './useTestActivityState';
import { useHelpPanel } from './useHelpPanel';

export const NOT_FOUND_TEXTS = {
  title: 'This activity is not on this device',
  body: 'It may have been deleted, or it was made on another device and has not reached this one yet: then it opens here by itself as soon as it arrives.',
  deletedTitle: 'This activity was deleted on another device',
  deletedBody: (name: string) =>
    `${name ? `“${name}”` : 'It'} was deleted on another device, so it is no longer here. This device had no changes of its own to keep.`,
  back: 'Back to Dashboard',
  myActivities: 'My Activities',
} as const;

export function BuilderLayout() {
  const { templateId = '' } = useParams();
  // Every keystroke is written at once, so the template changes as fast as one types.
  // The screens follow it behind this tab's writes (at most every 150 ms while they come fast,
  // and once they have landed: src/localdb/hooks/behindLocalWrites.ts), so that renders do not
  // hold up the next keystroke's write; the fields show their own drafts meanwhile.
  const { data: stored, isLoading } = useTemplate(templateId, { behindLocalWrites: true });
  // Through a deferred value too: React renders that in the background and drops it for the
  // next keystroke, which is painted first. Never another template's, though.
  const deferred = useDeferredValue(stored);
  const template = deferred?.id === templateId ? deferred : stored;
  const { repository, db } = useDataContext();
  const { signedIn } = useSession();
  const help = useHelpPanel();
  const found = template !== null;

  useEffect(() => {
    if (!found) return;
    setLoadedTemplateId(templateId);
    writeCookie(LAST_TEMPLATE_ID_COOKIE, templateId);
    // Best effort: the database may be closing (a sign-out); the cookie still says it.
    rememberLastTemplate(db, templateId).catch(() => undefined);
  }, [found, templateId, db]);

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
          {/* No edit window: writes back what this tab typed and the page's leaving cut short. */}
          <DraftRecovery />
          {/* What a merge with another device's changes replaced. */}
          <MergeNotice />
          <BuilderFrame />
        </BuilderContext.Provider>
      ) : isLoading ? (
        <Center style={{ flex: 1 }} aria-busy="true">
          <Loader aria-label="Loading the activity" />
        </Center>
      ) : (
        <BuilderNotFound templateId={templateId} />
      )}
      <CreateAccountBlocker signedIn={signedIn} templateLoaded={found} />
    </Box>
  );
}

/**
 * Everything around the screen, inside the builder context. Memoised (no props): the layout
 * renders again on every write of the template, which is once per keystroke since edits are
 * written at once; only what reads the template (`useBuilder`) renders again then,
 * not the whole frame.
 */
const BuilderFrame = memo(function BuilderFrame() {
  return (
    <TestActivityHost>
      <BuilderOnboarding>
        <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <BuilderTopBar />
          <Box style={{ flex: 1, minHeight: 0, display: 'flex' }}>
            <Box
              component="main"
              p="lg"
              style={{
                flex: 1,
                minWidth: 0,
                overflow: 'auto',
                // Room to scroll the end of the screen (its footer) above a merge notice.
                paddingBottom: `calc(var(--mantine-spacing-lg) + var(${NOTICE_SPACE_VAR}, 0px))`,
              }}
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
  );
});

/**
 * The launch dialog, memoised: the host renders again on every write of the template (each
 * keystroke is written at once); the closed dialog only when its own props change.
 */
const BuilderLaunchDialog = memo(LaunchDialog);

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
  const enabled = useTestActivityState().enabled;
  const opened = openedByButton || (finishCreate && enabled);

  const close = useCallback(() => {
    setOpenedByButton(false);
    if (finishCreate) {
      const params = new URLSearchParams(search);
      params.delete(FINISH_CREATE_PARAM);
      const query = params.toString();
      void navigate(query ? `${pathname}?${query}` : pathname, { replace: true });
    }
  }, [finishCreate, search, pathname, navigate]);
  const control = useMemo(() => ({ open: () => setOpenedByButton(true) }), []);

  return (
    <TestActivityContext.Provider value={control}>
      <AiGenerationProvider>{children}</AiGenerationProvider>
      <BuilderLaunchDialog
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

function BuilderNotFound({ templateId }: { templateId: string }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { signedIn } = useSession();
  // Deleted on another device (said so, not waited for), or kept under a new
  // id because this device had edits of it (the builder follows).
  const { data: deleted, isLoading } = useDeletedElsewhere(templateId);
  const restoredAs = deleted?.restoredAs ?? null;
  useEffect(() => {
    // A stale cookie must not bring the user back here on the next /builder.
    setLoadedTemplateId(null);
  }, []);
  useEffect(() => {
    if (restoredAs === null) return;
    const at = pathname.indexOf(templateId);
    const path = `${pathname.slice(0, at)}${restoredAs}${pathname.slice(at + templateId.length)}`;
    void navigate(`${path}${search}`, { replace: true });
  }, [restoredAs, pathname, search, templateId, navigate]);
  if (isLoading || restoredAs !== null) {
    return (
      <Center style={{ flex: 1 }} aria-busy="true">
        <Loader aria-label="Loading the activity" />
      </Center>
    );
  }
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
          {deleted ? NOT_FOUND_TEXTS.deletedTitle : NOT_FOUND_TEXTS.title}
        </Title>
        <Text c="dimmed">
          {deleted ? NOT_FOUND_TEXTS.deletedBody(deleted.name) : NOT_FOUND_TEXTS.body}
        </Text>
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
