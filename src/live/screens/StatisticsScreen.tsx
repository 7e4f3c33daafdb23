/**
 * Statistics for the organiser: per task (answered, correct, passed, every answer given with how
 * many teams gave it), per team (score, answered, correct, time), the judging queue of every
 * submission (components/JudgingQueue.tsx), and every photo and video with its judging. Figures
 * follow the game live; judging shows at once and is rolled back with a message if the server
 * refuses it. The results download as CSV, the media as a zip.
 */
import { useMemo, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { GameControl, GamePhase, Statistics } from '../../domain/games';
import { isChallengeType, isQuestionType, stepTypeLabel } from '../../domain/enums';
import type { LiveRoute } from '../routes';
import { mediaZipUrl, statisticsCsvUrl, type LiveError } from '../api';
import { useStatistics, type JudgingMessage } from '../hooks/useStatistics';
import { usePhase } from '../hooks/usePhase';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import type { ConnectionStatus } from '../state/connection';
import type { Judgement, PendingJudgements } from '../state/judging';
import { ErrorScreen, LoadingScreen } from '../components/StateScreens';
import { GameHeader, PhaseBadge } from '../components/GameHeader';
import { ConnectionBadge } from '../components/ConnectionBadge';
import { GameControls } from '../components/GameControls';
import { TeamAvatar } from '../components/TeamAvatar';
import {
  applyTeamChange,
  formatSignedPoints,
  TeamActions,
  type TeamChange,
} from '../components/TeamActions';
import { Pill } from '../components/Pill';
import { SubmissionCard } from '../components/SubmissionCard';
import { JudgingQueue } from '../components/JudgingQueue';
import { matchesFilter, queueItems } from '../state/judgingQueue';
import { formatDuration, formatWhen, plural } from '../format';
import { formatCode } from '../../domain/games';
import { useNotice } from '../../ui/notices';

export function StatisticsScreen({ route }: { route: LiveRoute }) {
  const { resource, statistics, pending, judge, messages, dismiss } = useStatistics(route);
  if (resource.status === 'loading') return <LoadingScreen label="Loading the statistics…" />;
  if (resource.status === 'error') {
    return (
      <ErrorScreen
        error={resource.error}
        missingKey={route.key === null}
        screenTitle="Statistics"
      />
    );
  }
  if (!statistics) return null;
  return (
    <StatisticsView
      route={route}
      statistics={statistics}
      connection={resource.connection}
      refreshError={resource.refreshError}
      pending={pending}
      onJudge={(id, change) => void judge(id, change)}
      onControlled={(control) =>
        resource.set((current) => ({
          ...current,
          game: {
            ...current.game,
            phase: control.phase,
            startsAt: control.startsAt,
            endsAt: control.endsAt,
            pausedAt: control.pausedAt,
          },
        }))
      }
      onTeamChanged={(change) => {
        // The server's answer at once, then everything read again (ranks, figures, answers).
        resource.set((current) => applyTeamChange(current, change));
        resource.reload();
      }}
      messages={messages}
      onDismiss={dismiss}
    />
  );
}

interface StatisticsViewProps {
  route: LiveRoute;
  statistics: Statistics;
  connection: ConnectionStatus;
  refreshError: LiveError | null;
  pending: PendingJudgements;
  onJudge: (submissionId: string, change: Judgement) => void;
  onControlled: (control: GameControl) => void;
  onTeamChanged: (change: TeamChange) => void;
  messages: JudgingMessage[];
  onDismiss: (id: number) => void;
}

function StatisticsView({
  route,
  statistics,
  connection,
  refreshError,
  pending,
  onJudge,
  onControlled,
  onTeamChanged,
  messages,
  onDismiss,
}: StatisticsViewProps) {
  const { game } = statistics;
  const phase = usePhase(game);
  useDocumentTitle(`Statistics – ${game.name} – Teamtrail`);
  const media = statistics.submissions
    .filter((s) => s.mediaUrl !== null)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  // The zip holds the team photos as well as the tasks' photos and videos: the figure counts
  // what the download holds (mediaFiles in server/services/games/results.ts).
  const teamPhotos = statistics.teams.filter((t) => t.team.photoUrl !== null).length;
  const stepNames = new Map(statistics.steps.map((s) => [s.step.id, s.step.name]));
  const totalPoints = statistics.teams.reduce((sum, t) => sum + t.team.score, 0);
  const toReview = queueItems(statistics).filter((item) => matchesFilter(item, 'review')).length;

  return (
    <div style={{ minHeight: '100vh', background: 'var(--mantine-color-gray-0)' }}>
      <GameHeader game={game} screenTitle="Statistics">
        <PhaseBadge game={game} phase={phase} />
        {phase !== 'ended' && (
          <ConnectionBadge connection={connection} refreshError={refreshError} size="md" />
        )}
      </GameHeader>
      <Stack component="main" gap="lg" p="lg" maw={1400} mx="auto">
        <GameControls
          gameId={route.gameId}
          screenKey={route.key}
          game={game}
          phase={phase}
          onChanged={onControlled}
        />
        <Group justify="space-between" align="center">
          <Text c="gray.7">
            Code <strong>{formatCode(game.code)}</strong> · {phaseSentence(game, phase)}
          </Text>
          <Group gap="sm">
            {/* brand.7: white text on the brand colour itself falls short of WCAG AA (4.4:1). */}
            <Button
              component="a"
              href={statisticsCsvUrl(route.gameId, route.key)}
              download
              color="brand.7"
            >
              Export CSV
            </Button>
            <Button
              component="a"
              href={mediaZipUrl(route.gameId, route.key)}
              download
              variant="light"
            >
              Download photos and videos
            </Button>
          </Group>
        </Group>

        {phase === 'upcoming' && (
          <Alert color="brand" title="The activity has not started yet">
            It starts {formatWhen(game.startsAt)}. Figures appear here as teams join and answer.
          </Alert>
        )}
        {phase === 'ended' && (
          <Alert color="gray" title="Final results">
            The activity ended {formatWhen(game.endsAt)}. You can still judge the answers, photos
            and videos: the scores follow.
          </Alert>
        )}

        <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
          <Figure label="Teams" value={statistics.teams.length} />
          <Figure label="Tasks" value={statistics.steps.length} />
          <Figure label="Answers" value={statistics.submissions.length} />
          <Figure
            label="Photos and videos"
            value={media.length + teamPhotos}
            note={teamPhotos > 0 ? `including ${plural(teamPhotos, 'team photo')}` : undefined}
            testId="figure-media"
          />
          <Figure label="Points awarded" value={totalPoints} testId="figure-points" />
        </SimpleGrid>

        <Tabs defaultValue="teams" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="teams">Teams ({statistics.teams.length})</Tabs.Tab>
            {/* Second: the scores come first, then what is waiting for the organiser's word. */}
            <Tabs.Tab value="judging">Judging ({toReview} to review)</Tabs.Tab>
            <Tabs.Tab value="tasks">Tasks ({statistics.steps.length})</Tabs.Tab>
            <Tabs.Tab value="media">Photos and videos ({media.length})</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="teams" pt="md">
            <TeamsTable route={route} statistics={statistics} onChanged={onTeamChanged} />
          </Tabs.Panel>
          <Tabs.Panel value="judging" pt="md">
            <JudgingQueue statistics={statistics} pending={pending} onJudge={onJudge} />
          </Tabs.Panel>
          <Tabs.Panel value="tasks" pt="md">
            <TasksList statistics={statistics} />
          </Tabs.Panel>
          <Tabs.Panel value="media" pt="md">
            {media.length === 0 ? (
              <EmptyNote>
                No photos or videos yet. They appear here as teams send them in.
              </EmptyNote>
            ) : (
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md">
                {media.map((submission) => (
                  <SubmissionCard
                    key={submission.id}
                    submission={submission}
                    taskName={stepNames.get(submission.stepId) ?? 'A task'}
                    saving={pending[submission.id] !== undefined}
                    onJudge={onJudge}
                  />
                ))}
              </SimpleGrid>
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <JudgingMessages messages={messages} onDismiss={onDismiss} />
    </div>
  );
}

function phaseSentence(game: Statistics['game'], phase: GamePhase): string {
  if (phase === 'upcoming') return `starts ${formatWhen(game.startsAt)}`;
  if (phase === 'ended') return `ended ${formatWhen(game.endsAt)}`;
  if (phase === 'paused') return `paused, ends ${formatWhen(game.endsAt)}`;
  return `open until ${formatWhen(game.endsAt)}`;
}

function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: number;
  /** What the figure includes that its label does not say. */
  note?: string;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="gray.7" fw={600}>
        {label}
      </Text>
      <Text fz="1.8rem" fw={800} lh={1.2} data-testid={testId}>
        {value}
      </Text>
      {note && (
        <Text size="sm" c="gray.7" data-testid={testId && `${testId}-note`}>
          {note}
        </Text>
      )}
    </Paper>
  );
}

function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" ta="center">
      <Text c="gray.7">{children}</Text>
    </Paper>
  );
}

function TeamsTable({
  route,
  statistics,
  onChanged,
}: {
  route: LiveRoute;
  statistics: Statistics;
  onChanged: (change: TeamChange) => void;
}) {
  const rows = useMemo(() => {
    const sorted = [...statistics.teams].sort(
      (a, b) => b.team.score - a.team.score || a.team.name.localeCompare(b.team.name),
    );
    // Equal scores share a rank, as on the scoreboard: the first index with that score.
    return sorted.map((t) => ({
      ...t,
      rank: sorted.findIndex((other) => other.team.score === t.team.score) + 1,
    }));
  }, [statistics.teams]);
  if (rows.length === 0) return <EmptyNote>No teams have joined yet.</EmptyNote>;
  const questions = statistics.steps.filter((s) => isQuestionType(s.step.type)).length;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Caption
          style={{
            captionSide: 'top',
            textAlign: 'left',
            padding: '0.75rem 1rem',
            color: 'var(--mantine-color-gray-7)',
          }}
        >
          Teams by score, bonus and penalty points included. Time runs from joining to the team’s
          last answer.
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Rank</Table.Th>
            <Table.Th scope="col">Team</Table.Th>
            <Table.Th scope="col" ta="right">
              Score
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Bonus / penalty
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Answered
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Correct
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Time
            </Table.Th>
            <Table.Th scope="col" ta="right" w="1%">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((t) => (
            <Table.Tr key={t.team.id}>
              <Table.Td>{t.rank}</Table.Td>
              <Table.Th scope="row" fw={600}>
                <Group gap="sm" wrap="nowrap">
                  <TeamAvatar name={t.team.name} photoUrl={t.team.photoUrl} size="sm" />
                  {t.team.name}
                </Group>
              </Table.Th>
              <Table.Td ta="right" fw={700} data-testid="team-score">
                {t.team.score}
              </Table.Td>
              <Table.Td
                ta="right"
                c={t.adjustmentPoints === 0 ? 'gray.7' : undefined}
                data-testid="team-adjustment"
              >
                {t.adjustmentPoints === 0 ? '–' : formatSignedPoints(t.adjustmentPoints)}
              </Table.Td>
              <Table.Td ta="right">
                {t.answered} of {statistics.steps.length}
              </Table.Td>
              <Table.Td ta="right">
                {questions === 0 ? '–' : `${t.correct} of ${questions}`}
              </Table.Td>
              <Table.Td ta="right">{formatDuration(t.timeSeconds)}</Table.Td>
              <Table.Td ta="right">
                <TeamActions
                  gameId={route.gameId}
                  screenKey={route.key}
                  team={t.team}
                  adjustmentPoints={t.adjustmentPoints}
                  onChanged={onChanged}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function TasksList({ statistics }: { statistics: Statistics }) {
  if (statistics.steps.length === 0) return <EmptyNote>This activity has no tasks.</EmptyNote>;
  const teams = statistics.teams.length;
  return (
    <Stack gap="md">
      {statistics.steps.map((s, index) => {
        const question = isQuestionType(s.step.type);
        const media = s.step.type === 'photoChallenge' || s.step.type === 'videoChallenge';
        const headingId = `task-${s.step.id}`;
        return (
          <Paper
            key={s.step.id}
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby={headingId}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Title order={2} size="h4" id={headingId}>
                  {index + 1}. {s.step.name || 'Untitled task'}
                </Title>
                <Group gap="xs">
                  <Pill tone="gray">{stepTypeLabel(s.step.type)}</Pill>
                  <Text size="sm" c="gray.7">
                    {plural(s.step.points, 'point')}
                  </Text>
                </Group>
              </Stack>
              <Group gap="lg" wrap="nowrap">
                <Count label="Answered" value={`${s.answered} of ${teams}`} />
                {question && <Count label="Correct" value={s.correct} />}
                <Count label="Passed" value={s.passed} />
              </Group>
            </Group>
            {question && s.answers.length > 0 && (
              <Table mt="sm" verticalSpacing={6} withRowBorders>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Answer given</Table.Th>
                    <Table.Th scope="col" ta="right" w="8rem">
                      Teams
                    </Table.Th>
                    <Table.Th scope="col" w="8rem">
                      <VisuallyHidden>Right or wrong</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...s.answers]
                    .sort((a, b) => b.count - a.count || a.answer.localeCompare(b.answer))
                    .map((a) => (
                      <Table.Tr key={a.answer}>
                        <Table.Td>{a.answer}</Table.Td>
                        <Table.Td ta="right">{a.count}</Table.Td>
                        <Table.Td>
                          {a.correct === true && <Pill tone="green">Correct</Pill>}
                          {a.correct === false && (
                            <Text size="sm" c="gray.7">
                              Wrong
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
            )}
            {question && s.answers.length === 0 && (
              <Text size="sm" c="gray.7" mt="sm">
                No answers yet.
              </Text>
            )}
            {media && s.answered > 0 && (
              <Text size="sm" c="gray.7" mt="sm">
                Judge these under Judging, or Photos and videos.
              </Text>
            )}
            {isChallengeType(s.step.type) && !media && s.answered > 0 && (
              <Text size="sm" c="gray.7" mt="sm">
                {plural(s.answered - s.passed, 'team')} marked it done. Judge these under Judging.
              </Text>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: number | string }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="xs" c="gray.7" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={800} fz="lg">
        {value}
      </Text>
    </Stack>
  );
}

function JudgingMessages({
  messages,
  onDismiss,
}: {
  messages: JudgingMessage[];
  onDismiss: (id: number) => void;
}) {
  return messages.map((message) => (
    <JudgingMessageNotice key={message.id} message={message} onDismiss={onDismiss} />
  ));
}

/** A refused change, in the page's notifications (src/ui/notices.tsx) until it is dismissed. */
function JudgingMessageNotice({
  message,
  onDismiss,
}: {
  message: JudgingMessage;
  onDismiss: (id: number) => void;
}) {
  useNotice({
    title: 'Not saved',
    message: message.text,
    tone: 'error',
    dismissLabel: 'Dismiss this message',
    onDismiss: () => onDismiss(message.id),
    autoDismissMs: null,
    placement: 'bottom-right',
  });
  return null;
}
