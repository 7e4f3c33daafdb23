/**
 * What a team sees of one task on the phone (SPEC §2.8 Task preview): the task text in a banner,
 * the attempts line, the media, the answer rows or the challenge button, and "Later" / "Pass".
 * It is drawn inside PhonePreview; every text comes from src/domain/taskPreview.ts.
 */
import { useState, type CSSProperties } from 'react';
import type { Asset, Step } from '../../../domain/schemas';
import {
  attemptsLine,
  challengeButtonLabel,
  PREVIEW_TEXTS,
  previewAnswerRows,
  showsCapturedMediaNote,
} from '../../../domain/taskPreview';
import { mediaKindOf } from '../../../domain/uploads';

/** Shown when there is no step to preview: a fixed multiple-choice sample with 4 answers. */
export const SAMPLE_PREVIEW_STEP: Step = {
  id: 'sample-step',
  name: 'Sample task',
  type: 'multipleChoice',
  text: 'Which planet is known as the Red Planet?',
  answers: [
    { id: 'sample-a', value: 'Venus', correct: false },
    { id: 'sample-b', value: 'Mars', correct: true },
    { id: 'sample-c', value: 'Jupiter', correct: false },
    { id: 'sample-d', value: 'Saturn', correct: false },
  ],
  media: null,
  points: 10,
  locked: false,
};

/**
 * A media URL with a cache-buster query, so a file replaced under the same URL is shown anew.
 * Local blob: and data: URLs cannot carry a query and never go stale, so they are left alone.
 */
export function withCacheBuster(url: string, token: string): string {
  if (/^(blob|data):/i.test(url)) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  return `${base}${base.includes('?') ? '&' : '?'}cb=${encodeURIComponent(token)}${hash}`;
}

export interface TaskPreviewProps {
  /** The task to show; without one the sample step is shown. */
  step?: Step | null;
  /** The card colour of the task screen (branding questionBackgroundColour). */
  backgroundColour?: string;
  /** Fixed token for the media cache-buster (tests); otherwise one per mount. */
  cacheBusterToken?: string;
}

const banner: CSSProperties = {
  background: 'rgba(255,255,255,0.95)',
  borderRadius: 12,
  padding: '14px 16px',
  fontSize: 17,
  fontWeight: 600,
  lineHeight: 1.35,
  color: '#1f2430',
  boxShadow: '0 2px 8px rgba(20,24,40,0.12)',
  border: '1px solid rgba(20,24,40,0.1)',
  minHeight: 50,
  wordBreak: 'break-word',
};
const row: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  background: '#ffffff',
  borderRadius: 10,
  padding: '10px 12px',
  fontSize: 15,
  color: '#1f2430',
  border: '1px solid rgba(20,24,40,0.12)',
};
const pill: CSSProperties = {
  flex: 1,
  borderRadius: 999,
  padding: '10px 0',
  fontSize: 15,
  fontWeight: 600,
  textAlign: 'center',
  border: '1px solid rgba(20,24,40,0.15)',
};

function MediaPreview({ media, token }: { media: Asset; token: string }) {
  const kind = mediaKindOf(media.mimeType);
  const src = withCacheBuster(media.url, token);
  if (kind === 'image') {
    return (
      <img
        src={src}
        alt={media.filename}
        data-testid="task-preview-image"
        style={{ width: '100%', maxHeight: 180, objectFit: 'cover', borderRadius: 10 }}
      />
    );
  }
  if (kind === 'audio' || kind === 'video') {
    return (
      <div
        data-testid={`task-preview-${kind}`}
        data-src={src}
        style={{
          borderRadius: 10,
          background: kind === 'video' ? '#1f2430' : '#ffffff',
          color: kind === 'video' ? '#ffffff' : '#1f2430',
          padding: 16,
          textAlign: 'center',
          fontSize: 14,
        }}
      >
        <div aria-hidden="true" style={{ fontSize: 28, lineHeight: 1 }}>
          ▶
        </div>
        <div style={{ fontWeight: 600, marginTop: 6 }}>{PREVIEW_TEXTS.tapToPlay}</div>
        {kind === 'video' && (
          <div style={{ fontSize: 12, opacity: 0.85, marginTop: 4 }}>
            {PREVIEW_TEXTS.videoFullScreen}
          </div>
        )}
      </div>
    );
  }
  return null;
}

export function TaskPreview({ step, backgroundColour, cacheBusterToken }: TaskPreviewProps) {
  const [mountToken] = useState(() => String(Date.now()));
  const shown = step ?? SAMPLE_PREVIEW_STEP;
  const attempts = attemptsLine(shown.type);
  const rows = previewAnswerRows(shown);
  const challenge = challengeButtonLabel(shown.type);
  return (
    <div
      data-testid="task-preview"
      style={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
        padding: 16,
        backgroundColor: backgroundColour,
        overflow: 'hidden',
      }}
    >
      <div style={banner} data-testid="task-preview-banner">
        {shown.text}
      </div>
      {attempts !== null && (
        <div style={{ fontSize: 13, fontWeight: 600, color: '#1f2430', opacity: 0.8 }}>
          {attempts}
        </div>
      )}
      {shown.media && <MediaPreview media={shown.media} token={cacheBusterToken ?? mountToken} />}
      {rows.length > 0 && (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {rows.map((r) => (
            <div key={r.id} style={row} data-testid="task-preview-answer">
              {shown.type === 'multipleChoice' && (
                <span
                  aria-hidden="true"
                  style={{
                    width: 16,
                    height: 16,
                    borderRadius: '50%',
                    border: '2px solid #8a8fa3',
                    flexShrink: 0,
                  }}
                />
              )}
              <span style={r.isPlaceholder ? { color: '#6b7080', fontStyle: 'italic' } : {}}>
                {r.text}
              </span>
            </div>
          ))}
        </div>
      )}
      {challenge !== null && (
        <div
          style={{ ...pill, flex: 'none', background: '#1f2430', color: '#ffffff' }}
          data-testid="task-preview-challenge"
        >
          {challenge}
        </div>
      )}
      {showsCapturedMediaNote(shown.type) && (
        <div style={{ fontSize: 13, color: '#1f2430', opacity: 0.8, textAlign: 'center' }}>
          {PREVIEW_TEXTS.capturedMedia}
        </div>
      )}
      <div style={{ marginTop: 'auto', display: 'flex', gap: 10 }}>
        <div style={{ ...pill, background: '#ffffff', color: '#1f2430' }}>
          {PREVIEW_TEXTS.later}
        </div>
        <div style={{ ...pill, background: '#ffffff', color: '#1f2430' }}>{PREVIEW_TEXTS.pass}</div>
      </div>
    </div>
  );
}
