/**
 * One task, as the builder's task preview shows it (SPEC §2.8 "Task preview"): a banner with the
 * name and points, the attempts line for questions (the response line for challenges), the
 * text, the media, the answer controls, and "Later" / "Pass" at the bottom. After answering: the
 * result and its points.
 */
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { PlayerStep, ProgressEntry } from '../domain/games';
import type { Asset, Branding } from '../domain/schemas';
import type { AnswerBody } from './api';
import type { OutboxEntry, OutboxView } from './outbox';
import { CHALLENGE_PHOTO_MAX_SIDE, shrinkPhoto } from './photo';
import { delivery } from './progress';
import type { TaskStatus } from './progress';
import {
  ANSWER_MAX_LENGTH,
  attemptsLine,
  challengeButtonLabel,
  challengeResponseLine,
  formatPoints,
  mediaTooLarge,
  TEXTS,
} from './rules';
import { brandingStyle, ConfirmDialog, Header, ProgressBar, useChosenFile } from './ui';

export interface TaskScreenProps {
  step: PlayerStep;
  number: number;
  total: number;
  branding: Branding;
  gameName: string;
  status: TaskStatus;
  outbox: OutboxView;
  ended: boolean;
  /** The organiser paused the game: answers wait (what is typed stays) until it resumes. */
  paused: boolean;
  /** The organiser's latest announcement, shown above the task. */
  announcement?: ReactNode;
  rejection: string | null;
  onAnswer: (body: AnswerBody) => void;
  onMedia: (kind: 'photo' | 'video', blob: Blob, fileName: string) => void;
  onBack: () => void;
  onNext: (() => void) | null;
}

export function TaskScreen(props: TaskScreenProps) {
  const { step, status } = props;
  const [confirmPass, setConfirmPass] = useState(false);
  const open = status.kind === 'todo' && !props.ended && !props.paused;
  const line = attemptsLine(step.type) ?? challengeResponseLine(step.type);

  return (
    <div className="pl-question" style={brandingStyle(props.branding)}>
      <Header
        branding={props.branding}
        title={props.gameName}
        back={{ label: 'Tasks', onClick: props.onBack }}
      />
      <main className="pl-task">
        {props.announcement}
        <div className="pl-task-banner">
          <h1>{step.name || `Task ${props.number}`}</h1>
          <span className="pl-task-points">{formatPoints(step.points)}</span>
        </div>
        <p className="pl-task-line">
          Task {props.number} of {props.total}
          {line && <> · {line}</>}
        </p>
        {step.text && <p className="pl-task-text">{step.text}</p>}
        {step.media && <TaskMedia media={step.media} />}

        {props.rejection && status.kind === 'todo' && (
          <p className="pl-field-error" role="alert">
            {props.rejection}
          </p>
        )}

        {status.kind === 'done' ? (
          <Result step={step} entry={status.entry} onBack={props.onBack} onNext={props.onNext} />
        ) : status.kind === 'queued' ? (
          <>
            <Queued entry={status.entry} outbox={props.outbox} />
            <div className="pl-row">
              <button type="button" className="pl-button pl-secondary" onClick={props.onBack}>
                Back to tasks
              </button>
              {/* An upload goes on by itself: the team need not wait for it. */}
              {'media' in status.entry && props.onNext && (
                <button type="button" className="pl-button pl-primary" onClick={props.onNext}>
                  Next task
                </button>
              )}
            </div>
          </>
        ) : props.ended ? (
          <p className="pl-notice pl-notice-strong">This activity has ended: answers are closed.</p>
        ) : (
          <>
            {props.paused && (
              <p className="pl-notice pl-notice-strong" role="status">
                {TEXTS.paused}
              </p>
            )}
            {/* Disabled, not removed, while paused: an answer half typed is still there after. */}
            <fieldset className="pl-fieldset" disabled={props.paused}>
              <AnswerControls step={step} onAnswer={props.onAnswer} onMedia={props.onMedia} />
            </fieldset>
          </>
        )}
      </main>

      {open && (
        <div className="pl-bottom">
          <button type="button" className="pl-button pl-secondary" onClick={props.onBack}>
            {TEXTS.later}
          </button>
          <button
            type="button"
            className="pl-button pl-secondary"
            onClick={() => setConfirmPass(true)}
          >
            {TEXTS.pass}
          </button>
        </div>
      )}

      {confirmPass && (
        <ConfirmDialog
          title="Pass this task?"
          text="Your team gets no points for it, and you cannot answer it later."
          confirmLabel={TEXTS.pass}
          onCancel={() => setConfirmPass(false)}
          onConfirm={() => {
            setConfirmPass(false);
            props.onAnswer({ pass: true });
          }}
        />
      )}
    </div>
  );
}

function TaskMedia(props: { media: Asset }) {
  const { media } = props;
  const kind = media.mimeType.split('/')[0];
  if (kind === 'image') {
    return <img className="pl-media" src={media.url} alt="Picture for this task" />;
  }
  if (kind === 'audio') {
    return (
      <figure className="pl-media-figure">
        <audio
          className="pl-media"
          src={media.url}
          controls
          preload="none"
          aria-label="Sound for this task"
        />
        <figcaption>{TEXTS.tapToPlay}</figcaption>
      </figure>
    );
  }
  return (
    <figure className="pl-media-figure">
      <video
        className="pl-media"
        src={media.url}
        controls
        preload="metadata"
        aria-label="Video for this task"
        onPlay={(event) => {
          // iPhones play full screen by themselves; elsewhere ask for it, as the preview says.
          const video = event.currentTarget;
          if (!document.fullscreenElement) video.requestFullscreen?.().catch(() => {});
        }}
      />
      <figcaption>
        {TEXTS.tapToPlay}. {TEXTS.videoFullScreen}.
      </figcaption>
    </figure>
  );
}

function AnswerControls(props: {
  step: PlayerStep;
  onAnswer: (body: AnswerBody) => void;
  onMedia: (kind: 'photo' | 'video', blob: Blob, fileName: string) => void;
}) {
  const { step } = props;
  switch (step.type) {
    case 'freeText':
      return <FreeTextAnswer onAnswer={props.onAnswer} />;
    case 'multipleChoice':
      return <ChoiceAnswer step={step} onAnswer={props.onAnswer} />;
    case 'standardChallenge':
      return (
        <button
          type="button"
          className="pl-button pl-primary"
          onClick={() => props.onAnswer({ done: true })}
        >
          {challengeButtonLabel(step.type)}
        </button>
      );
    case 'photoChallenge':
      return (
        <MediaAnswer
          kind="photo"
          label={challengeButtonLabel(step.type)!}
          onMedia={props.onMedia}
        />
      );
    case 'videoChallenge':
      return (
        <MediaAnswer
          kind="video"
          label={challengeButtonLabel(step.type)!}
          onMedia={props.onMedia}
        />
      );
  }
}

function FreeTextAnswer(props: { onAnswer: (body: AnswerBody) => void }) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) props.onAnswer({ text: text.trim() });
  };
  return (
    <form className="pl-answer" onSubmit={submit}>
      <label htmlFor="free-text" className="pl-label">
        Your answer
      </label>
      <input
        id="free-text"
        className="pl-input"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={ANSWER_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="send"
      />
      <button type="submit" className="pl-button pl-primary" disabled={!text.trim()}>
        Send answer
      </button>
    </form>
  );
}

function ChoiceAnswer(props: { step: PlayerStep; onAnswer: (body: AnswerBody) => void }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) props.onAnswer({ answerId: chosen });
  };
  return (
    <form className="pl-answer" onSubmit={submit}>
      <fieldset className="pl-choices">
        <legend className="pl-label">Choose one answer</legend>
        {props.step.answers.map((answer) => (
          <label key={answer.id} className="pl-choice">
            <input
              type="radio"
              name="choice"
              value={answer.id}
              checked={chosen === answer.id}
              onChange={() => setChosen(answer.id)}
            />
            <span>{answer.value}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="pl-button pl-primary" disabled={!chosen}>
        Send answer
      </button>
    </form>
  );
}

function MediaAnswer(props: {
  kind: 'photo' | 'video';
  label: string;
  onMedia: (kind: 'photo' | 'video', blob: Blob, fileName: string) => void;
}) {
  const { kind } = props;
  const [chosen, choose] = useChosenFile();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);

  async function take(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    setPreparing(true);
    const blob = kind === 'photo' ? await shrinkPhoto(file, CHALLENGE_PHOTO_MAX_SIDE) : file;
    setPreparing(false);
    const tooLarge = mediaTooLarge(kind, blob.size);
    if (tooLarge) {
      setProblem(tooLarge);
      return;
    }
    setName(blob === file ? file.name : 'photo.jpg');
    choose(blob);
  }

  const picker = (
    <label className={`pl-button ${chosen ? 'pl-secondary' : 'pl-primary'}`}>
      <input
        type="file"
        accept={kind === 'photo' ? 'image/*' : 'video/*'}
        capture="environment"
        className="pl-visually-hidden"
        onChange={(event) => {
          void take(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {preparing
        ? 'Preparing…'
        : chosen
          ? kind === 'photo'
            ? 'Take another'
            : 'Record again'
          : props.label}
    </label>
  );

  return (
    <div className="pl-answer">
      {chosen &&
        (kind === 'photo' ? (
          <img className="pl-media" src={chosen.url} alt="Your photo" />
        ) : (
          <video
            className="pl-media"
            src={chosen.url}
            controls
            playsInline
            aria-label="Your video"
          />
        ))}
      {problem && (
        <p className="pl-field-error" role="alert">
          {problem}
        </p>
      )}
      {chosen ? (
        <div className="pl-row">
          {picker}
          <button
            type="button"
            className="pl-button pl-primary"
            onClick={() =>
              props.onMedia(
                kind,
                chosen.blob,
                name || `${kind}.${kind === 'photo' ? 'jpg' : 'mp4'}`,
              )
            }
          >
            {kind === 'photo' ? 'Send photo' : 'Send video'}
          </button>
        </div>
      ) : (
        picker
      )}
    </div>
  );
}

function Queued(props: { entry: OutboxEntry; outbox: OutboxView }) {
  const { entry, outbox } = props;
  const state = delivery(entry, outbox, false);
  if (!('media' in entry)) {
    return state.kind === 'sending' && outbox.sending[entry.clientId] !== undefined ? (
      <ProgressBar value={null} label="Sending your answer…" />
    ) : (
      <p className="pl-notice" role="status">
        {state.kind === 'waiting' ? TEXTS.queued : 'Sending your answer…'}
      </p>
    );
  }
  const what = entry.media === 'video' ? 'video' : 'photo';
  if (state.kind === 'uploading') {
    return (
      <>
        <ProgressBar value={state.percent / 100} label="Uploading…" />
        <p className="pl-task-line">You can carry on: your {what} uploads in the background.</p>
      </>
    );
  }
  return (
    <p className="pl-notice" role="status">
      {state.kind === 'waiting'
        ? `Your ${what} is saved on this phone and uploads when you’re back online.`
        : `Your ${what} is next in line to upload.`}
    </p>
  );
}

function resultTexts(step: PlayerStep, entry: ProgressEntry): { title: string; tone: string } {
  if (entry.kind === 'pass') return { title: 'Passed', tone: 'neutral' };
  if (entry.rejected) return { title: 'Not accepted by the organiser', tone: 'wrong' };
  if (entry.kind === 'done') return { title: 'Challenge complete!', tone: 'right' };
  if (entry.kind === 'media') {
    return { title: step.type === 'videoChallenge' ? 'Video sent!' : 'Photo sent!', tone: 'right' };
  }
  return entry.correct
    ? { title: 'Correct!', tone: 'right' }
    : { title: 'Not quite', tone: 'wrong' };
}

function Result(props: {
  step: PlayerStep;
  entry: ProgressEntry;
  onBack: () => void;
  onNext: (() => void) | null;
}) {
  const { step, entry } = props;
  const { title, tone } = resultTexts(step, entry);
  const points = entry.rejected ? 0 : entry.points;
  return (
    <>
      <section className={`pl-result pl-result-${tone}`} role="status">
        <p className="pl-result-title">{title}</p>
        <p className="pl-result-points">
          {points > 0 ? `+${formatPoints(points)}` : formatPoints(0)}
        </p>
        {entry.kind === 'answer' && !entry.correct && (
          <p>That answer was not right. On to the next one!</p>
        )}
        {entry.mediaUrl &&
          (step.type === 'videoChallenge' ? (
            <video
              className="pl-media"
              src={entry.mediaUrl}
              controls
              playsInline
              aria-label="Your video"
            />
          ) : (
            <img className="pl-media" src={entry.mediaUrl} alt="Your photo" />
          ))}
      </section>
      <div className="pl-row">
        <button type="button" className="pl-button pl-secondary" onClick={props.onBack}>
          Back to tasks
        </button>
        {props.onNext && (
          <button type="button" className="pl-button pl-primary" onClick={props.onNext}>
            Next task
          </button>
        )}
      </div>
    </>
  );
}
