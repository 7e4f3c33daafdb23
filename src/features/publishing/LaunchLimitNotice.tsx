/**
 * The plan's launch limit, named before any call (SPEC §6 FREE: one launch a day, only one live
 * activity at a time). Shown by the launch and Schedule dialogs instead of a form or a call the
 * server would refuse with 403, for the block `launchBlock` (src/domain/plans.ts) found:
 * - today's one launch is used ("FREE plan: 1 launch a day — used today by X"): the server's own
 *   words, "Contact Us" and "View plans"; nothing to end, since ending frees no launch today;
 * - another activity is live ("1 live activity: X is live today"): SPEC §8's FREE message. When
 *   today's launch is spent too (a FREE live activity was launched today) ending it would lead to
 *   the next refusal, so the notice says so and offers the plans. Only when a launch is left
 *   today (a live one launched under PRO before a downgrade) does it offer to end it, with the
 *   game controls' own "End now" (after the same confirmation); once it has ended the organiser
 *   goes ahead.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { controlOwnGame } from '../../api/gameControl';
import { useApiCredentials } from '../../auth/session';
import type { GameControl } from '../../domain/games';
import { MESSAGES } from '../../domain/messages';
import { PLAN_MESSAGES, type LaunchBlock } from '../../domain/plans';
import type { ActivityRow } from '../../domain/schemas';
import { PRICING_LINK } from '../../ui/marketingLinks';
import { GAME_CONTROLS_TEXTS, hasGameControls } from '../activities/GameControlsMenu';
import { ContactUsButton } from './ContactUsButton';
import { DIALOG_TEXTS } from './texts';

const texts = DIALOG_TEXTS.planLimits;

export interface LaunchLimitNoticeProps {
  /** What keeps the launch from starting, as the page knew it when the dialog opened. */
  block: LaunchBlock<ActivityRow>;
  onClose: () => void;
  /** The live game has ended: My Activities shows it until the next pull of the list. */
  onEnded?: (row: ActivityRow, control: GameControl) => void;
  /** What the organiser came to do, once the place is free: "Play X", "Schedule for today". */
  continueLabel: string;
  onContinue: () => void;
}

export function LaunchLimitNotice(props: LaunchLimitNoticeProps) {
  return props.block.violation === 'dailyLaunchLimit' ? (
    <DailyLimitNotice usedToday={props.block.activity} onClose={props.onClose} />
  ) : (
    <LiveLimitNotice {...props} />
  );
}

/** The buttons of a limit only an upgrade (or tomorrow) lifts: the plans are the way forward. */
function PlanButtons({
  onClose,
  viewPlansFilled,
}: {
  onClose: () => void;
  viewPlansFilled: boolean;
}) {
  return (
    <>
      <Button variant="default" onClick={onClose}>
        {MESSAGES.common.close}
      </Button>
      {/* SPEC §8: the FREE message comes with "Contact Us"; the plans are one click away. */}
      <ContactUsButton onNavigate={onClose} />
      <ContactUsButton
        link={PRICING_LINK}
        onNavigate={onClose}
        variant={viewPlansFilled ? 'filled' : 'light'}
      >
        {texts.viewPlans}
      </ContactUsButton>
    </>
  );
}

/** Today's one launch is used: tomorrow, or PRO. */
function DailyLimitNotice({ usedToday, onClose }: { usedToday: ActivityRow; onClose: () => void }) {
  return (
    <Stack gap="lg" data-testid="daily-limit">
      <Alert
        color="orange"
        variant="light"
        radius="md"
        title={texts.dailyTitle(usedToday.name)}
        role="alert"
      >
        <Stack gap="xs">
          {/* The server's own refusal, word for word, then what to do. */}
          <Text size="sm">{PLAN_MESSAGES.dailyLaunchLimit}</Text>
          <Text size="sm">{texts.dailyBody}</Text>
        </Stack>
      </Alert>
      <Group justify="flex-end" gap="sm">
        <PlanButtons onClose={onClose} viewPlansFilled />
      </Group>
    </Stack>
  );
}

function LiveLimitNotice({
  block,
  onClose,
  onEnded,
  continueLabel,
  onContinue,
}: LaunchLimitNoticeProps) {
  const live = block.activity;
  const usedToday = block.usedToday;
  const credentials = useApiCredentials();
  const [stage, setStage] = useState<'blocked' | 'confirm' | 'ending' | 'ended'>('blocked');
  const [error, setError] = useState<string | null>(null);
  const endable = hasGameControls(live);
  // Today's launch is spent too: ending the live one frees none before tomorrow.
  const endFreesALaunch = usedToday === null;

  const end = async () => {
    if (!hasGameControls(live)) return;
    setStage('ending');
    setError(null);
    const result = await controlOwnGame(live.gameId, 'end', credentials);
    if (!result.ok) {
      setError(result.error.message);
      setStage('confirm');
      return;
    }
    onEnded?.(live, result.data);
    setStage('ended');
  };

  if (stage === 'ended') {
    return (
      <Stack gap="lg" data-testid="live-limit">
        <Alert color="teal" variant="light" radius="md" role="status">
          {texts.ended(live.name)}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {MESSAGES.common.close}
          </Button>
          <Button onClick={onContinue}>{continueLabel}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" data-testid="live-limit">
      <Alert
        color="orange"
        variant="light"
        radius="md"
        title={endFreesALaunch ? texts.liveTitle(live.name) : texts.liveTodayTitle(live.name)}
        role="alert"
      >
        <Stack gap="xs">
          {/* SPEC §8's own FREE message, word for word. */}
          <Text size="sm">{MESSAGES.launch.freeLiveLimit}</Text>
          {endFreesALaunch && !endable && <Text size="sm">{texts.endWhere(live.name)}</Text>}
          {usedToday && <Text size="sm">{texts.dailyNote(usedToday.name)}</Text>}
        </Stack>
      </Alert>
      {stage !== 'blocked' && (
        <Stack gap="xs" data-testid="live-limit-confirm">
          <Text fw={600}>{GAME_CONTROLS_TEXTS.confirmTitle}</Text>
          <Text size="sm">{GAME_CONTROLS_TEXTS.confirmBody}</Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      )}
      <Group justify="flex-end" gap="sm">
        {stage === 'blocked' ? (
          <>
            <PlanButtons onClose={onClose} viewPlansFilled={!(endable && endFreesALaunch)} />
            {endable && endFreesALaunch && (
              <Button color="red.8" onClick={() => setStage('confirm')}>
                {texts.endLive(live.name)}
              </Button>
            )}
          </>
        ) : (
          <>
            <Button variant="default" onClick={() => setStage('blocked')} data-autofocus>
              {GAME_CONTROLS_TEXTS.keepPlaying}
            </Button>
            <Button color="red.8" loading={stage === 'ending'} onClick={() => void end()}>
              {GAME_CONTROLS_TEXTS.confirmEnd}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
