/** Small building blocks of the player's screens (plain elements and play.css classes). */
import { Component, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import type { Branding } from '../domain/schemas';
import { textColourOn } from './rules';

export const BRAND = '#6465C7';

/** The branding colours as CSS variables, with a readable text colour for each background. */
export function brandingStyle(branding: Branding | null | undefined): CSSProperties {
  const header = branding?.headerColour ?? BRAND;
  const question = branding?.questionBackgroundColour ?? '#FFFFFF';
  const selfie = branding?.selfieBackgroundColour ?? '#FCB900';
  return {
    '--header': header,
    '--header-text': textColourOn(header),
    '--question': question,
    '--question-text': textColourOn(question),
    '--selfie': selfie,
    '--selfie-text': textColourOn(selfie),
  } as CSSProperties;
}

/** The logo when the organiser uploaded one (a default logo counts as none, SPEC §3). */
export const uploadedLogo = (branding: Branding | null | undefined): string | null =>
  branding?.logo && !branding.logo.default ? branding.logo.url : null;

export function Header(props: {
  branding: Branding | null | undefined;
  title: string;
  back?: { label: string; onClick: () => void };
  children?: ReactNode;
}) {
  const logo = uploadedLogo(props.branding);
  return (
    <header className="pl-header">
      {props.back && (
        <button type="button" className="pl-header-back" onClick={props.back.onClick}>
          <span aria-hidden="true">‹</span> {props.back.label}
        </button>
      )}
      <div className="pl-header-brand">
        {logo ? (
          <img className="pl-logo" src={logo} alt={props.title} />
        ) : (
          <span className="pl-header-title">{props.title}</span>
        )}
      </div>
      {props.children}
    </header>
  );
}

export function ProgressBar(props: { value: number | null; label: string }) {
  const percent = props.value === null ? null : Math.round(props.value * 100);
  return (
    <div className="pl-progress-wrap">
      <div className="pl-progress-label">
        <span>{props.label}</span>
        {percent !== null && <span>{percent}%</span>}
      </div>
      <div
        className="pl-progress"
        role="progressbar"
        aria-label={props.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
      >
        <div
          className={percent === null ? 'pl-progress-bar pl-indeterminate' : 'pl-progress-bar'}
          style={{ width: percent === null ? undefined : `${percent}%` }}
        />
      </div>
    </div>
  );
}

export function Loading(props: { label: string }) {
  return (
    <div className="pl-center" role="status" aria-live="polite">
      <div className="pl-spinner" aria-hidden="true" />
      <p>{props.label}</p>
    </div>
  );
}

export function Avatar(props: { url: string | null; name: string; size?: 'small' | 'large' }) {
  const className = `pl-avatar${props.size === 'large' ? ' pl-avatar-large' : ''}`;
  return props.url ? (
    <img className={className} src={props.url} alt="" />
  ) : (
    <span className={className} aria-hidden="true">
      {props.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

/** A modal question with two answers; Escape and the backdrop cancel. */
export function ConfirmDialog(props: {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { onCancel } = props;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onCancel]);
  return (
    <div className="pl-backdrop" onClick={onCancel}>
      <div
        className="pl-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id={titleId}>{props.title}</h2>
        <p id={textId}>{props.text}</p>
        <div className="pl-row">
          <button
            ref={cancelRef}
            type="button"
            className="pl-button pl-secondary"
            onClick={onCancel}
          >
            Cancel
          </button>
          <button type="button" className="pl-button pl-danger" onClick={props.onConfirm}>
            {props.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * A file the player chose (a photo, a video) with an object URL to preview it; the URL is
 * revoked when another file replaces it or the screen closes.
 */
export function useChosenFile() {
  const [chosen, setChosen] = useState<{ blob: Blob; url: string } | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = null;
    },
    [],
  );
  const choose = useCallback((blob: Blob | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    const next = blob ? { blob, url: URL.createObjectURL(blob) } : null;
    current.current = next?.url ?? null;
    setChosen(next);
  }, []);
  return [chosen, choose] as const;
}

/**
 * The last line of defence: a screen that failed to render (or a part of the app that could not
 * be downloaded on a weak connection) offers a reload instead of a blank page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="pl-page">
        <section className="pl-card pl-status" role="alert">
          <h1>Something went wrong</h1>
          <p>The activity could not be shown. Your answers are kept on this phone.</p>
          <button type="button" className="pl-button pl-primary" onClick={() => location.reload()}>
            Try again
          </button>
        </section>
      </main>
    );
  }
}
