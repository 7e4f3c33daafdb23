/**
 * SPEC §2.9 Schedule Activity, stepped (SPEC §4): the instance name → dates and times → create
 * (gameStatusUrl) → poll every 5 s until publishedAt → success with the join details. The checks
 * are SPEC §5's (src/domain/schedule.ts); "Cancel" resets everything. The plan's limits are told
 * before the form (SPEC §6): on FREE, scheduling a later day is PRO, so the dialog opens on that
 * explanation and the form's dates are today only; a live activity, or today's one launch used,
 * is named before anything is filled in (then "Schedule for today" is not offered). A refusal
 * from the server shows its own reason, without "Try again?".
 */
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { OFFLINE_MESSAGE, UNREADABLE_MESSAGE } from '../../api/client';
import { scheduleGame } from '../../api/games';
import type { JoinAddress } from '../../domain/joinAddress';
import { useApiCredentials, useSession } from '../../auth/session';
import { MESSAGES, scheduleErrorMessage } from '../../domain/messages';
import {
  canProceedFromName,
  toIsoTimestamps,
  validateInstanceName,
  validateSchedule,
  type ScheduleForm,
} from '../../domain/schedule';
import type { ActivityRow, GameStatus, PlanId } from '../../domain/schemas';
import type { GameControl } from '../../domain/games';
import {
  canScheduleFutureOrMultiDay,
  launchBlockClearsByEnding,
  scheduleDateBoundsFor,
  schedulePlanError,
  type LaunchBlock,
} from '../../domain/plans';
import { PRICING_LINK } from '../../ui/marketingLinks';
import { ContactUsButton } from './ContactUsButton';
import { DialogErrorState, isRetryableFailure } from './DialogErrorState';
import { LaunchLimitNotice } from './LaunchLimitNotice';
import { SignInPromptContent } from './SignInPrompt';
import { dialogModalProps, RESULT_DIALOG_SIZE } from './dialogModalProps';
import { JoinAddressWarning } from './JoinAddressWarning';
import { ScheduledJoinDetails } from './ScheduledJoinDetails';
import { DIALOG_TEXTS } from './texts';
import { useGameStatusFlow, type GameFlowState } from './useGameStatusFlow';
import { useJoinAddress } from './useJoinAddress';

export interface ScheduleDialogProps {
  opened: boolean;
  onClose: () => void;
  activity: ActivityRow;
  /** Called with the template id once the instance is published (My Activities refreshes). */
  onScheduled?: (templateId: string) => void;
  /** The organiser's plan when known: FREE schedules today only. Null: the server decides. */
  plan?: PlanId | null;
  /**
   * What keeps a launch from starting on the plan (FREE: a live activity, or today's one launch
   * used; `launchBlock` in src/domain/plans.ts), named before the form.
   */
  launchBlock?: LaunchBlock<ActivityRow> | null;
  /** The live activity was ended from this dialog. */
  onGameEnded?: (row: ActivityRow, control: GameControl) => void;
}

const texts = DIALOG_TEXTS.schedule;
const FORBIDDEN = 403;

/** @mantine/dates and dayjs come with the fields, when the dialog first opens (fetched early). */
const loadDateTimeFields = () => import('./ScheduleDateTimeFields');
const ScheduleDateTimeFields = lazy(() =>
  loadDateTimeFields().then((m) => ({ default: m.ScheduleDateTimeFields })),
);
/** Two rows of labelled inputs: the fields' place while they load, so nothing below moves. */
const FIELDS_MIN_HEIGHT = 138;
/** "Activity cannot be scheduled for the past" must not go stale while the form is open. */
const NOW_REFRESH_MS = 30_000;
const BUSY_MIN_HEIGHT = 220;

export const EMPTY_SCHEDULE_FORM: ScheduleForm = {
  dateFrom: '',
  timeFrom: '',
  dateTo: '',
  timeTo: '',
};

export function ScheduleDialog({
  opened,
  onClose,
  activity,
  onScheduled,
  plan = null,
  launchBlock = null,
  onGameEnded,
}: ScheduleDialogProps) {
  const session = useSession();
  const location = useLocation();
  // The form is narrow; the join details need the room of the result dialogs.
  const [wide, setWide] = useState(false);
  return (
    <Modal
      {...dialogModalProps}
      opened={opened}
      onClose={onClose}
      title={texts.title}
      size={wide ? RESULT_DIALOG_SIZE : 'lg'}
      onExitTransitionEnd={() => setWide(false)}
    >
      {session.signedIn ? (
        <ScheduleFlow
          activity={activity}
          onClose={onClose}
          onScheduled={onScheduled}
          onWideChange={setWide}
          plan={plan}
          launchBlock={launchBlock}
          onGameEnded={onGameEnded}
        />
      ) : (
        <SignInPromptContent
          reason="action"
          returnTo={location.pathname + location.search}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

/** 'pro' and 'limit' come before the form: the plan's limits, told before anything is typed. */
type Step = 'pro' | 'limit' | 'name' | 'dates' | 'publish';

const STEP_INDEX: Readonly<Record<Step, number>> = {
  pro: 0,
  limit: 0,
  name: 0,
  dates: 1,
  publish: 2,
};

const planTexts = DIALOG_TEXTS.planLimits;

/** Where the dialog starts: the PRO explanation on FREE, then the launch limit, then the form. */
function firstStep(plan: PlanId | null, block: LaunchBlock<ActivityRow> | null): Step {
  if (plan !== null && !canScheduleFutureOrMultiDay(plan)) return 'pro';
  return block ? 'limit' : 'name';
}

const hasPublished = (status: GameStatus): boolean => Boolean(status.publishedAt);

/** SPEC §8 Schedule; a 403 is the server's own plan message (e.g. PRO for future dates). */
export function scheduleFailureMessage(state: Extract<GameFlowState, { stage: 'error' }>): string {
  if (state.offline) return OFFLINE_MESSAGE;
  if (state.step === 'poll') return MESSAGES.schedule.failed;
  if (
    state.httpStatus === FORBIDDEN &&
    state.errorMessage &&
    state.errorMessage !== UNREADABLE_MESSAGE
  ) {
    return state.errorMessage;
  }
  return scheduleErrorMessage(state.httpStatus);
}

interface ScheduleFlowProps {
  activity: ActivityRow;
  onClose: () => void;
  onScheduled?: (templateId: string) => void;
  onWideChange: (wide: boolean) => void;
  plan: PlanId | null;
  launchBlock: LaunchBlock<ActivityRow> | null;
  onGameEnded?: (row: ActivityRow, control: GameControl) => void;
}

/** Mounted while the dialog is open: a closed dialog keeps nothing of what was typed. */
function ScheduleFlow({
  activity,
  onClose,
  onScheduled,
  onWideChange,
  plan,
  launchBlock,
  onGameEnded,
}: ScheduleFlowProps) {
  const credentials = useApiCredentials();
  // Once its live activity is ended from here, the block no longer stands in the way.
  const [liveEnded, setLiveEnded] = useState(false);
  const block = liveEnded ? null : launchBlock;
  const [step, setStep] = useState<Step>(() => firstStep(plan, block));
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [form, setForm] = useState<ScheduleForm>(EMPTY_SCHEDULE_FORM);
  const [now, setNow] = useState(() => new Date());
  const joinAddress = useJoinAddress();

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), NOW_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  // While the name is typed, so the dates step rarely waits for its fields.
  useEffect(() => {
    void loadDateTimeFields();
  }, []);

  const flow = useGameStatusFlow({
    isDone: hasPublished,
    onDone: (status) => onScheduled?.(status.templateId || activity.id),
  });

  const context = { now, runTimeMin: activity.runTimeMin };
  const validation = withPlanCheck(validateSchedule(form, context), plan, now);
  const bounds = scheduleDateBoundsFor(plan, now);
  const todayOnly = plan !== null && !canScheduleFutureOrMultiDay(plan);

  const createGame = useCallback(
    (scheduleForm: ScheduleForm) => () =>
      scheduleGame(
        activity.id,
        { name: name.trim(), ...toIsoTimestamps(scheduleForm) },
        credentials,
      ),
    [activity.id, name, credentials],
  );

  const cancel = () => {
    flow.reset();
    setStep(firstStep(plan, block));
    setName('');
    setNameTouched(false);
    setForm(EMPTY_SCHEDULE_FORM);
    onClose();
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    // The form may have sat open: check against the time of the click.
    const fresh = new Date();
    setNow(fresh);
    if (!withPlanCheck(validateSchedule(form, { ...context, now: fresh }), plan, fresh).valid) {
      setStep('dates');
      onWideChange(false);
      return;
    }
    setStep('publish');
    onWideChange(true);
    flow.start(createGame(form));
  };

  const tryAgain = () => {
    if (flow.state.stage === 'error' && flow.state.gameStatusUrl !== null) {
      flow.retry(createGame(form));
    } else {
      submit();
    }
  };

  const nameError = nameTouched ? validateInstanceName(name) : null;
  const setField = (key: keyof ScheduleForm, value: string) =>
    setForm((current) => ({ ...current, [key]: value }));

  return (
    <Stack gap="lg">
      {step === 'pro' && (
        <ScheduleProNotice
          block={block}
          onClose={cancel}
          onContinue={() => setStep(block ? 'limit' : 'name')}
        />
      )}

      {/* The block as it opened: once its live activity is ended here, the notice says so. */}
      {step === 'limit' && launchBlock && (
        <LaunchLimitNotice
          block={launchBlock}
          onClose={cancel}
          onEnded={(row, control) => {
            setLiveEnded(true);
            onGameEnded?.(row, control);
          }}
          continueLabel={todayOnly ? planTexts.scheduleToday : texts.next}
          onContinue={() => setStep('name')}
        />
      )}

      {step !== 'pro' && step !== 'limit' && (
        <Stepper
          active={flow.state.stage === 'done' ? 3 : STEP_INDEX[step]}
          size="sm"
          allowNextStepsSelect={false}
        >
          <Stepper.Step label={texts.stepName} />
          <Stepper.Step label={texts.stepDates} />
          <Stepper.Step label={texts.stepShare} />
        </Stepper>
      )}

      {/* From the first step: the address can be fixed before the details are shared. The
          success shows it under its own message; an error stands alone. */}
      {step !== 'pro' &&
        step !== 'limit' &&
        flow.state.stage !== 'done' &&
        flow.state.stage !== 'error' && <JoinAddressWarning address={joinAddress} />}

      {step === 'name' && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setNameTouched(true);
            if (canProceedFromName(name)) setStep('dates');
          }}
        >
          <Stack gap="lg">
            <Text fw={600}>{activity.name}</Text>
            <TextInput
              label={texts.nameLabel}
              description={texts.nameDescription}
              placeholder={texts.namePlaceholder}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setNameTouched(true);
              }}
              onBlur={() => setNameTouched(true)}
              error={nameError}
              withAsterisk
              data-autofocus
              maxLength={200}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={cancel}>
                {MESSAGES.common.cancel}
              </Button>
              <Button type="submit" disabled={!canProceedFromName(name)}>
                {texts.next}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {step === 'dates' && (
        <form onSubmit={submit}>
          <Stack gap="lg">
            <Text size="sm" c="dimmed">
              <Text span fw={600} c="dark">
                {name.trim()}
              </Text>
              {' · '}
              {texts.runTime(activity.runTime)}
            </Text>
            <Suspense
              fallback={
                <Center mih={FIELDS_MIN_HEIGHT}>
                  <Loader size="sm" />
                </Center>
              }
            >
              <ScheduleDateTimeFields form={form} onChange={setField} bounds={bounds} />
            </Suspense>
            {todayOnly && (
              <Text size="sm" c="dimmed" data-testid="schedule-plan-hint">
                <Badge size="xs" variant="light" color="violet" mr={6}>
                  {planTexts.proBadge}
                </Badge>
                {planTexts.datesFreeHint}
              </Text>
            )}
            {/* Reserved height: the message comes and goes without moving the buttons. */}
            <Text size="sm" c="red.7" mih={22} role="alert" data-testid="schedule-error">
              {validation.error ?? ''}
            </Text>
            <Group justify="space-between" gap="sm">
              <Button variant="subtle" onClick={() => setStep('name')}>
                {texts.back}
              </Button>
              <Group gap="sm">
                <Button variant="default" onClick={cancel}>
                  {MESSAGES.common.cancel}
                </Button>
                <Button type="submit" disabled={!validation.valid}>
                  {texts.submit}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}

      {step === 'publish' && flow.state.stage === 'error' && (
        <DialogErrorState
          message={scheduleFailureMessage(flow.state)}
          offline={flow.state.offline}
          contactUs={flow.state.step === 'create' && flow.state.httpStatus === FORBIDDEN}
          retryable={isRetryableFailure(flow.state)}
          onTryAgain={tryAgain}
          onClose={cancel}
        />
      )}

      {step === 'publish' && flow.state.stage === 'done' && (
        <ScheduleSuccess status={flow.state.status} joinAddress={joinAddress} onClose={cancel} />
      )}

      {step === 'publish' &&
        (flow.state.stage === 'creating' ||
          flow.state.stage === 'polling' ||
          flow.state.stage === 'idle') && (
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
              <Text fw={500}>
                {flow.state.stage === 'polling' ? texts.waiting : texts.creating}
              </Text>
            </Stack>
            <Group justify="flex-end">
              <Button variant="default" onClick={cancel}>
                {MESSAGES.common.cancel}
              </Button>
            </Group>
          </Stack>
        )}
    </Stack>
  );
}

/** SPEC §5's checks, then the plan's own (FREE: today only), in the server's words. */
function withPlanCheck(
  validation: ReturnType<typeof validateSchedule>,
  plan: PlanId | null,
  now: Date,
): ReturnType<typeof validateSchedule> {
  if (!validation.valid) return validation;
  const error = schedulePlanError(
    plan,
    { startsAt: validation.start, endsAt: validation.end },
    now,
  );
  return error ? { complete: true, valid: false, error } : validation;
}

/**
 * FREE: scheduling a later day is PRO; today is still open to them, unless today's one launch is
 * used (by a launch, or by the live activity launched today): then the limit is named here and
 * "Schedule for today" is not offered, since the server would refuse it.
 */
function ScheduleProNotice({
  block,
  onClose,
  onContinue,
}: {
  block: LaunchBlock<ActivityRow> | null;
  onClose: () => void;
  onContinue: () => void;
}) {
  const todayUsed = block !== null && !launchBlockClearsByEnding(block) ? block : null;
  return (
    <Stack gap="lg" data-testid="schedule-pro">
      <Alert
        color="violet"
        variant="light"
        radius="md"
        title={
          <Group gap={8} wrap="nowrap">
            <Badge size="sm" variant="filled" color="violet">
              {planTexts.proBadge}
            </Badge>
            <span>{planTexts.scheduleProTitle}</span>
          </Group>
        }
      >
        <Text size="sm">{planTexts.scheduleProBody}</Text>
      </Alert>
      {todayUsed ? (
        <LaunchLimitNotice
          block={todayUsed}
          onClose={onClose}
          continueLabel={planTexts.scheduleToday}
          onContinue={onContinue}
        />
      ) : (
        <>
          <Text size="sm">{planTexts.scheduleFreeToday}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {MESSAGES.common.close}
            </Button>
            <ContactUsButton link={PRICING_LINK} onNavigate={onClose} variant="light">
              {planTexts.viewPlans}
            </ContactUsButton>
            <Button onClick={onContinue} data-autofocus>
              {planTexts.scheduleToday}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

interface ScheduleSuccessProps {
  status: GameStatus;
  joinAddress: JoinAddress | null;
  onClose: () => void;
}

function ScheduleSuccess({ status, joinAddress, onClose }: ScheduleSuccessProps) {
  return (
    <Stack gap="lg">
      <Alert color="teal" variant="light" radius="md">
        <Title order={3} fz="md" fw={600}>
          {texts.success}
        </Title>
      </Alert>
      <ScheduledJoinDetails status={status} joinAddress={joinAddress} onClose={onClose} />
    </Stack>
  );
}
