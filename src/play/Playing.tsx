/**
 * The game for a team that has joined: the task list with each task's status and the team's
 * score, one task at a time, and the scoreboard.
 */
import { useCallback, useEffect, useState } from 'react';
import type { MouseEvent } from 'react';
import type { PlayerState } from '../domain/games';
import type { AnswerBody } from './api';
import { backTo, navigate, pathFor } from './navigation';
import type { PlayRoute } from './navigation';
import type { OutboxEntry, OutboxView } from './outbox';
import { delivery, deliveryLabel, nextTodo, statusLabel, taskStatus } from './progress';
import type { TaskStatus } from './progress';
import { formatPoints, stepTypeLabel, TEXTS } from './rules';
import { ThemeBackdrop } from './Lobby';
import { AnnouncementBanner } from './AnnouncementBanner';
import { RejoinPanel } from './Rejoin';
import { FinalRank, ScoreboardView } from './Scoreboard';
import { TaskScreen } from './TaskScreen';
import { Avatar, brandingStyle, Header } from './ui';

export interface PlayingProps {
  code: string;
  route: PlayRoute;
  state: PlayerState;
  offline: boolean;
  /** The server was updated since this page loaded: it must be reloaded to go on hearing it. */
  outdated: boolean;
  outbox: OutboxView;
  rejections: Record<string, string>;
  onAnswer: (stepId: string, body: AnswerBody) => void;
  onMedia: (stepId: string, media: 'photo' | 'video', blob: Blob, fileName: string) => void;
}

/** A link that moves within the player without reloading the page (tabs replace). */
const go =
  (path: string, replace = false) =>
  (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(path, { replace });
  };

/** True once the game's end time has passed (checked again at that moment). */
function useEnded(state: PlayerState): boolean {
  const endsAt = Date.parse(state.game.endsAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = endsAt - Date.now();
    if (left <= 0 || left > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 100);
    return () => clearTimeout(timer);
  }, [endsAt]);
  return state.game.phase === 'ended' || now >= endsAt;
}

export function Playing(props: PlayingProps) {
  const { code, route, state, outbox } = props;
  const ended = useEnded(state);
  const paused = !ended && state.game.phase === 'paused';
  const [otherPhone, setOtherPhone] = useState(false);
  const closeOtherPhone = useCallback(() => setOtherPhone(false), []);

  if (route.screen === 'task') {
    const index = state.steps.findIndex((s) => s.id === route.stepId);
    const step = state.steps[index];
    if (step) {
      const next = nextTodo(state, outbox.entries, step.id);
      return (
        <TaskScreen
          key={step.id}
          step={step}
          number={index + 1}
          total={state.steps.length}
          branding={state.game.branding}
          gameName={state.game.name}
          status={taskStatus(step.id, state.progress, outbox.entries)}
          outbox={outbox}
          ended={ended}
          paused={paused}
          rejection={props.rejections[step.id] ?? null}
          announcement={<AnnouncementBanner code={code} announcements={state.announcements} />}
          onAnswer={(body) => props.onAnswer(step.id, body)}
          onMedia={(kind, blob, name) => props.onMedia(step.id, kind, blob, name)}
          onBack={() => backTo(pathFor.tasks(code))}
          onNext={next ? () => navigate(pathFor.task(code, next), { replace: true }) : null}
        />
      );
    }
  }

  const onBoard = route.screen === 'scoreboard';
  const statuses = state.steps.map((step) => taskStatus(step.id, state.progress, outbox.entries));
  const done = statuses.filter((s) => s.kind !== 'todo').length;
  const rejected = Object.entries(props.rejections).filter(([stepId]) =>
    statuses.some((s, i) => s.kind === 'todo' && state.steps[i]?.id === stepId),
  );

  return (
    <div className="pl-themed" style={brandingStyle(state.game.branding)}>
      <ThemeBackdrop game={state.game} />
      <Header branding={state.game.branding} title={state.game.name}>
        <p className="pl-score">
          <span className="pl-visually-hidden">Team score: </span>
          {state.team.score}
          <small> pts</small>
        </p>
      </Header>
      <main className="pl-page pl-playing">
        <AnnouncementBanner code={code} announcements={state.announcements} />
        <div className="pl-team">
          <Avatar url={state.team.photoUrl} name={state.team.name} />
          <div className="pl-team-text">
            <p className="pl-team-name">{state.team.name}</p>
            <p className="pl-team-meta">
              {done} of {state.steps.length} tasks done
            </p>
            {/* A team moves to another phone (docs/games.md): not after the end (410). */}
            {state.rejoinCode && !ended && (
              <button
                type="button"
                className="pl-team-phone"
                aria-haspopup="dialog"
                onClick={() => setOtherPhone(true)}
              >
                <PhoneIcon />
                Use another phone
              </button>
            )}
          </div>
        </div>
        {otherPhone && state.rejoinCode && !ended && (
          <RejoinPanel
            code={code}
            rejoinCode={state.rejoinCode}
            teamName={state.team.name}
            onClose={closeOtherPhone}
          />
        )}
        <nav className="pl-tabs" aria-label="Game">
          <a
            href={pathFor.tasks(code)}
            aria-current={onBoard ? undefined : 'page'}
            onClick={go(pathFor.tasks(code), true)}
          >
            Tasks
          </a>
          <a
            href={pathFor.scoreboard(code)}
            aria-current={onBoard ? 'page' : undefined}
            onClick={go(pathFor.scoreboard(code), true)}
          >
            Scoreboard
          </a>
        </nav>
        {props.offline && (
          <p className="pl-notice" role="status">
            You are offline. Answers are kept on this phone and sent when you are back online.
          </p>
        )}
        {props.outdated && (
          <p className="pl-notice pl-notice-strong" role="alert">
            Teamtrail has been updated. Reload to keep playing; your answers are kept.{' '}
            <button type="button" className="pl-notice-action" onClick={() => location.reload()}>
              Reload
            </button>
          </p>
        )}
        {ended && onBoard && (
          <p className="pl-notice pl-notice-strong" role="status">
            This activity has ended. Thanks for playing!
          </p>
        )}
        {ended && !onBoard && (
          <FinalRank
            code={code}
            teamId={state.team.id}
            score={state.team.score}
            uploading={outbox.entries.filter((e) => 'media' in e).length}
            onScoreboard={() => navigate(pathFor.scoreboard(code), { replace: true })}
          />
        )}
        {paused && (
          <p className="pl-notice pl-notice-strong" role="status">
            {TEXTS.paused}
          </p>
        )}
        {outbox.waiting && outbox.entries.some((e) => !('media' in e)) && !props.offline && (
          <p className="pl-notice" role="status">
            {TEXTS.queued}
          </p>
        )}
        {rejected.map(([stepId, message]) => (
          <p key={stepId} className="pl-notice pl-notice-error" role="alert">
            {state.steps.find((s) => s.id === stepId)?.name || 'A task'}: {message}
          </p>
        ))}
        {onBoard ? (
          <ScoreboardView code={code} teamId={state.team.id} />
        ) : (
          <TaskList
            code={code}
            state={state}
            statuses={statuses}
            ended={ended}
            outbox={outbox}
            offline={props.offline}
          />
        )}
      </main>
    </div>
  );
}

function TaskList(props: {
  code: string;
  state: PlayerState;
  statuses: TaskStatus[];
  ended: boolean;
  outbox: OutboxView;
  offline: boolean;
}) {
  const { state, statuses } = props;
  if (state.steps.length === 0) {
    return (
      <section className="pl-card pl-empty">
        <h1>No tasks yet</h1>
        <p>This activity has no tasks. Ask your organiser.</p>
      </section>
    );
  }
  const allDone = statuses.every((s) => s.kind !== 'todo');
  return (
    <>
      <h1 className="pl-visually-hidden">Tasks</h1>
      {allDone && !props.ended && (
        <section className="pl-card pl-empty">
          <h2>All tasks done!</h2>
          <p>
            Well played. See how your team ranks on the{' '}
            <a href={pathFor.scoreboard(props.code)} onClick={go(pathFor.scoreboard(props.code))}>
              scoreboard
            </a>
            .
          </p>
        </section>
      )}
      <ol className="pl-tasks">
        {state.steps.map((step, index) => {
          const status = statuses[index] ?? { kind: 'todo' };
          const tone =
            status.kind === 'done'
              ? status.entry.kind === 'pass'
                ? 'passed'
                : 'answered'
              : status.kind;
          return (
            <li key={step.id}>
              <a
                className={`pl-task-row pl-task-${tone}`}
                href={pathFor.task(props.code, step.id)}
                onClick={go(pathFor.task(props.code, step.id))}
              >
                <span className="pl-task-number" aria-hidden="true">
                  {status.kind === 'done' ? (status.entry.kind === 'pass' ? '–' : '✓') : index + 1}
                </span>
                <span className="pl-task-body">
                  <span className="pl-task-name">{step.name || `Task ${index + 1}`}</span>
                  <span className="pl-task-meta">
                    {stepTypeLabel(step.type)} · {formatPoints(step.points)}
                  </span>
                  {status.kind === 'queued' ? (
                    <QueuedChip
                      entry={status.entry}
                      outbox={props.outbox}
                      offline={props.offline}
                    />
                  ) : (
                    <span className="pl-chip">
                      {statusLabel(status)}
                      {status.kind === 'done' && status.entry.kind !== 'pass' && (
                        <> · {formatPoints(status.entry.rejected ? 0 : status.entry.points)}</>
                      )}
                    </span>
                  )}
                </span>
              </a>
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** An answer still on the phone: "Sending", or an upload's progress with a thin bar. */
function QueuedChip(props: { entry: OutboxEntry; outbox: OutboxView; offline: boolean }) {
  const state = delivery(props.entry, props.outbox, props.offline);
  const label = deliveryLabel(props.entry, state);
  return (
    <>
      <span className={`pl-chip pl-chip-${state.kind}`}>{label}</span>
      {state.kind === 'uploading' && (
        <span className="pl-task-upload" aria-hidden="true">
          <span style={{ width: `${state.percent}%` }} />
        </span>
      )}
    </>
  );
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M8 1h8a2 2 0 0 1 2 2v18a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V3a2 2 0 0 1 2-2Zm0 3v14h8V4H8Zm4 15.5a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5Z"
      />
    </svg>
  );
}
