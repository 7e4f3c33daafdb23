/**
 * The organiser's actions on one team, in the statistics screen's Teams table (docs/games.md
 * "Teams: rename, remove, bonus and penalty points"): Rename…, Bonus or penalty… and Remove
 * team…, from a menu on the team's row. Each opens a dialog that keeps what was typed when the
 * server refuses it, with the server's message next to the field. On success the change shows at
 * once (applyTeamChange) and the screen reads its statistics again.
 */
import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  Menu,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { usePolledRequest } from '../../api/usePolledRequest';
import {
  ADJUSTMENT_REASON_MAX_LENGTH,
  scoreAdjustmentRequestSchema,
  TEAM_NAME_MAX_LENGTH,
  teamNameSchema,
  type ScoreAdjustmentResult,
  type Statistics,
  type Team,
} from '../../domain/games';
import { LIMITS } from '../../domain/limits';
import {
  addScoreAdjustment,
  fetchScoreAdjustments,
  removeTeam,
  renameTeam,
  type LiveError,
} from '../api';
import { formatWhen, plural } from '../format';

export const TEAM_ACTION_TEXTS = {
  menu: (name: string) => `Actions for ${name}`,
  menuButton: 'Actions',
  rename: 'Rename…',
  adjust: 'Bonus or penalty…',
  remove: 'Remove team…',
  renameTitle: (name: string) => `Rename ${name}`,
  nameLabel: 'Team name',
  adjustTitle: (name: string) => `Bonus or penalty for ${name}`,
  pointsLabel: 'Points',
  pointsHint: `A positive number is a bonus, a negative one (with a minus: -10) a penalty. From -${LIMITS.pointsMax} to ${LIMITS.pointsMax}.`,
  reasonLabel: 'Reason',
  reasonHint: 'It shows in the CSV export. For example: Best team costume.',
  earlier: 'Earlier bonus and penalty points',
  noEarlier: 'None yet.',
  removeTitle: (name: string) => `Remove ${name}?`,
  removeBody:
    'Its answers and points are deleted and its phone can no longer play. This cannot be undone.',
  save: 'Save',
  cancel: 'Cancel',
  confirmRemove: 'Remove',
} as const;

/** What changed, as the server answered it: the screen shows it at once, then reads again. */
export type TeamChange =
  | { kind: 'renamed'; team: Team }
  | { kind: 'adjusted'; result: ScoreAdjustmentResult }
  | { kind: 'removed'; teamId: string };

/** The statistics with one team's change in them, until the next read brings the server's. */
export function applyTeamChange(statistics: Statistics, change: TeamChange): Statistics {
  switch (change.kind) {
    case 'renamed': {
      const { team } = change;
      return {
        ...statistics,
        teams: statistics.teams.map((t) => (t.team.id === team.id ? { ...t, team } : t)),
        submissions: statistics.submissions.map((s) =>
          s.teamId === team.id ? { ...s, teamName: team.name } : s,
        ),
      };
    }
    case 'adjusted': {
      const { team, adjustment } = change.result;
      return {
        ...statistics,
        teams: statistics.teams.map((t) =>
          t.team.id === team.id
            ? { ...t, team, adjustmentPoints: t.adjustmentPoints + adjustment.points }
            : t,
        ),
      };
    }
    case 'removed': {
      const teams = statistics.teams.filter((t) => t.team.id !== change.teamId);
      return {
        ...statistics,
        game: { ...statistics.game, teamsCount: teams.length },
        teams,
        submissions: statistics.submissions.filter((s) => s.teamId !== change.teamId),
      };
    }
  }
}

/** "+5", "-10" (written as the scores and the CSV write them), "0". */
export const formatSignedPoints = (points: number): string =>
  points > 0 ? `+${points}` : String(points);

export interface TeamActionsProps {
  gameId: string;
  screenKey: string | null;
  team: Team;
  /** The team's bonus and penalty points so far (already in its score). */
  adjustmentPoints: number;
  onChanged: (change: TeamChange) => void;
}

type Dialog = 'rename' | 'adjust' | 'remove';

export function TeamActions({
  gameId,
  screenKey,
  team,
  adjustmentPoints,
  onChanged,
}: TeamActionsProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const target = useRef<HTMLButtonElement>(null);
  const close = () => setDialog(null);
  // Back to the row's button when a dialog closes, for whoever works with the keyboard: Mantine
  // returns focus to what had it when the dialog opened, here the menu item, gone by then.
  const refocus = () => {
    const active = document.activeElement;
    if (
      !active ||
      active === document.body ||
      !active.isConnected ||
      active.closest('[role="dialog"]')
    ) {
      target.current?.focus();
    }
  };
  const modalProps = { onClose: close, onExitTransitionEnd: refocus, centered: true } as const;
  const changed = (change: TeamChange) => {
    setDialog(null);
    onChanged(change);
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            ref={target}
            variant="default"
            size="xs"
            aria-label={TEAM_ACTION_TEXTS.menu(team.name)}
            rightSection={<Chevron />}
          >
            {TEAM_ACTION_TEXTS.menuButton}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {/* gray.7: Mantine's dimmed label falls short of WCAG AA on white. */}
          <Menu.Label c="gray.7">{team.name}</Menu.Label>
          <Menu.Item onClick={() => setDialog('rename')}>{TEAM_ACTION_TEXTS.rename}</Menu.Item>
          <Menu.Item onClick={() => setDialog('adjust')}>{TEAM_ACTION_TEXTS.adjust}</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red.8" onClick={() => setDialog('remove')}>
            {TEAM_ACTION_TEXTS.remove}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <Modal
        {...modalProps}
        opened={dialog === 'rename'}
        title={TEAM_ACTION_TEXTS.renameTitle(team.name)}
      >
        <RenameForm
          gameId={gameId}
          screenKey={screenKey}
          team={team}
          onCancel={close}
          onDone={(renamed) => changed({ kind: 'renamed', team: renamed })}
        />
      </Modal>

      <Modal
        {...modalProps}
        opened={dialog === 'adjust'}
        title={TEAM_ACTION_TEXTS.adjustTitle(team.name)}
        size="lg"
      >
        <AdjustmentForm
          gameId={gameId}
          screenKey={screenKey}
          team={team}
          adjustmentPoints={adjustmentPoints}
          onCancel={close}
          onDone={(result) => changed({ kind: 'adjusted', result })}
        />
      </Modal>

      <Modal
        {...modalProps}
        opened={dialog === 'remove'}
        title={TEAM_ACTION_TEXTS.removeTitle(team.name)}
      >
        <RemoveConfirmation
          gameId={gameId}
          screenKey={screenKey}
          team={team}
          onCancel={close}
          onDone={() => changed({ kind: 'removed', teamId: team.id })}
        />
      </Modal>
    </>
  );
}

interface FormProps<T> {
  gameId: string;
  screenKey: string | null;
  team: Team;
  onCancel: () => void;
  onDone: (result: T) => void;
}

// The server's rules, checked before asking it (made once: useForm rebuilds its callbacks when the
// rules change identity). A new name follows the joining rules; an adjustment is the request.
const validateRename = schemaResolver(z.object({ name: teamNameSchema }), { sync: true });
const validateAdjustment = schemaResolver(scoreAdjustmentRequestSchema, { sync: true });

function RenameForm({ gameId, screenKey, team, onCancel, onDone }: FormProps<Team>) {
  const form = useForm({
    // Controlled: the counter under the field follows each key press.
    mode: 'controlled',
    initialValues: { name: team.name },
    // On Save only; the message goes once the name changes.
    validate: validateRename,
  });

  const submit = form.onSubmit(async ({ name }) => {
    const result = await renameTeam(gameId, screenKey, team.id, name);
    if (result.ok) onDone(result.data);
    else form.setFieldError('name', withoutField(result.error, 'name'));
  });

  const { name } = form.values;
  return (
    // Enter pressed again while the name is being sent sends nothing more.
    <form onSubmit={form.submitting ? (event) => event.preventDefault() : submit} noValidate>
      <TextInput
        label={TEAM_ACTION_TEXTS.nameLabel}
        {...form.getInputProps('name')}
        maxLength={TEAM_NAME_MAX_LENGTH}
        description={`${name.length} / ${TEAM_NAME_MAX_LENGTH}. The team’s phone shows the new name at once.`}
        required
        data-autofocus
        autoComplete="off"
      />
      <FormButtons sending={form.submitting} onCancel={onCancel} />
    </form>
  );
}

interface AdjustmentValues {
  /** A number, or '' while the field is empty (what NumberInput gives). */
  points: number | string;
  reason: string;
}

function AdjustmentForm({
  gameId,
  screenKey,
  team,
  adjustmentPoints,
  onCancel,
  onDone,
}: FormProps<ScoreAdjustmentResult> & { adjustmentPoints: number }) {
  // A refusal about the whole request (the team is gone, the network), not one field.
  const [requestError, setRequestError] = useState<string | null>(null);
  const form = useForm<AdjustmentValues>({
    // Controlled: the bonus or penalty line and the counter follow each key press.
    mode: 'controlled',
    initialValues: { points: '', reason: '' },
    // On Save only; a field's message goes once that field changes.
    validate: validateAdjustment,
    onValuesChange: () => setRequestError(null),
  });

  const submit = form.onSubmit(async ({ points, reason }) => {
    setRequestError(null);
    const result = await addScoreAdjustment(gameId, screenKey, team.id, {
      points: Number(points),
      reason,
    });
    if (result.ok) {
      onDone(result.data);
      return;
    }
    // A 400 names its field ("reason: …"); anything else is about the whole request.
    const { message, status } = result.error;
    if (/^reason\b/i.test(message)) {
      form.setFieldError('reason', withoutField(result.error, 'reason'));
    } else if (status === 400) form.setFieldError('points', withoutField(result.error, 'points'));
    else setRequestError(message);
  });

  const valid = form.isValid('points');
  const value = Number(form.values.points);
  const { reason } = form.values;
  return (
    // Enter pressed again while the adjustment is being sent sends nothing more.
    <form onSubmit={form.submitting ? (event) => event.preventDefault() : submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="gray.7" data-testid="adjust-current">
          Score now: <strong>{team.score}</strong>
          {adjustmentPoints !== 0 &&
            ` (${formatSignedPoints(adjustmentPoints)} from earlier bonus and penalty points)`}
        </Text>
        <NumberInput
          label={TEAM_ACTION_TEXTS.pointsLabel}
          description={TEAM_ACTION_TEXTS.pointsHint}
          placeholder="10 or -10"
          {...form.getInputProps('points')}
          min={-LIMITS.pointsMax}
          max={LIMITS.pointsMax}
          allowDecimal={false}
          clampBehavior="strict"
          required
          data-autofocus
          w="100%"
        />
        {valid && (
          <Text size="sm" fw={600} c={value > 0 ? 'green.9' : 'red.9'} mt={-8}>
            {value > 0 ? 'Bonus' : 'Penalty'}: {team.name} {value > 0 ? 'gets' : 'loses'}{' '}
            {plural(Math.abs(value), 'point')}, score {team.score} → {team.score + value}.
          </Text>
        )}
        <TextInput
          label={TEAM_ACTION_TEXTS.reasonLabel}
          {...form.getInputProps('reason')}
          maxLength={ADJUSTMENT_REASON_MAX_LENGTH}
          description={`${reason.length} / ${ADJUSTMENT_REASON_MAX_LENGTH}. ${TEAM_ACTION_TEXTS.reasonHint}`}
          required
          autoComplete="off"
        />
        {requestError && (
          <Alert color="red" role="alert">
            {requestError}
          </Alert>
        )}
      </Stack>
      <FormButtons sending={form.submitting} onCancel={onCancel} />
      <EarlierAdjustments gameId={gameId} screenKey={screenKey} teamId={team.id} />
    </form>
  );
}

/** The team's earlier bonus and penalty points, read once when the dialog opens. */
function EarlierAdjustments({
  gameId,
  screenKey,
  teamId,
}: {
  gameId: string;
  screenKey: string | null;
  teamId: string;
}) {
  const { data, error } = usePolledRequest({
    request: () => fetchScoreAdjustments(gameId, screenKey, teamId),
    intervalMs: null,
    restartKey: JSON.stringify([gameId, screenKey, teamId]),
  });
  const adjustments = error ? null : (data?.adjustments ?? null);

  return (
    <section
      aria-labelledby={`earlier-${teamId}`}
      style={{
        marginTop: 'var(--mantine-spacing-lg)',
        paddingTop: 'var(--mantine-spacing-md)',
        borderTop: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <Text fw={600} size="sm" id={`earlier-${teamId}`} mb="xs">
        {TEAM_ACTION_TEXTS.earlier}
      </Text>
      {!error && !data && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="gray.7">
            Loading…
          </Text>
        </Group>
      )}
      {error && (
        <Text size="sm" c="gray.7">
          Could not read them: {error.message}
        </Text>
      )}
      {adjustments?.length === 0 && (
        <Text size="sm" c="gray.7">
          {TEAM_ACTION_TEXTS.noEarlier}
        </Text>
      )}
      {adjustments && adjustments.length > 0 && (
        <Stack
          component="ul"
          gap={4}
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            maxHeight: '12rem',
            overflowY: 'auto',
          }}
          data-testid="earlier-adjustments"
        >
          {adjustments.map((a) => (
            <Group component="li" key={a.id} gap="sm" wrap="nowrap" align="baseline">
              <Text
                size="sm"
                fw={700}
                c={a.points > 0 ? 'green.9' : 'red.9'}
                w="3.5rem"
                ta="right"
                style={{ flexShrink: 0 }}
              >
                {formatSignedPoints(a.points)}
              </Text>
              <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {a.reason}
              </Text>
              <Text size="xs" c="gray.7" style={{ flexShrink: 0 }}>
                {formatWhen(a.createdAt)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </section>
  );
}

function RemoveConfirmation({ gameId, screenKey, team, onCancel, onDone }: FormProps<null>) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setSending(true);
    setError(null);
    const result = await removeTeam(gameId, screenKey, team.id);
    setSending(false);
    if (result.ok) onDone(null);
    else setError(result.error.message);
  };

  return (
    <>
      <Text mb="lg">{TEAM_ACTION_TEXTS.removeBody}</Text>
      {error && (
        <Alert color="red" role="alert" mb="lg">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {TEAM_ACTION_TEXTS.cancel}
        </Button>
        <Button color="red.8" loading={sending} onClick={() => void remove()}>
          {TEAM_ACTION_TEXTS.confirmRemove}
        </Button>
      </Group>
    </>
  );
}

function FormButtons({ sending, onCancel }: { sending: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={onCancel}>
        {TEAM_ACTION_TEXTS.cancel}
      </Button>
      <Button type="submit" color="brand.7" loading={sending}>
        {TEAM_ACTION_TEXTS.save}
      </Button>
    </Group>
  );
}

/** The server names the field of a 400 ("name: Choose a team name."): the field shows it already. */
function withoutField(error: LiveError, field: string): string {
  const prefix = `${field}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path
        d="M2.5 4.5 6 8l3.5-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
