/**
 * SPEC §2.5 "Create new game": the AI flow as a stepped dialog. Unlike the wizard (§2.4) it
 * offers only 20 questions, asks at once (no 3 s wait), keeps its state in memory, and ends on
 * "Your activity is ready! 🎉". The finished template is stored on this device at once, so the
 * Activity Builder opens it without waiting for sync. The server's notice of fewer tasks than
 * asked shows on the ready step, above "Activity Builder".
 *
 * Before the AI steps it offers three starts side by side: "Start blank" (a new
 * blank activity on this device, opened in the builder; works offline), "From a template" (the
 * Template Library) and "With AI" (SPEC's steps). Without it, once the builder has been used,
 * nothing but the AI led to an empty activity: "Activity Builder" reopens the last one.
 */
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useReducer, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { requestAiContent } from '../../api/ai';
import { useApiCredentials, useRequestorId, useSession } from '../../auth/session';
import { BLANK_TEMPLATE_THUMBNAIL } from '../../domain/blankTemplate';
import { TASK_COUNTS } from '../../domain/constants';
import { LIMITS } from '../../domain/limits';
import { aiRequestErrorMessage } from '../../domain/messages';
import { SelectionCard } from '../../ui/SelectionCard';
import { useFocusOnStepChange } from '../../ui/useFocusOnStepChange';
import {
  finishedNotice,
  newActivityRequest,
  POLL_FAILURE_TEXT,
  POLL_OFFLINE_TEXT,
  requestFailureText,
} from '../aiFlow/aiRequest';
import {
  INDOOR_IMAGE,
  OUTDOOR_IMAGE,
  START_AI_IMAGE,
  START_TEMPLATE_IMAGE,
  taskCountImage,
} from '../aiFlow/illustrations';
import { AiResultNotice } from '../aiFlow/AiResultNotice';
import { useAdoptTemplate } from '../aiFlow/useAdoptTemplate';
import { useAiContentPolling } from '../aiFlow/useStatusPolling';
import { BLANK_COPY_SOURCE, useTemplateCopy } from '../library/useTemplateCopy';
import { DIALOG_TEXTS } from '../publishing/texts';
import { builderPath } from '../wizard/paths';
import {
  DIALOG_STEPS_COUNT,
  dialogReducer,
  INITIAL_DIALOG_STATE,
  stepIndex,
  type DialogAction,
  type DialogState,
} from './dialogState';
import { CREATE_GAME_TEXTS as texts } from './texts';
import { TopicsField } from '../aiFlow/TopicsField';
import { nameFormSchema, topicsFormSchema } from '../aiFlow/formRules';

export interface CreateGameDialogProps {
  opened: boolean;
  onClose: () => void;
}

const CARD_IMAGE_HEIGHT = 120;
/** About the height of the first step: the dialog does not shrink while it waits. */
const BODY_MIN_HEIGHT = 300;
const MY_ACTIVITIES_PATH = '/games';
const LIBRARY_PATH = '/templates';

export function CreateGameDialog({ opened, onClose }: CreateGameDialogProps) {
  const [state, dispatch] = useReducer(dialogReducer, INITIAL_DIALOG_STATE);
  const close = () => {
    dispatch({ type: 'reset' });
    onClose();
  };
  useAiGeneration(state, dispatch);
  const body = useRef<HTMLDivElement>(null);
  useFocusOnStepChange(body, state.stage);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Text component="span" fw={700} fz="lg">
          {texts.title}
        </Text>
      }
      size={760}
      // Named, as in every dialog: the word "Close" alone belongs to the ready step's button.
      closeButtonProps={{ 'aria-label': DIALOG_TEXTS.closeDialog }}
      centered
      padding="xl"
      radius="lg"
    >
      <Stack gap="lg">
        {/* Shown throughout the AI flow (all ticked once the request is under way), so the dialog
            keeps its shape; not on the choice of a start, where two of three starts have no steps. */}
        {state.stage !== 'start' && (
          <Stepper active={stepIndex(state.stage)} size="sm" allowNextStepsSelect={false}>
            {texts.steps.map((label) => (
              <Stepper.Step key={label} label={label} />
            ))}
          </Stepper>
        )}
        <Stack justify="center" mih={BODY_MIN_HEIGHT} ref={body}>
          <DialogBody state={state} dispatch={dispatch} close={close} />
        </Stack>
      </Stack>
    </Modal>
  );
}

/** Asks for the content when the dialog reaches "creating", then polls every 5 s. */
function useAiGeneration(state: DialogState, dispatch: (action: DialogAction) => void) {
  const credentials = useApiCredentials();
  const requestorId = useRequestorId();
  const adopt = useAdoptTemplate();
  const latest = useRef({ answers: state.answers, credentials, requestorId });
  useEffect(() => {
    latest.current = { answers: state.answers, credentials, requestorId };
  });

  // One request per "Create": the effect may run twice for one run (React's StrictMode).
  const requestedRun = useRef(0);
  const run = state.stage === 'creating' ? state.run : null;
  useEffect(() => {
    if (run === null || requestedRun.current === run) return;
    requestedRun.current = run;
    const now = latest.current;
    void (async () => {
      if (!now.requestorId) {
        dispatch({ type: 'failed', run, error: aiRequestErrorMessage(null) });
        return;
      }
      const result = await requestAiContent(
        newActivityRequest(now.answers, now.requestorId),
        now.credentials,
      );
      dispatch(
        result.ok
          ? { type: 'requested', run, statusUrl: result.data.aiContentRequestStatusUrl }
          : { type: 'failed', run, error: requestFailureText(result.error) },
      );
    })();
  }, [run, dispatch]);

  useAiContentPolling(state.statusUrl, state.stage === 'polling', {
    onOffline: (offline) => {
      if (offline) dispatch({ type: 'offline' });
    },
    onFailed: () => dispatch({ type: 'failed', run: state.run, error: POLL_FAILURE_TEXT }),
    onCompleted: async (status, active) => {
      const { template } = status;
      if (!template) {
        dispatch({ type: 'failed', run: state.run, error: POLL_FAILURE_TEXT });
        return;
      }
      await adopt(template);
      if (active()) dispatch({ type: 'completed', template, notice: finishedNotice(status) });
    },
  });
}

interface BodyProps {
  state: DialogState;
  dispatch: (action: DialogAction) => void;
  close: () => void;
}

function DialogBody({ state, dispatch, close }: BodyProps) {
  switch (state.stage) {
    case 'start':
      return <StartChoice dispatch={dispatch} close={close} />;
    case 'type':
      return <TypeChoice dispatch={dispatch} />;
    case 'questions':
      return <QuestionsChoice dispatch={dispatch} />;
    case 'topic':
      return <TopicInput state={state} dispatch={dispatch} />;
    case 'name':
      return <NameInput state={state} dispatch={dispatch} />;
    case 'creating':
    case 'polling':
      return <Thinking offline={state.offline} />;
    case 'ready':
      return <Ready templateId={state.template!.id} notice={state.notice} close={close} />;
    case 'error':
      return <Failure message={state.error!} dispatch={dispatch} close={close} />;
  }
}

function StepHeading({ children }: { children: string }) {
  return (
    <Title order={2} fz="xl">
      {children}
    </Title>
  );
}

function BackButton({ dispatch }: { dispatch: BodyProps['dispatch'] }) {
  return (
    <Button variant="default" onClick={() => dispatch({ type: 'back' })}>
      {texts.back}
    </Button>
  );
}

function StartChoice({ dispatch, close }: Omit<BodyProps, 'state'>) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const copy = useTemplateCopy();
  // The blank copy is a local write of a few milliseconds; until it opens the builder, the other
  // starts would only race it.
  const starting = copy.copyingId !== null;
  const startBlank = async () => {
    // Closed as the builder opens, as the ready step's "Activity Builder" does.
    if (await copy.copy(BLANK_COPY_SOURCE)) close();
  };
  const startFromTemplate = () => {
    if (starting) return;
    close();
    // Opened from the library itself: closing is enough, and keeps its filters.
    if (pathname !== LIBRARY_PATH) void navigate(LIBRARY_PATH);
  };
  return (
    <Stack gap="md">
      <StepHeading>{texts.start.heading}</StepHeading>
      {copy.failure && (
        <Alert color="red" variant="light" role="alert">
          {texts.start.blankFailed}
        </Alert>
      )}
      <SimpleGrid cols={3} spacing="md">
        <SelectionCard
          image={BLANK_TEMPLATE_THUMBNAIL}
          imageHeight={CARD_IMAGE_HEIGHT}
          title={texts.start.blank}
          description={texts.start.blankDescription}
          onClick={() => void startBlank()}
          data-testid="create-game-blank"
        />
        <SelectionCard
          image={START_TEMPLATE_IMAGE}
          imageHeight={CARD_IMAGE_HEIGHT}
          title={texts.start.template}
          description={texts.start.templateDescription}
          onClick={startFromTemplate}
          data-testid="create-game-template"
        />
        <SelectionCard
          image={START_AI_IMAGE}
          imageHeight={CARD_IMAGE_HEIGHT}
          title={texts.start.ai}
          description={texts.start.aiDescription}
          onClick={() => {
            if (!starting) dispatch({ type: 'chooseAi' });
          }}
          data-testid="create-game-ai"
        />
      </SimpleGrid>
    </Stack>
  );
}

function TypeChoice({ dispatch }: Pick<BodyProps, 'dispatch'>) {
  return (
    <Stack gap="md">
      <StepHeading>{texts.type.heading}</StepHeading>
      <SimpleGrid cols={2} spacing="md">
        <SelectionCard
          image={INDOOR_IMAGE}
          imageHeight={CARD_IMAGE_HEIGHT}
          title={texts.type.quiz}
          description={texts.type.quizDescription}
          onClick={() => dispatch({ type: 'chooseQuiz' })}
          data-testid="create-game-quiz"
        />
        <SelectionCard
          image={OUTDOOR_IMAGE}
          imageHeight={CARD_IMAGE_HEIGHT}
          title={texts.type.location}
          description={texts.type.locationDescription}
          disabled
          data-testid="create-game-location"
        >
          <Text size="sm" fw={600} c="brand.7" mt={6}>
            {texts.type.locationUpgrade}
          </Text>
        </SelectionCard>
      </SimpleGrid>
      <Group>
        <BackButton dispatch={dispatch} />
      </Group>
    </Stack>
  );
}

function QuestionsChoice({ dispatch }: Pick<BodyProps, 'dispatch'>) {
  return (
    <Stack gap="md">
      <StepHeading>{texts.questions.heading}</StepHeading>
      <SimpleGrid cols={3} spacing="md">
        {TASK_COUNTS.map((count) => {
          const enabled = count === DIALOG_STEPS_COUNT;
          return (
            <SelectionCard
              key={count}
              image={taskCountImage(count)}
              imageHeight={96}
              title={texts.questions.option(count)}
              description={enabled ? undefined : texts.questions.unavailable}
              disabled={!enabled}
              onClick={() => dispatch({ type: 'chooseQuestions', stepsCount: count })}
              data-testid={`create-game-questions-${count}`}
            />
          );
        })}
      </SimpleGrid>
      <Group>
        <BackButton dispatch={dispatch} />
      </Group>
    </Stack>
  );
}

// Made once (formRules.ts): useForm rebuilds its callbacks when the rules change identity.
const validateTopics = schemaResolver(topicsFormSchema, { sync: true });
const validateName = schemaResolver(nameFormSchema, { sync: true });

/**
 * The topic and name steps are forms (@mantine/form) whose values also go to the dialog's
 * reducer as they are typed: Back and a failed request come back to them, and Create sends them.
 */
function TopicInput({ state, dispatch }: Omit<BodyProps, 'close'>) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { topics: state.answers.topics },
    validate: validateTopics,
    onValuesChange: ({ topics }) => dispatch({ type: 'setTopics', topics }),
  });
  return (
    <form onSubmit={form.onSubmit(() => dispatch({ type: 'next' }))}>
      <Stack gap="md">
        <StepHeading>{texts.topic.heading}</StepHeading>
        <TopicsField
          label={texts.topic.label}
          placeholder={texts.topic.placeholder}
          value={form.values.topics}
          onChange={(value) => form.setFieldValue('topics', value)}
          error={form.errors.topics}
          minRows={6}
          maxRows={12}
        />
        <Group justify="space-between">
          <BackButton dispatch={dispatch} />
          <Button type="submit" disabled={!form.isValid()}>
            {texts.next}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function NameInput({ state, dispatch }: Omit<BodyProps, 'close'>) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: state.answers.name },
    validate: validateName,
    onValuesChange: ({ name }) => dispatch({ type: 'setName', name }),
  });
  return (
    <form onSubmit={form.onSubmit(() => dispatch({ type: 'create' }))}>
      <Stack gap="md">
        <StepHeading>{texts.name.heading}</StepHeading>
        <TextInput
          label={texts.name.label}
          placeholder={texts.name.placeholder}
          {...form.getInputProps('name')}
          maxLength={LIMITS.templateNameMaxLength}
          data-autofocus
        />
        <Group justify="space-between">
          <BackButton dispatch={dispatch} />
          <Button type="submit" disabled={!form.isValid()}>
            {texts.name.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Thinking({ offline }: { offline: boolean }) {
  return (
    <Stack align="center" gap="md" py="xl" role="status" aria-live="polite">
      <Loader size="lg" type="dots" aria-hidden />
      <Text fw={600} ta="center" maw={420}>
        {texts.thinking}
      </Text>
      {offline && (
        <Alert color="yellow" variant="light" maw={480}>
          {POLL_OFFLINE_TEXT}
        </Alert>
      )}
    </Stack>
  );
}

function Ready({
  templateId,
  notice,
  close,
}: {
  templateId: string;
  notice: string | null;
  close: () => void;
}) {
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const go = (path: string, replace: boolean) => {
    close();
    void navigate(path, { replace });
  };
  return (
    <Stack align="center" gap="lg" py="md">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
        <svg
          viewBox="0 0 24 24"
          width={34}
          height={34}
          fill="none"
          stroke="currentColor"
          strokeWidth={2.5}
        >
          <polyline points="5 12.5 10 17.5 19 7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </ThemeIcon>
      <Text component="p" fw={700} fz="xl" m={0} role="status">
        {texts.ready.text}
      </Text>
      <AiResultNotice notice={notice} maw={520} testId="create-game-result-notice" />
      <Group justify="center">
        <Button variant="default" onClick={close}>
          {texts.ready.close}
        </Button>
        {signedIn && (
          <Button variant="light" onClick={() => go(MY_ACTIVITIES_PATH, false)}>
            {texts.ready.myActivities}
          </Button>
        )}
        <Button onClick={() => go(builderPath(templateId), true)}>{texts.ready.builder}</Button>
      </Group>
    </Stack>
  );
}

function Failure({
  message,
  dispatch,
  close,
}: { message: string } & Pick<BodyProps, 'dispatch' | 'close'>) {
  return (
    <Stack gap="lg" py="xs">
      <Alert color="red" variant="light" role="alert" data-testid="create-game-error">
        {message}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          {texts.error.close}
        </Button>
        <Button onClick={() => dispatch({ type: 'tryAgain' })}>{texts.error.tryAgain}</Button>
      </Group>
    </Stack>
  );
}
