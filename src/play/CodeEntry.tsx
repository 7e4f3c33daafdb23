/**
 * /play: the activity code, typed as the organiser reads it out (any case, spaces or a dash).
 * The code is looked up before the game opens, so a wrong code is said right under the field.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { PublicGame } from '../domain/games';
import { api } from './api';
import { navigate, pathFor } from './navigation';
import { normaliseCode, TEXTS } from './rules';

/** The game just looked up, so the game screen does not ask the server twice. */
export const lookedUp = new Map<string, PublicGame>();

export function CodeEntry(props: { initialCode?: string; initialError?: string }) {
  const [value, setValue] = useState(props.initialCode ?? '');
  const [error, setError] = useState<string | null>(props.initialError ?? null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const code = normaliseCode(value);
    if (!code) {
      setError(TEXTS.badCode);
      return;
    }
    setBusy(true);
    setError(null);
    const result = await api.game(code);
    setBusy(false);
    if (result.ok) {
      lookedUp.set(code, result.data);
      navigate(pathFor.tasks(code));
    } else {
      setError(result.error.status === 404 ? TEXTS.notFound : result.error.message);
    }
  }

  return (
    <main className="pl-page pl-code-page">
      <div className="pl-code-hero">
        <div className="pl-wordmark" aria-hidden="true">
          Teamtrail
        </div>
        <h1>Join an activity</h1>
        <p>Type the activity code your organiser gave you, or scan their QR code.</p>
      </div>
      <form className="pl-card pl-code-card" onSubmit={submit} noValidate>
        <label htmlFor="activity-code" className="pl-label">
          Activity code
        </label>
        <input
          id="activity-code"
          className="pl-code-input"
          value={value}
          onChange={(event) => {
            setValue(event.target.value.toUpperCase());
            setError(null);
          }}
          placeholder="ABCD 2345"
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={16}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'activity-code-error' : undefined}
        />
        {error && (
          <p id="activity-code-error" className="pl-field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="pl-button pl-primary" disabled={busy}>
          {busy ? 'Looking for the activity…' : 'Join'}
        </button>
      </form>
    </main>
  );
}
