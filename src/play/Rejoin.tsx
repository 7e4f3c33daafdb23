/**
 * A team moves to another phone (docs/games.md "A team moves to another phone"), when its phone
 * dies or another player takes over. On the team's phone, "Use another phone" shows the team's
 * code, large, and a QR code of the address that continues as the team
 * ({origin}/play/{code}?rejoin={rejoinCode}). On the other phone, "Continue as an existing team"
 * takes the code as typed (any case, spaces), or the address's ?rejoin=…: the phone gets a team
 * token of its own, and the first phone stays in the team too.
 *
 * The QR code is drawn on the phone from the `qrcode` package, loaded only when the panel opens,
 * so the player's first load stays small.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { api } from './api';
import {
  formatCode,
  formatRejoinCode,
  normaliseRejoinCode,
  REJOIN_CODE_LENGTH,
  rejoinUrl,
  TEXTS,
} from './rules';
import { saveToken } from './teamStorage';

/** A rejoin that did not work out: the code as it was typed (or in the address) and why. */
export interface RejoinProblem {
  typed: string;
  message: string;
}

// ---------------------------------------------------------------------------------------------
// On the other phone: "Continue as an existing team"

export function RejoinForm(props: {
  code: string;
  /** A rejoin from the address that failed: the form opens with the code and the reason. */
  problem?: RejoinProblem | null;
  onRejoined: () => void;
  /** The game has ended (410): the game screen loads again and says so. */
  onClosed: () => void;
}) {
  const { code, problem } = props;
  const [open, setOpen] = useState(Boolean(problem));
  const [value, setValue] = useState(() => {
    const typed = problem?.typed ?? '';
    const rejoinCode = normaliseRejoinCode(typed);
    return rejoinCode ? formatRejoinCode(rejoinCode) : typed.toUpperCase();
  });
  const [error, setError] = useState<string | null>(problem?.message ?? null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const ids = useId();

  // The address's code did not work: the form is below joining, so bring it into view.
  const hadProblem = Boolean(problem);
  useEffect(() => {
    if (hadProblem) form.current?.scrollIntoView?.({ block: 'center' });
  }, [hadProblem]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const rejoinCode = normaliseRejoinCode(value);
    if (!rejoinCode) {
      setError(TEXTS.badRejoinCode);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const result = await api.rejoin(code, rejoinCode);
    setBusy(false);
    if (result.ok) {
      saveToken(code, result.data.token);
      props.onRejoined();
    } else if (result.error.status === 410) {
      props.onClosed();
    } else {
      setError(result.error.message);
    }
  }

  if (!open) {
    return (
      <div className="pl-rejoin-closed">
        <p>Already joined on another phone?</p>
        <button
          type="button"
          className="pl-link"
          onClick={() => {
            setOpen(true);
            // After the field is shown.
            setTimeout(() => input.current?.focus(), 0);
          }}
        >
          Continue as an existing team
        </button>
      </div>
    );
  }

  const errorId = `${ids}-error`;
  return (
    <form
      ref={form}
      className="pl-card pl-rejoin-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${ids}-title`}
    >
      <h2 id={`${ids}-title`}>Continue as an existing team</h2>
      <p className="pl-muted" id={`${ids}-hint`}>
        On your team’s other phone, tap <strong>Use another phone</strong> to see your team code, or
        scan the QR code there.
      </p>
      <label htmlFor={`${ids}-code`} className="pl-label">
        Team code
      </label>
      <input
        ref={input}
        id={`${ids}-code`}
        className="pl-code-input pl-rejoin-input"
        value={value}
        onChange={(event) => {
          setValue(event.target.value.toUpperCase());
          setError(null);
        }}
        placeholder="ABC 234"
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="characters"
        spellCheck={false}
        enterKeyHint="go"
        maxLength={REJOIN_CODE_LENGTH + 4}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : `${ids}-hint`}
      />
      {error && (
        <p id={errorId} className="pl-field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="pl-button pl-primary" disabled={busy}>
        {busy ? 'Finding your team…' : 'Continue as this team'}
      </button>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// On the team's phone: "Use another phone"

/** The QR code of `text` as an SVG data URL, drawn once the `qrcode` package has loaded. */
function useQrCode(text: string): { url: string | null; failed: boolean } {
  const [drawn, setDrawn] = useState<{ text: string; url: string | null; failed: boolean }>({
    text,
    url: null,
    failed: false,
  });
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((module) => {
        // A CommonJS package: its functions are on `default`.
        const qr = module.default;
        return qr.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      })
      .then((svg) => {
        if (live) {
          setDrawn({
            text,
            url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
            failed: false,
          });
        }
      })
      // Offline before the package was ever loaded: the code is there to type.
      .catch(() => live && setDrawn({ text, url: null, failed: true }));
    return () => {
      live = false;
    };
  }, [text]);
  return drawn.text === text ? drawn : { url: null, failed: false };
}

export function RejoinPanel(props: {
  code: string;
  rejoinCode: string;
  teamName: string;
  onClose: () => void;
}) {
  const { code, rejoinCode, onClose } = props;
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const qr = useQrCode(rejoinUrl(location.origin, code, rejoinCode));

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);

  return (
    <div className="pl-backdrop" onClick={onClose}>
      <div
        className="pl-dialog pl-rejoin-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id={titleId}>Play on another phone</h2>
        <p>
          Scan this QR code with the other phone’s camera to continue there as{' '}
          <strong>{props.teamName}</strong>. This phone stays in the team too.
        </p>
        <div className="pl-qr">
          {qr.url ? (
            <img src={qr.url} alt={`QR code to continue as ${props.teamName}`} />
          ) : qr.failed ? (
            <p>The QR code could not be shown here. Type the team code below instead.</p>
          ) : (
            <div className="pl-spinner" role="status" aria-label="Drawing the QR code" />
          )}
        </div>
        <p className="pl-muted">
          No camera? Open activity <strong>{formatCode(code)}</strong> on the other phone, tap{' '}
          <strong>Continue as an existing team</strong> and type:
        </p>
        <p className="pl-rejoin-code">
          <span className="pl-visually-hidden">Team code: </span>
          {formatRejoinCode(rejoinCode)}
        </p>
        <p className="pl-hint">Keep this code in your team: anyone with it can play as you.</p>
        <button ref={closeRef} type="button" className="pl-button pl-secondary" onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}
