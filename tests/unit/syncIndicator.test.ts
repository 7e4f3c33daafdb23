/** The save indicator's texts (replacing SPEC §2.8 "Saving" / "Last saved … ago"). */
import { describe, expect, it } from 'vitest';
import {
  syncIndicatorFor,
  UPLOAD_WIDGET_TEXTS,
  uploadWidgetText,
} from '../../src/localdb/syncIndicator';
import type { UploadStatus } from '../../src/localdb/schemas/uploads';
import type { LocalTemplate } from '../../src/localdb/localTemplate';
import { INITIAL_STATUS } from '../../sync/status';

const template = (sync: Partial<LocalTemplate['sync']>) => ({
  id: 't1',
  updatedAt: '2026-11-21T10:00:00.000Z',
  sync: {
    state: 'pending',
    allChangesOnServer: false,
    lastError: null,
    lastConflictAt: null,
    localChangedAt: '2026-11-21T10:00:00.000Z',
    ...sync,
  } as LocalTemplate['sync'],
});
const relative = () => '2 minutes ago';

describe('sync indicator', () => {
  it('says "Saved on this device" for an edit that is written here but not yet on the server', () => {
    expect(
      syncIndicatorFor(template({ state: 'pending' }), INITIAL_STATUS, true, relative).text,
    ).toBe('Saved on this device');
  });
  it('says "Syncing…" while the engine pushes this template', () => {
    const status = { ...INITIAL_STATUS, pushing: ['t1'] };
    expect(syncIndicatorFor(template({ state: 'pending' }), status, true, relative).text).toBe(
      'Syncing…',
    );
  });
  it('says "All changes synced {relative time}" when the server has every edit', () => {
    expect(
      syncIndicatorFor(
        template({ state: 'synced', allChangesOnServer: true }),
        INITIAL_STATUS,
        true,
        relative,
      ).text,
    ).toBe('All changes synced 2 minutes ago');
  });
  it('says "Offline – changes are saved on this device" when offline with changes waiting', () => {
    expect(
      syncIndicatorFor(template({ state: 'pending' }), INITIAL_STATUS, false, relative).text,
    ).toBe('Offline – changes are saved on this device');
    expect(
      syncIndicatorFor(
        template({ state: 'local-only' }),
        { ...INITIAL_STATUS, online: false },
        true,
        relative,
      ).tone,
    ).toBe('offline');
  });
  it('shows a refused push with the server’s reason', () => {
    const refused = syncIndicatorFor(
      template({
        state: 'error',
        lastError: { message: 'Too long', status: 400, at: '', nextAttemptAt: null },
      }),
      INITIAL_STATUS,
      true,
      relative,
    );
    expect(refused).toMatchObject({ tone: 'error', detail: 'Too long' });
  });
});

const MB = 1024 * 1024;
const file = (status: UploadStatus, size = 2 * MB) => ({ status, size });
const synced = () => template({ state: 'synced', allChangesOnServer: true });

describe('sync indicator: files waiting to upload', () => {
  it('does not say "All changes synced" while a file waits: it counts the files and their size', () => {
    const indicator = syncIndicatorFor(synced(), INITIAL_STATUS, true, relative, [
      file('queued'),
      file('queued', MB),
    ]);
    expect(indicator).toMatchObject({
      tone: 'saved-locally',
      text: '2 files (3 MB) waiting to upload',
      uploads: { files: 2, bytes: 3 * MB, uploading: false },
    });
  });

  it('says "Uploading {n} files ({size})…" while one is on its way', () => {
    const indicator = syncIndicatorFor(synced(), INITIAL_STATUS, true, relative, [
      file('uploading'),
      file('queued', MB / 2),
    ]);
    expect(indicator).toMatchObject({ tone: 'syncing', text: 'Uploading 2 files (2.5 MB)…' });
  });

  it('says the files will upload when online while offline', () => {
    const offline = { ...INITIAL_STATUS, online: false };
    expect(syncIndicatorFor(synced(), offline, true, relative, [file('queued')])).toMatchObject({
      tone: 'offline',
      text: 'Offline – 1 file (2 MB) will upload when online',
    });
  });

  it('shows waiting files beside pending edits', () => {
    expect(
      syncIndicatorFor(template({ state: 'pending' }), INITIAL_STATUS, true, relative, [
        file('preparing', 1500),
      ]).text,
    ).toBe('Saved on this device · 1 file (1.5 KB) waiting to upload');
    expect(
      syncIndicatorFor(template({ state: 'pending' }), INITIAL_STATUS, false, relative, [
        file('queued'),
      ]).text,
    ).toBe('Offline – changes are saved on this device · 1 file (2 MB) will upload when online');
    expect(
      syncIndicatorFor(template({ state: 'pending' }), INITIAL_STATUS, true, relative, [
        file('uploading'),
      ]),
    ).toMatchObject({
      tone: 'syncing',
      text: 'Saved on this device · Uploading 1 file (2 MB)…',
    });
  });

  it('counts only what is left of a file on its way: the bytes the server acknowledged are done', () => {
    const indicator = syncIndicatorFor(synced(), INITIAL_STATUS, true, relative, [
      { ...file('uploading', 2 * MB), uploadedBytes: 1.5 * MB },
      { ...file('queued', MB), uploadedBytes: 0 },
    ]);
    expect(indicator).toMatchObject({
      text: 'Uploading 2 files (1.5 MB)…',
      uploads: { files: 2, bytes: 1.5 * MB, uploading: true },
    });
  });

  it('a refused file (its widget shows why) and a finished one do not count', () => {
    expect(
      syncIndicatorFor(synced(), INITIAL_STATUS, true, relative, [file('failed'), file('done')]),
    ).toMatchObject({ tone: 'synced', text: 'All changes synced 2 minutes ago', uploads: null });
  });
});

describe('upload widget line', () => {
  const online = { online: true };
  it('says it is uploading while it is, even after failed attempts', () => {
    expect(uploadWidgetText({ status: 'uploading' }, online, true)).toBe('Uploading…');
    expect(uploadWidgetText({ status: 'uploading' }, { online: false }, true)).toBe(
      UPLOAD_WIDGET_TEXTS.uploading,
    );
  });
  it('a queued file says it will upload when online while the engine or the browser is offline', () => {
    expect(uploadWidgetText({ status: 'queued' }, { online: false }, true)).toBe(
      'Saved on this device, it will upload when online',
    );
    expect(uploadWidgetText({ status: 'queued' }, online, false)).toBe(
      'Saved on this device, it will upload when online',
    );
  });
  it('a queued file says "Waiting to upload…" while online', () => {
    expect(uploadWidgetText({ status: 'queued' }, online, true)).toBe('Waiting to upload…');
    expect(uploadWidgetText({ status: 'queued' }, null, true)).toBe('Waiting to upload…');
  });
  it('a file still being written to the device says so', () => {
    expect(uploadWidgetText({ status: 'preparing' }, online, true)).toBe('Saving on this device…');
  });
});
