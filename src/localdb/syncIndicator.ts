/**
 * The builder's save indicator, which replaces SPEC's "Saving" / "Last saved {relative time}
 * ago" now that edits are saved on the device first and synced by the worker:
 * what it says for one template, given its sync state and the engine's, and the files picked for
 * it that wait to be uploaded ("All changes synced" only once they are on the server
 * too). Also the upload widget's line for a file on its way.
 */
import { formatBytes } from '../domain/uploads';
import type { LocalTemplate } from './localTemplate';
import type { UploadDoc } from './schemas/uploads';
import type { SyncStatus } from '../../workers/syncWorkerApi';

export type SyncIndicatorTone = 'saved-locally' | 'syncing' | 'synced' | 'offline' | 'error';

export interface SyncIndicator {
  tone: SyncIndicatorTone;
  text: string;
  /** For a tooltip: the reason of a refused push. */
  detail: string | null;
  /** This template's files that have not reached the server yet; null when there are none. */
  uploads: UploadsWaiting | null;
}

/** Files picked on this device (logo, task media) that the server does not have yet. */
export interface UploadsWaiting {
  files: number;
  /**
   * What is left to send: their sizes less the bytes the server has acknowledged (files go in
   * chunks, sync/uploadQueue.ts), so the figure shrinks as an upload progresses.
   */
  bytes: number;
  /** One of them is on its way right now. */
  uploading: boolean;
}

/** Files still to send: being written to the device, queued, or on their way. A refused file
 * ('failed') waits for the organiser in its widget, not for the network. */
export function uploadsWaiting(
  uploads: readonly Pick<UploadDoc, 'status' | 'size' | 'uploadedBytes'>[],
): UploadsWaiting | null {
  const waiting = uploads.filter(
    (u) => u.status === 'preparing' || u.status === 'queued' || u.status === 'uploading',
  );
  if (waiting.length === 0) return null;
  return {
    files: waiting.length,
    bytes: waiting.reduce((sum, u) => sum + u.size - Math.min(u.uploadedBytes ?? 0, u.size), 0),
    uploading: waiting.some((u) => u.status === 'uploading'),
  };
}

function uploadsText(waiting: UploadsWaiting, offline: boolean): string {
  const files = waiting.files === 1 ? '1 file' : `${waiting.files} files`;
  const size = formatBytes(waiting.bytes);
  if (waiting.uploading) return `Uploading ${files} (${size})…`;
  if (offline) return `${files} (${size}) will upload when online`;
  return `${files} (${size}) waiting to upload`;
}

/** The upload widget's line under the file name while the file has not reached the server. */
export const UPLOAD_WIDGET_TEXTS = {
  /** 'preparing': the file is being written to the device, a moment. */
  saving: 'Saving on this device…',
  uploading: 'Uploading…',
  offline: 'Saved on this device, it will upload when online',
  waiting: 'Waiting to upload…',
} as const;

/**
 * What the upload widget says of a file on its way (not for 'failed', which shows the server's
 * errorMessage, nor 'done'). "Offline" is the engine's view (its last request failed) or the
 * browser's.
 */
export function uploadWidgetText(
  upload: Pick<UploadDoc, 'status'>,
  status: Pick<SyncStatus, 'online'> | null,
  browserOnline: boolean,
): string {
  if (upload.status === 'preparing') return UPLOAD_WIDGET_TEXTS.saving;
  if (upload.status === 'uploading') return UPLOAD_WIDGET_TEXTS.uploading;
  const offline = !browserOnline || status?.online === false;
  return offline ? UPLOAD_WIDGET_TEXTS.offline : UPLOAD_WIDGET_TEXTS.waiting;
}

export function syncIndicatorFor(
  template: Pick<LocalTemplate, 'id' | 'updatedAt' | 'sync'>,
  status: SyncStatus | null,
  browserOnline: boolean,
  relative: (at: Date) => string,
  /** This template's upload records (useUploads): files waiting keep it from "All changes synced". */
  uploads: readonly Pick<UploadDoc, 'status' | 'size' | 'uploadedBytes'>[] = [],
): SyncIndicator {
  const { sync } = template;
  const waiting = uploadsWaiting(uploads);
  if (sync.state === 'error') {
    return {
      tone: 'error',
      text: 'Not synced – the server refused a change',
      detail: sync.lastError?.message ?? null,
      uploads: waiting,
    };
  }
  const offline = !browserOnline || status?.online === false;
  if (sync.allChangesOnServer && !waiting) {
    return {
      tone: 'synced',
      text: `All changes synced ${relative(new Date(template.updatedAt))}`,
      detail: null,
      uploads: null,
    };
  }
  if (sync.allChangesOnServer && waiting) {
    // The edits are on the server; only files are left.
    return {
      tone: waiting.uploading ? 'syncing' : offline ? 'offline' : 'saved-locally',
      text:
        offline && !waiting.uploading
          ? `Offline – ${uploadsText(waiting, true)}`
          : uploadsText(waiting, offline),
      detail: null,
      uploads: waiting,
    };
  }
  const edits: Omit<SyncIndicator, 'uploads'> = offline
    ? { tone: 'offline', text: 'Offline – changes are saved on this device', detail: null }
    : status?.pushing.includes(template.id)
      ? { tone: 'syncing', text: 'Syncing…', detail: null }
      : { tone: 'saved-locally', text: 'Saved on this device', detail: null };
  if (!waiting) return { ...edits, uploads: null };
  return {
    ...edits,
    tone: edits.tone === 'saved-locally' && waiting.uploading ? 'syncing' : edits.tone,
    text: `${edits.text} · ${uploadsText(waiting, offline)}`,
    uploads: waiting,
  };
}
