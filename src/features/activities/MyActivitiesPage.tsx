/**
 * /activities and /games, My Activities (SPEC §2.6, §4): the user's activities as the sync
 * worker last pulled them (readable offline), with each row's actions for its status. When a
 * launch or a schedule gets its code, the worker is asked to pull now and that row stays
 * highlighted as the most recently launched.
 */
import { Alert, Button, Center, Container, EmptyState, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle, useNetwork } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../auth/session';
import { useDataContext } from '../../localdb/hooks/DataProvider';
import { useMyActivities, useTemplates } from '../../localdb/hooks';
import type { ActivityRow } from '../../domain/schemas';
import { JoinInfoDialog } from '../publishing/JoinInfoDialog';
import { LaunchDialog } from '../publishing/LaunchDialog';
import { ScheduleDialog } from '../publishing/ScheduleDialog';
import { CloudOffIcon, ListIcon } from '../library/icons';
import { ListFreshness } from '../../ui/ListFreshness';
import { PageHeader } from '../../ui/PageHeader';
import { CreateGameButton } from '../createGame/CreateGameButton';
import { useTemplateCopy } from '../library/useTemplateCopy';
import { ActivitiesTable } from './ActivitiesTable';
import { OFFLINE_ACTION_TEXT, type DialogAction } from './ActivityRowActions';
import { RecentDemos } from './RecentDemos';
import { useActivityHighlight } from './useActivityHighlight';
import { useGameOverrides } from './useGameOverrides';
import type { GameControl } from '../../domain/games';
import type { LaunchBlock } from '../../domain/plans';
import { useKnownPlan } from '../pricing/useCurrentPlan';
import { LaunchLimitNote } from './LaunchLimitNote';
import { useLaunchLimits } from './useLaunchLimits';

export const ACTIVITIES_TITLE = 'My Activities';
export const ACTIVITIES_DESCRIPTION =
  'Test, launch, schedule and follow every activity you have created.';
export const ACTIVITIES_EMPTY = "You haven't created any activities yet";
export const ACTIVITIES_EMPTY_HINT =
  'Start from one of our templates and make it your own in the Activity Builder.';

interface OpenDialog {
  action: DialogAction;
  row: ActivityRow;
  opened: boolean;
  /** What kept a launch from starting on the plan when the dialog opened (FREE). */
  launchBlock: LaunchBlock<ActivityRow> | null;
}

export function MyActivitiesPage() {
  useDocumentTitle(`${ACTIVITIES_TITLE} · Teamtrail`);
  const session = useSession();
  const { sync } = useDataContext();
  const activities = useMyActivities();
  const { data: templates } = useTemplates();
  const { online } = useNetwork();
  const { highlightedId, highlight } = useActivityHighlight();
  const copy = useTemplateCopy();
  // The last dialog's row stays after closing, so the dialog can play its closing transition.
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // Read the recent demos again after the demo dialog, which may have made one.
  const [demosRefresh, setDemosRefresh] = useState(0);

  const plan = useKnownPlan();
  const { rows, record } = useGameOverrides(activities.data);
  // SPEC §6, told on the buttons and above the rows before a form is filled: FREE schedules
  // today only (PRO for later days), has one live activity at a time and one launch a day.
  const planLimits = useLaunchLimits(rows);
  const block = planLimits.launchBlock;

  // The block is kept as it was at the click: ending the live activity from the dialog must not
  // start the launch by itself.
  const open = useCallback(
    (action: DialogAction, row: ActivityRow) =>
      setDialog({
        action,
        row,
        opened: true,
        launchBlock:
          block && !(block.violation === 'liveActivityLimit' && block.activity.id === row.id)
            ? block
            : null,
      }),
    [block],
  );
  const close = useCallback(() => {
    setDialog((current) => (current ? { ...current, opened: false } : null));
    setDemosRefresh((n) => n + 1);
  }, []);
  // SPEC §4: a code from the game-status poll marks the list for refresh and highlights the row.
  const launched = useCallback(
    (templateId: string) => {
      void highlight(templateId);
      void sync.syncNow();
    },
    [highlight, sync],
  );
  const copyRow = useCallback(
    (row: ActivityRow) =>
      void copy.copy({
        kind: 'local',
        id: row.id,
        name: row.name,
        template: templates.find((t) => t.id === row.id) ?? null,
      }),
    [copy, templates],
  );

  // A game control may change the row's status (an ended game makes it complete): pull now.
  const gameChanged = useCallback(
    (row: ActivityRow, control: GameControl) => {
      record(row, control);
      void sync.syncNow();
    },
    [record, sync],
  );
  const isLaunch = dialog?.action === 'demo' || dialog?.action === 'play';

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader
          title={ACTIVITIES_TITLE}
          description={ACTIVITIES_DESCRIPTION}
          headerActions={<CreateGameButton />}
          note={<ListFreshness what="list" />}
        />

        {!online && rows.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            icon={<CloudOffIcon />}
            data-testid="offline-actions"
          >
            {OFFLINE_ACTION_TEXT}
          </Alert>
        )}

        {rows.length > 0 && <LaunchLimitNote block={block} />}

        {copy.failure && (
          <Alert
            color="red"
            variant="light"
            title="The activity could not be copied"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={copy.dismissFailure}
            role="alert"
          >
            “{copy.failure.name}” could not be copied on this device. If you created it on another
            device, wait for this list to sync and try again.
          </Alert>
        )}

        {activities.isLoading ? (
          <Center py={80} role="status" aria-live="polite">
            <Stack align="center" gap="sm">
              <Loader aria-hidden />
              <Text c="dimmed" size="sm">
                Loading your activities…
              </Text>
            </Stack>
          </Center>
        ) : rows.length === 0 ? (
          <EmptyState
            py={64}
            icon={<ListIcon size={28} />}
            withIndicatorBackground
            title={ACTIVITIES_EMPTY}
            description={ACTIVITIES_EMPTY_HINT}
            data-testid="activities-empty"
          >
            <EmptyState.Actions>
              <Button component={Link} to="/templates">
                View Template Library
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <ActivitiesTable
            rows={rows}
            highlightedId={highlightedId}
            canScheduleActivity={session.canScheduleActivity}
            offline={!online}
            copyingId={copy.copyingId}
            onOpen={open}
            onCopy={copyRow}
            onGameChanged={gameChanged}
            planLimits={planLimits}
          />
        )}

        <RecentDemos enabled={session.signedIn && online} refreshKey={demosRefresh} />
      </Stack>

      {dialog && isLaunch && (
        <LaunchDialog
          opened={dialog.opened}
          onClose={close}
          mode={dialog.action === 'demo' ? 'demo' : 'launch'}
          templateId={dialog.row.id}
          templateName={dialog.row.name}
          openedFrom="activities"
          onCode={launched}
          launchBlock={dialog.launchBlock}
          onGameEnded={gameChanged}
        />
      )}
      {dialog?.action === 'schedule' && (
        <ScheduleDialog
          opened={dialog.opened}
          onClose={close}
          activity={dialog.row}
          onScheduled={launched}
          plan={plan}
          launchBlock={dialog.launchBlock}
          onGameEnded={gameChanged}
        />
      )}
      {dialog?.action === 'info' && dialog.row.gameStatusUrl && (
        <JoinInfoDialog
          opened={dialog.opened}
          onClose={close}
          activityName={dialog.row.name}
          gameStatusUrl={dialog.row.gameStatusUrl}
        />
      )}
    </Container>
  );
}
