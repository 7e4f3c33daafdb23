/**
 * The organiser's actions on one team, in the statistics screen's Teams table (docs/games.md
 * "Teams: rename, remove, bonus and penalty points"): Rename…, Bonus or penalty… and Remove
 * team…, from a menu on the team's row. Each opens a dialog that keeps what was typed when the
 * server refuses it, with the server's message next to the field. On success the change shows at
 * once (applyTeamChange) and the screen reads its statistics again.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
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
import {
  ADJUSTMENT_MESSAGES,
  ADJUSTMENT_REASON_MAX_LENGTH,
  TEAM_NAME_MAX_LENGTH,
  teamNameProblem,
  type ScoreAdjustment,
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

function RenameForm({ gameId, screenKey, team, onCancel, onDone }: FormProps<Team>) {
  const [name, setName] = useState(team.name);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const problem = teamNameProblem(name);
    if (problem) {
      setError(problem);
      return;
    }
    setSending(true);
    setError(null);
    const result = await renameTeam(gameId, screenKey, team.id, name);
    setSending(false);
    if (result.ok) onDone(result.data);
    else setError(withoutField(result.error, 'name'));
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextInput
        label={TEAM_ACTION_TEXTS.nameLabel}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
        maxLength={TEAM_NAME_MAX_LENGTH}
        description={`${name.length} / ${TEAM_NAME_MAX_LENGTH}. The team’s phone shows the new name at once.`}
        error={error}
        required
        data-autofocus
        autoComplete="off"
      />
      <FormButtons sending={sending} onCancel={onCancel} />
    </form>
  );
}

/** Whole numbers from -1000 to 1000, not 0: the server's rule, said before asking it. */
function pointsProblem(points: number | string): string | null {
  if (typeof points !== 'number' || !Number.isInteger(points)) return ADJUSTMENT_MESSAGES.points;
  if (Math.abs(points) > LIMITS.pointsMax) return ADJUSTMENT_MESSAGES.points;
  if (points === 0) return ADJUSTMENT_MESSAGES.zero;
  return null;
}

function AdjustmentForm({
  gameId,
  screenKey,
  team,
  adjustmentPoints,
  onCancel,
  onDone,
}: FormProps<ScoreAdjustmentResult> & { adjustmentPoints: number }) {
  const [points, setPoints] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<{ points?: string; reason?: string; other?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const problems = {
      points: pointsProblem(points) ?? undefined,
      reason: reason.trim() === '' ? ADJUSTMENT_MESSAGES.reasonEmpty : undefined,
    };
    if (problems.points || problems.reason) {
      setErrors(problems);
      return;
    }
    setSending(true);
    setErrors({});
    const result = await addScoreAdjustment(gameId, screenKey, team.id, {
      points: Number(points),
      reason,
    });
    setSending(false);
    if (result.ok) {
      onDone(result.data);
      return;
    }
    // A 400 names its field ("reason: …"); anything else (the team is gone, the network) is
    // about the whole request.
    const { message, status } = result.error;
    if (/^reason\b/i.test(message)) setErrors({ reason: withoutField(result.error, 'reason') });
    else if (status === 400) setErrors({ points: withoutField(result.error, 'points') });
    else setErrors({ other: message });
  };

  const valid = pointsProblem(points) === null;
  const value = Number(points);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
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
          value={points}
          onChange={(next) => {
            setPoints(next);
            setErrors((e) => ({ ...e, points: undefined, other: undefined }));
          }}
          min={-LIMITS.pointsMax}
          max={LIMITS.pointsMax}
          allowDecimal={false}
          clampBehavior="strict"
          error={errors.points}
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
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setErrors((e) => ({ ...e, reason: undefined, other: undefined }));
          }}
          maxLength={ADJUSTMENT_REASON_MAX_LENGTH}
          description={`${reason.length} / ${ADJUSTMENT_REASON_MAX_LENGTH}. ${TEAM_ACTION_TEXTS.reasonHint}`}
          error={errors.reason}
          required
          autoComplete="off"
        />
        {errors.other && (
          <Alert color="red" role="alert">
            {errors.other}
          </Alert>
        )}
      </Stack>
      <FormButtons sending={sending} onCancel={onCancel} />
      <EarlierAdjustments gameId={gameId} screenKey={screenKey} teamId={team.id} />
    </form>
  );
}

/** The team's earlier bonus and penalty points, read when the dialog opens. */
function EarlierAdjustments({
  gameId,
  screenKey,
  teamId,
}: {
  gameId: string;
  screenKey: string | null;
  teamId: string;
}) {
  const [state, setState] = useState<
    | { status: 'loading' }
    | { status: 'ready'; adjustments: ScoreAdjustment[] }
    | { status: 'error'; message: string }
  >({ status: 'loading' });

  useEffect(() => {
    let current = true;
    void fetchScoreAdjustments(gameId, screenKey, teamId).then((result) => {
      if (!current) return;
      setState(
        result.ok
          ? { status: 'ready', adjustments: result.data.adjustments }
          : { status: 'error', message: result.error.message },
      );
    });
    return () => {
      current = false;
    };
  }, [gameId, screenKey, teamId]);

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
      {state.status === 'loading' && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="gray.7">
            Loading…
          </Text>
        </Group>
      )}
      {state.status === 'error' && (
        <Text size="sm" c="gray.7">
          Could not read them: {state.message}
        </Text>
      )}
      {state.status === 'ready' && state.adjustments.length === 0 && (
        <Text size="sm" c="gray.7">
          {TEAM_ACTION_TEXTS.noEarlier}
        </Text>
      )}
      {state.status === 'ready' && state.adjustments.length > 0 && (
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
          {state.adjustments.map((a) => (
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
