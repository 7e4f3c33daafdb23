/**
 * SPEC §2.8 "Generate with AI", four steps: the topics, "Thinking" while the request is made,
 * the same while the result is polled for (with "Close"), and "Tasks generated and applied to
 * activity." (with the server's notice when it made fewer new tasks than asked); a failure offers
 * "Try again?" (back to the topics, kept) and "Close". The state is the builder's
 * (AiGenerationProvider): this dialog only shows it.
 */
import { Alert, Button, Group, Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { memo, useRef } from 'react';
import { POLL_OFFLINE_TEXT } from '../../aiFlow/aiRequest';
import { AiResultNotice } from '../../aiFlow/AiResultNotice';
import { DIALOG_TEXTS } from '../../publishing/texts';
import { AlertIcon, CheckIcon, SparklesIcon } from './aiIcons';
import type { AiGenerationAction, AiGenerationState } from './aiGenerationState';
import { topicsFormSchema } from '../../aiFlow/formRules';
import { AI_DIALOG_TEXTS as texts } from './texts';
import { TopicsField } from '../../aiFlow/TopicsField';
import { useFocusOnStepChange } from '../../../ui/useFocusOnStepChange';

/** About the height of the topics step: the dialog keeps its size from step to step. */
const BODY_MIN_HEIGHT = 304;
const NOTE_ID = 'generate-ai-topics-note';

// Made once: useForm rebuilds its callbacks when the rules change identity.
const validateTopics = schemaResolver(topicsFormSchema, { sync: true });

export interface GenerateWithAiDialogProps {
  opened: boolean;
  state: AiGenerationState;
  online: boolean;
  dispatch(action: AiGenerationAction): void;
  onGenerate(): void;
  onClose(): void;
}

/**
 * Memoised: its provider renders again on every write of the template (each keystroke is
 * written at once: no edit window), and a closed dialog need not.
 */
export const GenerateWithAiDialog = memo(function GenerateWithAiDialog(
  props: GenerateWithAiDialogProps,
) {
  const body = useRef<HTMLDivElement>(null);
  useFocusOnStepChange(body, props.state.stage);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={
        <Group gap={8} wrap="nowrap" component="span">
          <ThemeIcon size={28} radius="md" variant="light" aria-hidden component="span">
            <SparklesIcon size={16} />
          </ThemeIcon>
          <Text component="span" fw={700} fz="lg">
            {texts.title}
          </Text>
        </Group>
      }
      size={600}
      closeButtonProps={{ 'aria-label': DIALOG_TEXTS.closeDialog }}
      centered
      padding="xl"
      radius="lg"
      data-testid="generate-ai-dialog"
    >
      <Stack justify="center" mih={BODY_MIN_HEIGHT} data-stage={props.state.stage} ref={body}>
        <DialogBody {...props} />
      </Stack>
    </Modal>
  );
});

function DialogBody({ state, online, dispatch, onGenerate, onClose }: GenerateWithAiDialogProps) {
  switch (state.stage) {
    case 'topics':
      return (
        <Topics
          initial={state.topics}
          online={online}
          dispatch={dispatch}
          onGenerate={onGenerate}
          onCancel={onClose}
        />
      );
    case 'creating':
    case 'polling':
      return (
        <Thinking
          polling={state.stage === 'polling'}
          waitingForServer={state.waitingForServer}
          offline={state.offline}
          onClose={onClose}
        />
      );
    case 'done':
      return <Done notice={state.notice} onClose={onClose} />;
    case 'error':
      return <Failure message={state.error ?? ''} dispatch={dispatch} onClose={onClose} />;
  }
}

function Topics({
  initial,
  online,
  dispatch,
  onGenerate,
  onCancel,
}: {
  initial: string;
  online: boolean;
  dispatch: GenerateWithAiDialogProps['dispatch'];
  onGenerate(): void;
  onCancel(): void;
}) {
  const form = useForm({
    // Controlled: the counter and "Generate tasks" follow each key press.
    mode: 'controlled',
    initialValues: { topics: initial },
    validate: validateTopics,
    // The builder keeps the topics, not this step: a closed dialog and "Try again?" come back to
    // them, and the generation sends them.
    onValuesChange: ({ topics }) => dispatch({ type: 'setTopics', topics }),
  });

  return (
    <form
      onSubmit={form.onSubmit(() => {
        if (online) onGenerate();
      })}
    >
      <Stack gap="md">
        <TopicsField
          label={texts.topicsLabel}
          placeholder={texts.topicsPlaceholder}
          value={form.values.topics}
          onChange={(value) => form.setFieldValue('topics', value)}
          error={form.errors.topics}
          minRows={5}
          maxRows={10}
          describedBy={NOTE_ID}
          styles={{ label: { marginBottom: 8, lineHeight: 1.4 } }}
        />
        <Alert id={NOTE_ID} color="yellow" variant="light" role="note" icon={<AlertIcon />} py="xs">
          {texts.overwriteNote}
        </Alert>
        {!online && (
          <Alert color="yellow" variant="light" role="status">
            {texts.offlineButton}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {texts.cancel}
          </Button>
          <Button
            type="submit"
            leftSection={<SparklesIcon size={16} />}
            disabled={!online || !form.isValid()}
          >
            {texts.generate}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Thinking({
  polling,
  waitingForServer,
  offline,
  onClose,
}: {
  polling: boolean;
  waitingForServer: boolean;
  offline: boolean;
  onClose(): void;
}) {
  return (
    <Stack align="center" gap="lg" py="md">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader size="lg" type="dots" aria-hidden />
        <Text fw={700} fz="lg">
          {texts.thinking}
        </Text>
        <Text c="dimmed" ta="center" maw={420}>
          {texts.pleaseWait}
        </Text>
        {waitingForServer && (
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            {texts.savingFirst}
          </Text>
        )}
        {offline && (
          <Alert color="yellow" variant="light" maw={480} role="note">
            {POLL_OFFLINE_TEXT}
          </Alert>
        )}
      </Stack>
      {/* SPEC: the polling step has "Close"; the generation carries on in the builder. */}
      <Group justify="center" mih={36}>
        {polling && (
          <Button variant="default" onClick={onClose}>
            {texts.close}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function Done({ notice, onClose }: { notice: string | null; onClose(): void }) {
  return (
    <Stack align="center" gap="lg" py="md">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
        <CheckIcon />
      </ThemeIcon>
      <Text component="p" fw={700} fz="lg" ta="center" m={0} role="status">
        {texts.done}
      </Text>
      <AiResultNotice notice={notice} testId="generate-ai-result-notice" />
      <Button onClick={onClose} data-autofocus>
        {texts.close}
      </Button>
    </Stack>
  );
}

function Failure({
  message,
  dispatch,
  onClose,
}: {
  message: string;
  dispatch: GenerateWithAiDialogProps['dispatch'];
  onClose(): void;
}) {
  return (
    <Stack gap="lg" py="xs">
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<AlertIcon />}
        data-testid="generate-ai-error"
      >
        {message}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {texts.close}
        </Button>
        <Button onClick={() => dispatch({ type: 'tryAgain' })} data-autofocus>
          {texts.tryAgain}
        </Button>
      </Group>
    </Stack>
  );
}
