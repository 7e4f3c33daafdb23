/**
 * Joining, laid out as the builder's selfie preview (SPEC §2.8 colour screens): "Step 1 / Take
 * your team photo" with a "Tap to take" camera tile, and "Step 2 / Choose your team name" with
 * the "Team Name" field ("Tap to edit"), on the selfie background colour.
 *
 * The photo call needs the team token, which only joining gives: the photo is taken and kept
 * on the phone first, the team joins with its name, and the photo is uploaded right after
 * (with its progress; it can be tried again or skipped).
 *
 * Below, "Continue as an existing team": a team that joined on another phone continues here with
 * its team code (Rejoin.tsx).
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { PublicGame } from '../domain/games';
import { api } from './api';
import { shrinkPhoto, TEAM_PHOTO_MAX_SIDE } from './photo';
import { mediaTooLarge, TEAM_NAME_MAX_LENGTH, teamNameProblem } from './rules';
import { RejoinForm } from './Rejoin';
import type { RejoinProblem } from './Rejoin';
import { saveToken } from './teamStorage';
import { brandingStyle, Header, ProgressBar, uploadedLogo, useChosenFile } from './ui';

/** The 409 of joining before the start; any other 409 is a taken name. */
const NOT_STARTED = /not started/i;

type Phase =
  | { kind: 'form' }
  | { kind: 'joining' }
  | { kind: 'uploading'; token: string; progress: number }
  | { kind: 'uploadFailed'; token: string; message: string };

export function Join(props: {
  code: string;
  game: PublicGame;
  notice: string | null;
  /** A rejoin from the address (?rejoin=…) that failed: shown in "Continue as an existing team". */
  rejoinProblem?: RejoinProblem | null;
  onJoined: () => void;
  onFull: (message: string) => void;
  onClosed: () => void;
}) {
  const { code, game } = props;
  const [photo, choosePhoto] = useChosenFile();
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });

  async function takePhoto(file: File | undefined) {
    if (!file) return;
    setPreparing(true);
    setPhotoProblem(null);
    const blob = await shrinkPhoto(file, TEAM_PHOTO_MAX_SIDE);
    setPreparing(false);
    const tooLarge = mediaTooLarge('photo', blob.size);
    if (tooLarge) {
      setPhotoProblem(tooLarge);
      return;
    }
    choosePhoto(blob);
  }

  async function uploadPhoto(token: string, blob: Blob) {
    setPhase({ kind: 'uploading', token, progress: 0 });
    const result = await api.teamPhoto(code, token, blob, (progress) =>
      setPhase({ kind: 'uploading', token, progress }),
    );
    if (result.ok) props.onJoined();
    else setPhase({ kind: 'uploadFailed', token, message: result.error.message });
  }

  async function join(event: FormEvent) {
    event.preventDefault();
    const problem = teamNameProblem(name);
    setNameError(problem);
    setFormError(null);
    if (problem) return;
    setPhase({ kind: 'joining' });
    const result = await api.join(code, name.trim());
    if (result.ok) {
      saveToken(code, result.data.token);
      if (photo) await uploadPhoto(result.data.token, photo.blob);
      else props.onJoined();
      return;
    }
    setPhase({ kind: 'form' });
    const { status, message } = result.error;
    if (status === 403) props.onFull(message);
    else if (status === 404 || status === 410) props.onClosed();
    else if (status === 409 && NOT_STARTED.test(message)) props.onClosed();
    else if (status === 409 || status === 400) setNameError(message);
    else setFormError(message);
  }

  const busy = phase.kind !== 'form';
  return (
    <div className="pl-selfie" style={brandingStyle(game.branding)}>
      <Header branding={game.branding} title={game.name} />
      <main>
        <form className="pl-join" onSubmit={join} noValidate>
          {/* The header shows the name unless there is a logo: then it is said here. */}
          <h1 className={uploadedLogo(game.branding) ? 'pl-join-title' : 'pl-visually-hidden'}>
            {game.name}
          </h1>
          {props.notice && (
            <p className="pl-notice" role="alert">
              {props.notice}
            </p>
          )}

          <section className="pl-join-step" aria-labelledby="join-step-1">
            <p className="pl-step">Step 1</p>
            <h2 id="join-step-1">Take your team photo</h2>
            <label className="pl-camera">
              <input
                type="file"
                accept="image/*"
                capture="user"
                className="pl-visually-hidden"
                disabled={busy}
                aria-describedby="join-photo-hint"
                onChange={(event) => {
                  void takePhoto(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              {photo ? (
                <>
                  <img src={photo.url} alt="Your team photo" />
                  <span className="pl-camera-retake">Tap to retake</span>
                </>
              ) : (
                <>
                  <CameraIcon />
                  <span>{preparing ? 'Preparing…' : 'Tap to take'}</span>
                </>
              )}
            </label>
            <p id="join-photo-hint" className="pl-hint">
              Optional: you can join without a photo.
            </p>
            {photo && !busy && (
              <button type="button" className="pl-link" onClick={() => choosePhoto(null)}>
                Remove the photo
              </button>
            )}
            {photoProblem && (
              <p className="pl-field-error" role="alert">
                {photoProblem}
              </p>
            )}
          </section>

          <section className="pl-join-step" aria-labelledby="join-step-2">
            <p className="pl-step">Step 2</p>
            <h2 id="join-step-2">Choose your team name</h2>
            <label htmlFor="team-name" className="pl-label">
              Team Name
            </label>
            <input
              id="team-name"
              className="pl-input"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(null);
              }}
              placeholder="Tap to edit"
              maxLength={TEAM_NAME_MAX_LENGTH}
              autoComplete="off"
              enterKeyHint="go"
              disabled={busy}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? 'team-name-error' : undefined}
            />
            {nameError && (
              <p id="team-name-error" className="pl-field-error" role="alert">
                {nameError}
              </p>
            )}
          </section>

          {formError && (
            <p className="pl-field-error" role="alert">
              {formError}
            </p>
          )}

          {phase.kind === 'uploading' ? (
            <ProgressBar value={phase.progress} label="Sending your team photo" />
          ) : phase.kind === 'uploadFailed' ? (
            <div className="pl-card pl-upload-failed" role="alert">
              <p>Your team has joined, but the photo could not be sent. {phase.message}</p>
              <div className="pl-row">
                <button type="button" className="pl-button pl-secondary" onClick={props.onJoined}>
                  Skip the photo
                </button>
                <button
                  type="button"
                  className="pl-button pl-primary"
                  onClick={() => photo && void uploadPhoto(phase.token, photo.blob)}
                >
                  Try again
                </button>
              </div>
            </div>
          ) : (
            <button type="submit" className="pl-button pl-primary pl-join-submit" disabled={busy}>
              {phase.kind === 'joining' ? 'Joining…' : 'Join the game'}
            </button>
          )}
        </form>
        {phase.kind === 'form' && (
          <div className="pl-join-rejoin">
            <RejoinForm
              code={code}
              problem={props.rejoinProblem}
              onRejoined={props.onJoined}
              onClosed={props.onClosed}
            />
          </div>
        )}
      </main>
    </div>
  );
}

function CameraIcon() {
  return (
    <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M9 3 7.2 5H4a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-3.2L15 3H9Zm3 5a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z"
      />
    </svg>
  );
}
