/**
 * The diagnostics page's "Copy report" text (src/features/diagnostics/supportReport.ts): what
 * support asks first, readable as it is pasted, and nothing secret in it.
 */
import { describe, expect, it } from 'vitest';
import {
  buildSupportReport,
  redactSecrets,
  REPORT_CONFLICT_ENTRIES,
  type SupportReportInput,
} from '../../../src/features/diagnostics/supportReport';
import { INITIAL_STATUS, type SyncStatus } from '../../../sync/status';
import type { ConflictEntry } from '../../../sync/conflictLog';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const ANON_ID = '3f2a9c1e-1111-4111-8111-111111111111';
const TEMPLATE_ID = '7b41d2aa-2222-4222-8222-222222222222';
const JWT =
  'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyXzEyMyJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

const status = (overrides: Partial<SyncStatus> = {}): SyncStatus => ({
  ...INITIAL_STATUS,
  running: true,
  owner: `anon:${ANON_ID}`,
  ...overrides,
});

const conflict = (n: number, overrides: Partial<ConflictEntry> = {}): ConflictEntry => ({
  at: new Date(Date.UTC(2026, 2, 1, 11, n)).toISOString(),
  templateId: TEMPLATE_ID,
  templateName: 'Quiz night',
  source: 'push',
  conflicts: [{ path: 'name', ours: 'Ours value', theirs: 'Theirs value', kept: 'theirs' }],
  ...overrides,
});

function input(overrides: Partial<SupportReportInput> = {}): SupportReportInput {
  return {
    now: NOW,
    appVersion: '1.4.2',
    worker: 'shared-worker',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
    browserOnline: true,
    status: status(),
    conflicts: [],
    storage: { usageBytes: 1536 * 1024, quotaBytes: 10 * 1024 ** 3, persistent: true },
    documents: [],
    uploads: [],
    templateNames: new Map([[TEMPLATE_ID, 'Quiz night']]),
    ...overrides,
  };
}

const lineOf = (report: string, start: string) =>
  report.split('\n').find((line) => line.startsWith(start));

describe('buildSupportReport', () => {
  it('starts with the app version, when it was made, where the engine runs and the browser', () => {
    const report = buildSupportReport(input({ build: 'development' }));
    expect(report.split('\n').slice(0, 5)).toEqual([
      'Teamtrail support report',
      'Created: 2026-03-01T12:00:00.000Z',
      'App version: 1.4.2 (development)',
      'Sync worker: shared worker (one engine for every tab)',
      'Browser: Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
    ]);
  });

  it('gives the sync status: connection, queues, last push and pull, next retry, event stream', () => {
    const report = buildSupportReport(
      input({
        status: status({
          pendingCount: 2,
          errorCount: 1,
          uploadsQueued: 3,
          lastPushAt: '2026-03-01T11:57:00.000Z',
          lastPullAt: '2026-03-01T11:59:00.000Z',
          nextRetryAt: '2026-03-01T12:00:30.000Z',
          eventStream: 'connected',
        }),
      }),
    );
    expect(report).toContain(
      [
        'Sync status',
        '- Connection: online',
        '- Engine: running, idle',
        '- Syncing for: Guest 3f2a9c1e…',
        '- Waiting to push: 2 templates',
        '- Refused pushes: 1 template',
        '- Uploads queued: 3',
        '- Last push: 2026-03-01T11:57:00.000Z (3 minutes ago)',
        '- Last pull: 2026-03-01T11:59:00.000Z (1 minute ago)',
        '- Last contact with the server: 2026-03-01T11:59:00.000Z (1 minute ago)',
        '- Next retry: 2026-03-01T12:00:30.000Z (in 30 seconds)',
        '- Live updates (event stream): connected',
      ].join('\n'),
    );
  });

  it('says "never" and "nothing waiting" when nothing happened yet', () => {
    const report = buildSupportReport(input());
    expect(lineOf(report, '- Last push:')).toBe('- Last push: never');
    expect(lineOf(report, '- Last pull:')).toBe('- Last pull: never');
    expect(lineOf(report, '- Next retry:')).toBe('- Next retry: nothing waiting');
  });

  it('tells a browser without network from a server that does not answer', () => {
    expect(lineOf(buildSupportReport(input({ browserOnline: false })), '- Connection:')).toBe(
      '- Connection: offline (the browser has no network)',
    );
    expect(
      lineOf(buildSupportReport(input({ status: status({ online: false }) })), '- Connection:'),
    ).toBe('- Connection: server unreachable (the last request did not reach it)');
  });

  it('without a status from the engine says why instead of inventing one', () => {
    expect(buildSupportReport(input({ status: null }))).toContain(
      'Sync status\n- not received from the sync worker yet',
    );
    expect(buildSupportReport(input({ status: null, worker: 'unavailable' }))).toContain(
      '- not available in this tab (sync worker: unavailable)',
    );
  });

  it('lists the recent failures newest first: when, what the server said, which template', () => {
    const report = buildSupportReport(
      input({
        status: status({
          recentFailures: [
            { at: '2026-03-01T11:00:00.000Z', status: 0, message: 'No answer', templateId: null },
            {
              at: '2026-03-01T11:30:00.000Z',
              status: 422,
              message: 'The name is too long',
              templateId: TEMPLATE_ID,
            },
          ],
        }),
      }),
    );
    expect(report).toContain(
      [
        'Recent failures (2, newest first)',
        '- 2026-03-01T11:30:00.000Z · HTTP 422 · "Quiz night" (7b41d2aa) · The name is too long',
        '- 2026-03-01T11:00:00.000Z · no answer · not tied to a template · No answer',
      ].join('\n'),
    );
    expect(buildSupportReport(input())).toContain('Recent failures: none');
  });

  it('summarises the conflict log (which field, which side was kept) without the values', () => {
    const report = buildSupportReport(
      input({
        conflicts: [
          conflict(1),
          conflict(2, {
            source: 'pull',
            conflicts: [
              { path: 'steps[s1].text', ours: 'Ours value', theirs: 'x', kept: 'ours' },
              { path: 'description', ours: 'a', theirs: 'Theirs value', kept: 'theirs' },
            ],
          }),
        ],
      }),
    );
    expect(report).toContain(
      [
        'Conflict log (2 entries, 3 fields, newest first)',
        '- 2026-03-01T11:02:00.000Z · pull · "Quiz night" (7b41d2aa) · steps[s1].text → kept this device; description → kept server',
        '- 2026-03-01T11:01:00.000Z · push (412) · "Quiz night" (7b41d2aa) · name → kept server',
      ].join('\n'),
    );
    expect(report).not.toContain('Ours value');
    expect(report).not.toContain('Theirs value');
  });

  it(`lists the newest ${REPORT_CONFLICT_ENTRIES} conflict entries and counts the older`, () => {
    const entries = Array.from({ length: REPORT_CONFLICT_ENTRIES + 3 }, (_, i) => conflict(i));
    const report = buildSupportReport(input({ conflicts: entries }));
    const listed = report.split('\n').filter((line) => line.includes('· push (412) ·'));
    expect(listed).toHaveLength(REPORT_CONFLICT_ENTRIES);
    expect(listed[0]).toContain(entries.at(-1)!.at);
    expect(report).toContain('- … and 3 older entries');
  });

  it('says when the conflict log or the storage estimate has not been read', () => {
    const report = buildSupportReport(input({ conflicts: null, storage: null }));
    expect(report).toContain('Conflict log: not available');
    expect(lineOf(report, '- Storage used:')).toBe('- Storage used: not read yet');
    expect(lineOf(report, '- Persistent storage:')).toBe('- Persistent storage: not read yet');
  });

  it('counts this device’s templates and uploads by state, and gives storage', () => {
    const report = buildSupportReport(
      input({
        documents: [{ state: 'synced' }, { state: 'pending' }, { state: 'synced' }],
        uploads: [{ status: 'queued' }],
        storage: { usageBytes: 1536 * 1024, quotaBytes: 10 * 1024 ** 3, persistent: false },
      }),
    );
    expect(report).toContain(
      [
        'This device',
        '- Local templates: 3 (1 pending, 2 synced)',
        '- Uploads: 1 (1 queued)',
        '- Storage used: 1.5 MB of 10.0 GB',
        '- Persistent storage: no (the browser may clear it when the disk runs low)',
      ].join('\n'),
    );
  });

  it('holds no secrets: owner ids are shortened, tokens in messages are redacted', () => {
    const userId = 'user_2abcDEFghiJKLmnoPQRstu';
    const report = buildSupportReport(
      input({
        status: status({
          owner: `user:${userId}`,
          recentFailures: [
            {
              at: '2026-03-01T11:00:00.000Z',
              status: 401,
              message: `Invalid token: Bearer ${JWT}`,
              templateId: null,
            },
            {
              at: '2026-03-01T11:01:00.000Z',
              status: 401,
              message: `token ${JWT} expired`,
              templateId: null,
            },
          ],
        }),
      }),
    );
    expect(report).not.toContain(JWT);
    // A user id is no secret (and support needs it); a guest's UUID is cut to its first block.
    expect(lineOf(report, '- Syncing for:')).toBe(`- Syncing for: User ${userId}`);
    expect(report).toContain('Invalid token: Bearer [redacted]');
    expect(report).toContain('token [redacted] expired');

    const guest = buildSupportReport(input());
    expect(guest).not.toContain(ANON_ID);
    expect(guest).toContain('Guest 3f2a9c1e…');
  });

  it('keeps each failure on one line whatever its message holds', () => {
    const report = buildSupportReport(
      input({
        status: status({
          recentFailures: [
            {
              at: '2026-03-01T11:00:00.000Z',
              status: 500,
              message: 'Bad gateway\n<html>\n  <body>oops</body>',
              templateId: null,
            },
          ],
        }),
      }),
    );
    expect(report).toContain(
      '- 2026-03-01T11:00:00.000Z · HTTP 500 · not tied to a template · Bad gateway <html> <body>oops</body>',
    );
  });
});

describe('redactSecrets', () => {
  it('removes bearer tokens and JWT-shaped strings and leaves other text alone', () => {
    expect(redactSecrets('authorization: bearer abc.DEF-123_=')).toBe(
      'authorization: bearer [redacted]',
    );
    expect(redactSecrets(`session ${JWT}`)).toBe('session [redacted]');
    expect(redactSecrets('The name is too long (max 100)')).toBe('The name is too long (max 100)');
  });
});
