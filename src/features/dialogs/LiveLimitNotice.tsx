/**
 * "1 live activity: end X first" (SPEC §6 FREE plan: only one live activity at a time). Shown by
 * the launch and Schedule dialogs instead of a form or a call the server would refuse with 403:
 * it names the live activity and links to the plans. Ending it frees a launch only when it was
 * not launched today, as FREE's one launch a day is otherwise spent: a FREE launch is valid for
 * its day, so one that ends on a later day is one made under PRO before a downgrade. Only then
 * does it offer to end it, with the game controls' own "End now" (after the same confirmation),
 * and once it has ended the organiser goes ahead; otherwise an End would lead to the next refusal.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { controlOwnGame } from '../../api/gameControl';
import { useApiCredentials } from '../../app/session';
import type { GameControl } from '../../domain/games';
import { MESSAGES } from '../../domain/messages';
import { toLocalDateString } from '../../domain/schedule';
import type { ActivityRow } from '../../domain/schemas';
import { PRICING_LINK } from '../../app/marketingLinks';
import { GAME_CONTROLS_TEXTS, hasGameControls } from '../activities/GameControlsMenu';
import { ContactUsButton } from './ContactUsButton';
import { DIALOG_TEXTS } from './texts';

const texts = DIALOG_TEXTS.planLimits;

export interface LiveLimitNoticeProps {
  /** The organiser's live activity that holds the plan's one place. */
  live: ActivityRow;
  onClose: () => void;
  /** The live game has ended: My Activities shows it until the next pull of the list. */
  onEnded?: (row: ActivityRow, control: GameControl) => void;
  /** What the organiser came to do, once the place is free: "Play X", "Schedule for today". */
  continueLabel: string;
  onContinue: () => void;
}

export function LiveLimitNotice({
  live,
  onClose,
  onEnded,
  continueLabel,
  onContinue,
}: LiveLimitNoticeProps) {
  const credentials = useApiCredentials();
  const [stage, setStage] = useState<'blocked' | 'confirm' | 'ending' | 'ended'>('blocked');
  const [error, setError] = useState<string | null>(null);
  const endable = hasGameControls(live);
  // Launched today (it ends today, as FREE launches do): today's one launch is spent either way.
  const endFreesALaunch =
    live.gameEndsAt != null &&
    // A day's launch ends at the next midnight, which still closes that day: 1 ms before it.
    toLocalDateString(new Date(Date.parse(live.gameEndsAt) - 1)) > toLocalDateString(new Date());

  const end = async () => {
    if (!hasGameControls(live)) return;
    setStage('ending');
    setError(null);
    const result = await controlOwnGame(live.gameId, 'end', credentials);
    if (!result.ok) {
      setError(result.errorMessage);
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
          {!endFreesALaunch && <Text size="sm">{texts.dailyNote(live.name)}</Text>}
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
            <Button variant="default" onClick={onClose}>
              {MESSAGES.common.close}
            </Button>
            {/* SPEC §8: the FREE message comes with "Contact Us"; the plans are one click away. */}
            <ContactUsButton onNavigate={onClose} />
            {/* The way forward when ending the live one would not free a launch. */}
            <ContactUsButton
              link={PRICING_LINK}
              onNavigate={onClose}
              variant={endable && endFreesALaunch ? 'light' : 'filled'}
            >
              {texts.viewPlans}
            </ContactUsButton>
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
