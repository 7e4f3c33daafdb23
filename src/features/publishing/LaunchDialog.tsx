/**
 * SPEC §2.9 launch/demo dialog ("Create (Demo) Activity") with the stages of SPEC §4: 0 create
 * the game, 1 poll its status every 5 s until it has a code, 2 show the QR code and the code. A
 * demo is valid for 10 minutes; a launch is live for the rest of the day. Guests never reach the
 * calls: they are asked to sign in first (SPEC §1, §6). A launch that the plan would refuse
 * (another activity is live, or today's one launch is used) says so first, naming the activity
 * (LaunchLimitNotice); a refusal from the server shows its own reason, without "Try again?".
 */
import {
  Alert,
  Anchor,
  Button,
  CheckIcon,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { OFFLINE_MESSAGE, UNREADABLE_MESSAGE } from '../../api/client';
import { createDemoGame, launchGame } from '../../api/games';
import { PRICING_LINK, linkProps } from '../../ui/marketingLinks';
import { useApiCredentials, useSession } from '../../auth/session';
import { MESSAGES, launchErrorMessage, launchErrorOffersContactUs } from '../../domain/messages';
import type { GameControl } from '../../domain/games';
import type { LaunchBlock } from '../../domain/plans';
import type { ActivityRow, GameStatus } from '../../domain/schemas';
import { DialogErrorState, isRetryableFailure } from './DialogErrorState';
import { LaunchLimitNotice } from './LaunchLimitNotice';
import { SignInPromptContent } from './SignInPrompt';
import { dialogModalProps, RESULT_DIALOG_SIZE } from './dialogModalProps';
import { JoinAddressWarning } from './JoinAddressWarning';
import { JoinDetails } from './JoinDetails';
import { DIALOG_TEXTS } from './texts';
import { useGameStatusFlow, type GameFlowState } from './useGameStatusFlow';
import { useJoinAddress } from './useJoinAddress';

export type LaunchMode = 'demo' | 'launch';
export type LaunchOpenedFrom = 'activities' | 'builder';

export interface LaunchDialogProps {
  opened: boolean;
  onClose: () => void;
  mode: LaunchMode;
  templateId: string;
  templateName: string;
  /** After a demo: "Close" inside My Activities, "Go to My Activities" elsewhere. */
  openedFrom: LaunchOpenedFrom;
  /** Called with the template id once the game has a code (My Activities refreshes the row). */
  onCode?: (templateId: string) => void;
  /** Where a guest comes back to after signing in; the current page by default. */
  signInReturnTo?: string;
  /**
   * What keeps a launch from starting on the organiser's plan (FREE: a live activity, or today's
   * one launch used; `launchBlock` in src/domain/plans.ts), as the page knew it when Play was
   * chosen: the dialog names it instead of making the call. Demos are never held up.
   */
  launchBlock?: LaunchBlock<ActivityRow> | null;
  /** The live activity was ended from this dialog. */
  onGameEnded?: (row: ActivityRow, control: GameControl) => void;
}

const texts = DIALOG_TEXTS.launch;
const hasCode = (status: GameStatus): boolean => Boolean(status.code);
/** Keeps the dialog the same height from the spinner to the code: no jump when it arrives. */
const BUSY_MIN_HEIGHT = 220;

export function LaunchDialog({
  opened,
  onClose,
  mode,
  templateId,
  templateName,
  openedFrom,
  onCode,
  signInReturnTo,
  launchBlock = null,
  onGameEnded,
}: LaunchDialogProps) {
  const session = useSession();
  const location = useLocation();
  const returnTo = signInReturnTo ?? location.pathname + location.search;

  return (
    <Modal
      {...dialogModalProps}
      opened={opened}
      onClose={onClose}
      title={mode === 'demo' ? texts.demoTitle : texts.launchTitle}
      size={session.signedIn ? RESULT_DIALOG_SIZE : 'md'}
    >
      {session.signedIn ? (
        <LaunchContent
          opened={opened}
          mode={mode}
          templateId={templateId}
          templateName={templateName}
          openedFrom={openedFrom}
          onCode={onCode}
          onClose={onClose}
          launchBlock={mode === 'launch' ? launchBlock : null}
          onGameEnded={onGameEnded}
        />
      ) : (
        <SignInPromptContent
          reason={mode === 'launch' ? 'launch' : 'action'}
          returnTo={returnTo}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

type LaunchFlowProps = Pick<
  LaunchDialogProps,
  'opened' | 'mode' | 'templateId' | 'templateName' | 'openedFrom' | 'onCode' | 'onClose'
>;

/** Mounted while the dialog is open: the plan's limit is named before anything is created. */
function LaunchContent({
  launchBlock,
  onGameEnded,
  ...props
}: LaunchFlowProps & Pick<LaunchDialogProps, 'launchBlock' | 'onGameEnded'>) {
  const [cleared, setCleared] = useState(false);
  if (launchBlock && !cleared) {
    return (
      <LaunchLimitNotice
        block={launchBlock}
        onClose={props.onClose}
        onEnded={onGameEnded}
        continueLabel={DIALOG_TEXTS.planLimits.playNow(props.templateName)}
        onContinue={() => setCleared(true)}
      />
    );
  }
  return <LaunchFlow {...props} />;
}

/** Mounted while the dialog is open, so every opening starts a new game from stage 0. */
function LaunchFlow({
  opened,
  mode,
  templateId,
  templateName,
  openedFrom,
  onCode,
  onClose,
}: LaunchFlowProps) {
  const credentials = useApiCredentials();
  const navigate = useNavigate();
  // Asked beside the launch, not before it: the warning never holds the code up.
  const joinAddress = useJoinAddress();
  const { state, startOnce, retry, stop } = useGameStatusFlow({
    isDone: hasCode,
    onDone: (status) => onCode?.(status.templateId || templateId),
  });

  const createGame = useCallback(
    () =>
      mode === 'demo'
        ? createDemoGame(templateId, credentials)
        : launchGame(templateId, credentials),
    [mode, templateId, credentials],
  );

  useEffect(() => {
    startOnce(createGame);
  }, [startOnce, createGame]);

  // The content stays during the closing animation, but the polling ends with the click.
  useEffect(() => {
    if (!opened) stop();
  }, [opened, stop]);

  return (
    <Stack gap="lg">
      {/* Close together: the dialog must still fit a laptop screen with the warning. */}
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {mode === 'demo' ? 'Demo of ' : 'Launching '}
          <Text span fw={600} c="dark">
            {templateName}
          </Text>
        </Text>
        {/* Before the code is shared, while it is being made too; an error stands alone. */}
        {state.stage !== 'error' && <JoinAddressWarning address={joinAddress} />}
      </Stack>
      {state.stage === 'error' ? (
        <DialogErrorState
          message={launchFailureMessage(state)}
          offline={state.offline}
          contactUs={state.step === 'create' && launchErrorOffersContactUs(state.httpStatus)}
          retryable={isRetryableFailure(state)}
          onTryAgain={() => retry(createGame)}
          onClose={onClose}
        />
      ) : state.stage === 'done' ? (
        <LaunchReady
          mode={mode}
          status={state.status}
          openedFrom={openedFrom}
          onClose={onClose}
          onGoToMyActivities={() => {
            onClose();
            void navigate('/activities');
          }}
        />
      ) : (
        <Stack gap="lg">
          <Stack
            align="center"
            justify="center"
            gap="md"
            mih={BUSY_MIN_HEIGHT}
            role="status"
            aria-live="polite"
          >
            <Loader size="lg" />
            <Text fw={500} ta="center">
              {state.stage === 'polling' ? texts.polling : texts.creating}
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {MESSAGES.common.close}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * SPEC §8 launch/demo dialog; an offline device is told so rather than "try again later". A 403
 * is the plan's refusal in the server's own words (one live activity; one launch a day), which
 * name the real reason; SPEC's FREE message when the server gave none.
 */
export function launchFailureMessage(state: Extract<GameFlowState, { stage: 'error' }>): string {
  if (state.offline) return OFFLINE_MESSAGE;
  if (state.step === 'poll') return MESSAGES.launch.pollFailed;
  if (state.httpStatus === 403 && state.errorMessage && state.errorMessage !== UNREADABLE_MESSAGE) {
    return state.errorMessage;
  }
  return launchErrorMessage(state.httpStatus);
}

interface LaunchReadyProps {
  mode: LaunchMode;
  status: GameStatus;
  openedFrom: LaunchOpenedFrom;
  onClose: () => void;
  onGoToMyActivities: () => void;
}

function LaunchReady({ mode, status, openedFrom, onClose, onGoToMyActivities }: LaunchReadyProps) {
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="teal" radius="xl" size={32} aria-hidden>
          <CheckIcon size={14} />
        </ThemeIcon>
        <Title order={3} fz="lg">
          {mode === 'demo' ? texts.demoReady : texts.live}
        </Title>
      </Group>
      <JoinDetails status={status} codeNote={mode === 'demo' ? texts.demoNote : undefined}>
        {mode === 'demo' && <DemoResults status={status} />}
        {mode === 'launch' && (
          <Alert color="brand" variant="light" radius="md" title={texts.proUpsellTitle}>
            <Text size="sm">
              {texts.proUpsell}{' '}
              {PRICING_LINK.external ? (
                <Anchor {...linkProps(PRICING_LINK)} size="sm" fw={600}>
                  {texts.viewPlans}
                </Anchor>
              ) : (
                <Anchor
                  component={Link}
                  to={PRICING_LINK.href}
                  onClick={onClose}
                  size="sm"
                  fw={600}
                >
                  {texts.viewPlans}
                </Anchor>
              )}
            </Text>
          </Alert>
        )}
      </JoinDetails>
      <Group justify="flex-end">
        {mode === 'demo' && openedFrom !== 'activities' ? (
          <Button onClick={onGoToMyActivities}>{texts.goToMyActivities}</Button>
        ) : (
          <Button onClick={onClose}>{MESSAGES.common.close}</Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * A demo is never deleted, so its results can be looked at after playing it: its live screens,
 * each opened in a new tab with the game's screen key (docs/games.md "Live screens").
 */
function DemoResults({ status }: { status: GameStatus }) {
  const screens: Array<{ label: string; href: string | undefined }> = [
    { label: texts.statistics, href: status.statisticsUrl },
    { label: texts.scoreboard, href: status.scoreboardUrl },
    { label: texts.presentation, href: status.presentationUrl },
  ];
  const links = screens.filter((screen): screen is { label: string; href: string } =>
    Boolean(screen.href),
  );
  if (links.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="demo-results">
      <Stack gap="xs">
        <Text fw={600}>{texts.demoResultsTitle}</Text>
        {/* Tight, so that the three fit one line of the narrow column. */}
        <Group gap={6}>
          {links.map((screen) => (
            <Button
              key={screen.label}
              component="a"
              href={screen.href}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              size="compact-sm"
              px={8}
            >
              {screen.label}
            </Button>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {texts.demoResultsNote}
        </Text>
      </Stack>
    </Paper>
  );
}
