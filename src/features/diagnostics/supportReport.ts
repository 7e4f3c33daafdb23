/**
 * "Copy report": what support asks first, as plain text to paste into an email or a chat —
 * the build, the engine's status, the recent failures, a summary of the conflict log, storage
 * and where the engine runs. Bookkeeping only: no tokens, no document contents, no conflict
 * values (those are in the JSON export), and owners' ids shortened.
 */
import type { ConflictEntry, SyncStatus } from '../../../workers/syncWorkerApi';
import type { DocumentDiagnostics, StorageDiagnostics } from '../../localdb/diagnostics';
import type { SyncClient } from '../../localdb/syncClient';
import { describeOwner, formatBytes, formatRelative, shortId } from '../../ui/format';

export interface SupportReportInput {
  now: Date;
  appVersion: string;
  /** 'development' when the page runs from the dev server. */
  build?: string;
  worker: SyncClient['mode'];
  userAgent: string;
  /** The browser's own idea of the network (navigator.onLine). */
  browserOnline: boolean;
  /** null when this tab has no status from the engine (still starting, or no worker). */
  status: SyncStatus | null;
  /** null while the conflict log has not been read (or could not be). */
  conflicts: readonly ConflictEntry[] | null;
  /** null while the browser's estimate has not been read. */
  storage: StorageDiagnostics | null;
  documents: ReadonlyArray<Pick<DocumentDiagnostics, 'state'>>;
  uploads: ReadonlyArray<{ status: string }>;
  templateNames: ReadonlyMap<string, string>;
}

/** Conflict entries listed one by one; older ones are counted. */
export const REPORT_CONFLICT_ENTRIES = 10;

const WORKER: Record<SyncClient['mode'], string> = {
  'shared-worker': 'shared worker (one engine for every tab)',
  'dedicated-worker': 'dedicated worker (this tab runs the engine)',
  follower: 'follower (another tab runs the engine)',
  unavailable: 'unavailable (this browser cannot run the sync worker)',
};

const SOURCE: Record<ConflictEntry['source'], string> = {
  push: 'push (412)',
  pull: 'pull',
  deleted: 'deleted on the server',
};

/**
 * A safety net for free-form text (error messages) that might one day carry a credential:
 * bearer tokens and anything shaped like a JWT.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/\b(bearer)\s+[\w\-.~+/]+=*/gi, '$1 [redacted]')
    .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[redacted]');
}

/** One line of text: no line breaks inside a free-form value. */
const oneLine = (text: string) => redactSecrets(text).replace(/\s+/g, ' ').trim();

function when(value: string | null, now: Date, fallback: string, future = false): string {
  if (!value) return fallback;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return fallback;
  return `${at.toISOString()} (${formatRelative(at, now.getTime(), future ? 'future' : 'past')})`;
}

function later(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function owner(value: string | null): string {
  if (!value) return 'not known yet';
  const { kind, id } = describeOwner(value);
  const short = shortId(id);
  return short === id ? `${kind} ${id}` : `${kind} ${short}…`;
}

function template(id: string | null, names: ReadonlyMap<string, string>): string {
  if (!id) return 'not tied to a template';
  const name = names.get(id);
  return name ? `"${oneLine(name)}" (${shortId(id)})` : `template ${shortId(id)}`;
}

function httpStatus(status: number): string {
  if (status === 0) return 'no answer';
  if (status < 0) return 'engine error';
  return `HTTP ${status}`;
}

function connection(status: SyncStatus, browserOnline: boolean): string {
  if (!browserOnline) return 'offline (the browser has no network)';
  if (!status.online) return 'server unreachable (the last request did not reach it)';
  return 'online';
}

function engineActivity(status: SyncStatus): string {
  if (!status.running) return 'stopped';
  const parts: string[] = [];
  if (status.pushing.length > 0) parts.push(`pushing ${status.pushing.length}`);
  if (status.pulling) parts.push('pulling');
  return `running, ${parts.length > 0 ? parts.join(' and ') : 'idle'}`;
}

/** "3 (2 synced, 1 pending)": a count and how it splits, in a fixed order. */
function tally(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const parts = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${n} ${k}`);
  return parts.length > 0 ? `${values.length} (${parts.join(', ')})` : '0';
}

function storageUsed(storage: StorageDiagnostics | null): string {
  if (!storage) return 'not read yet';
  if (storage.usageBytes === null) return 'not reported by this browser';
  return storage.quotaBytes === null
    ? formatBytes(storage.usageBytes)
    : `${formatBytes(storage.usageBytes)} of ${formatBytes(storage.quotaBytes)}`;
}

function persistence(persistent: boolean | null): string {
  if (persistent === true) return 'yes';
  if (persistent === false) return 'no (the browser may clear it when the disk runs low)';
  return 'unknown';
}

function statusSection(input: SupportReportInput): string[] {
  const { status, now } = input;
  if (!status) {
    return [
      'Sync status',
      input.worker === 'unavailable' || input.worker === 'follower'
        ? `- not available in this tab (sync worker: ${input.worker})`
        : '- not received from the sync worker yet',
    ];
  }
  return [
    'Sync status',
    `- Connection: ${connection(status, input.browserOnline)}`,
    `- Engine: ${engineActivity(status)}`,
    `- Syncing for: ${owner(status.owner)}`,
    `- Waiting to push: ${plural(status.pendingCount, 'template')}`,
    `- Refused pushes: ${plural(status.errorCount, 'template')}`,
    `- Uploads queued: ${status.uploadsQueued}`,
    `- Last push: ${when(status.lastPushAt, now, 'never')}`,
    `- Last pull: ${when(status.lastPullAt, now, 'never')}`,
    `- Last contact with the server: ${when(later(status.lastPushAt, status.lastPullAt), now, 'never')}`,
    `- Next retry: ${when(status.nextRetryAt, now, 'nothing waiting', true)}`,
    `- Live updates (event stream): ${status.eventStream}`,
  ];
}

function failuresSection(input: SupportReportInput): string[] {
  if (!input.status) return [];
  const failures = [...input.status.recentFailures].reverse();
  if (failures.length === 0) return ['Recent failures: none'];
  return [
    `Recent failures (${failures.length}, newest first)`,
    ...failures.map(
      (f) =>
        `- ${f.at} · ${httpStatus(f.status)} · ${template(f.templateId, input.templateNames)} · ${oneLine(f.message)}`,
    ),
  ];
}

function conflictsSection(input: SupportReportInput): string[] {
  if (!input.conflicts) return ['Conflict log: not available'];
  const entries = [...input.conflicts].reverse();
  if (entries.length === 0) return ['Conflict log: empty'];
  const fields = entries.reduce((n, e) => n + e.conflicts.length, 0);
  const shown = entries.slice(0, REPORT_CONFLICT_ENTRIES);
  const older = entries.length - shown.length;
  return [
    `Conflict log (${plural(entries.length, 'entry', 'entries')}, ${plural(fields, 'field')}, newest first)`,
    ...shown.map((e) => {
      const paths = e.conflicts.map(
        (c) => `${c.path} → kept ${c.kept === 'ours' ? 'this device' : 'server'}`,
      );
      const name = e.templateName
        ? `"${oneLine(e.templateName)}" (${shortId(e.templateId)})`
        : template(e.templateId, input.templateNames);
      return `- ${e.at} · ${SOURCE[e.source]} · ${name} · ${paths.length > 0 ? paths.join('; ') : 'no field'}`;
    }),
    ...(older > 0 ? [`- … and ${plural(older, 'older entry', 'older entries')}`] : []),
  ];
}

export function buildSupportReport(input: SupportReportInput): string {
  const sections: string[][] = [
    [
      'Teamtrail support report',
      `Created: ${input.now.toISOString()}`,
      `App version: ${input.appVersion}${input.build ? ` (${input.build})` : ''}`,
      `Sync worker: ${WORKER[input.worker]}`,
      `Browser: ${oneLine(input.userAgent)}`,
    ],
    statusSection(input),
    failuresSection(input),
    conflictsSection(input),
    [
      'This device',
      `- Local templates: ${tally(input.documents.map((d) => d.state))}`,
      `- Uploads: ${tally(input.uploads.map((u) => u.status))}`,
      `- Storage used: ${storageUsed(input.storage)}`,
      `- Persistent storage: ${input.storage ? persistence(input.storage.persistent) : 'not read yet'}`,
    ],
  ];
  return `${sections
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join('\n'))
    .join('\n\n')}\n`;
}
