// @vitest-environment happy-dom
/**
 * SPEC §4 Upload widget for a task's media: empty → uploading (spinner) → preview (file name,
 * type icon, remove button) or error (message with "Dismiss error"); removing sets the media to
 * null. Files are stored on the device (a real RxDB on fake-indexeddb) and wait for the queue.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamtrailDatabase } from '../../../../src/localdb/database';
import { UPLOAD_ATTACHMENT_ID } from '../../../../src/localdb/uploadRepository';
import { checkMediaFile } from '../../../../src/features/builder/tasks/TaskMediaUploader';
import { INITIAL_STATUS } from '../../../../sync/status';
import { PREPARING_STALE_MS, recoverStaleUploads } from '../../../../sync/uploadQueue';
import { openTestDatabase } from '../../wizard/harness';
import { OWNER, renderTasksScreen, step, syncReporting, template } from './harness';

let db: TeamtrailDatabase;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await db.close();
});

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const pick = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const openFirstCard = () =>
  fireEvent.click(screen.getAllByRole('button').find((b) => b.hasAttribute('aria-expanded'))!);
const uploadDocs = async () => (await db.uploads.find().exec()).map((d) => d.toMutableJSON());

describe('SPEC §4 Upload widget (task media)', () => {
  it('empty: "Upload media", the supported formats, and the recommended-sizes help', () => {
    const h = renderTasksScreen(template([step()]), db);
    openFirstCard();
    expect(screen.getByRole('button', { name: 'Upload media' })).toBeTruthy();
    expect(screen.getByText('Files supported: JPEG, PNG, SVG, MP4 and MP3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Recommended sizes' }));
    expect(h.helpToggle).toHaveBeenCalledWith('recommended-sizes');
  });

  it('an unsupported file shows the error with "Dismiss error", which goes back to empty', async () => {
    renderTasksScreen(template([step()]), db);
    openFirstCard();
    pick(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Files of type text/plain are not supported',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(screen.getByRole('button', { name: 'Upload media' })).toBeTruthy();
    expect(await uploadDocs()).toEqual([]);
  });

  it('a picked image is stored on the device and shows as uploading; removing cancels it', async () => {
    const h = renderTasksScreen(template([step()]), db);
    openFirstCard();
    pick(new File(['png'], 'map.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(screen.getByTestId('media-uploading').textContent).toContain('map.png'),
    );
    await waitFor(async () =>
      expect((await uploadDocs())[0]).toMatchObject({
        purpose: 'media',
        stepId: h.current().steps[0]!.id,
        status: 'queued',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove media' }));
    await waitFor(async () => expect(await uploadDocs()).toEqual([]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload media' })).toBeTruthy());
    expect(h.current().steps[0]!.media).toBeNull();
  });

  it("the server's asset becomes the step's media: preview with file name and remove, which sets media to null", async () => {
    const h = renderTasksScreen(template([step()]), db);
    openFirstCard();
    pick(new File(['png'], 'map.png', { type: 'image/png' }));
    // The file is written before it is queued; the queue answers only a queued upload.
    await waitFor(async () =>
      expect((await uploadDocs()).map((d) => d.status)).toEqual(['queued']),
    );
    const asset = { filename: 'map.png', mimeType: 'image/png', url: 'https://cdn/map.png' };
    const doc = await db.uploads.findOne().exec();
    await act(async () => {
      await doc!.incrementalPatch({ status: 'done', asset });
    });
    await waitFor(() => expect(h.current().steps[0]!.media).toEqual(asset));
    expect(screen.getByTestId('media-preview').textContent).toContain('map.png');
    expect(screen.getByTestId('task-preview-image')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove media' }));
    expect(h.current().steps[0]!.media).toBeNull();
  });

  it('a refused upload shows its message; "Dismiss error" forgets it', async () => {
    renderTasksScreen(template([step()]), db);
    openFirstCard();
    pick(new File(['png'], 'map.png', { type: 'image/png' }));
    // The file is written before it is queued; the queue answers only a queued upload.
    await waitFor(async () =>
      expect((await uploadDocs()).map((d) => d.status)).toEqual(['queued']),
    );
    const doc = await db.uploads.findOne().exec();
    await act(async () => {
      await doc!.incrementalPatch({ status: 'failed', errorMessage: 'The file is damaged.' });
    });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('The file is damaged.'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    await waitFor(async () => expect(await uploadDocs()).toEqual([]));
  });

  it('a locked task cannot upload', () => {
    renderTasksScreen(template([step({ locked: true })]), db);
    openFirstCard();
    expect(screen.getByRole('button', { name: 'Upload media' })).toHaveProperty('disabled', true);
  });

  it('refuses files over the size cap', () => {
    expect(checkMediaFile({ type: 'image/png', size: 11 * 1024 * 1024 })).toBe(
      'The file is too large. The maximum size is 10 MB.',
    );
    expect(checkMediaFile({ type: 'video/mp4', size: 1000 })).toBeNull();
  });
});

describe('upload widget while the file waits', () => {
  const online = syncReporting({ ...INITIAL_STATUS, running: true, online: true });
  const offline = syncReporting({ ...INITIAL_STATUS, running: true, online: false });
  const line = () => screen.getByTestId('media-uploading').querySelector('[role="status"]');
  const queuedDoc = async () => {
    await waitFor(async () =>
      expect((await uploadDocs()).map((d) => d.status)).toEqual(['queued']),
    );
    return (await db.uploads.findOne().exec())!;
  };

  it('queued and online: "Waiting to upload…"; while on its way: "Uploading…", even after failed attempts', async () => {
    renderTasksScreen(template([step()]), db, online);
    openFirstCard();
    pick(new File(['png'], 'map.png', { type: 'image/png' }));
    const doc = await queuedDoc();
    await waitFor(() => expect(line()?.textContent).toBe('Waiting to upload…'));
    await act(async () => {
      await doc.incrementalPatch({ status: 'uploading', attempts: 3 });
    });
    await waitFor(() => expect(line()?.textContent).toBe('Uploading…'));
    expect(screen.getByTestId('media-upload-spinner')).toBeTruthy();
  });

  it('queued while the engine is offline: it will upload when online, and does not spin', async () => {
    renderTasksScreen(template([step()]), db, offline);
    openFirstCard();
    pick(new File(['png'], 'map.png', { type: 'image/png' }));
    await queuedDoc();
    await waitFor(() =>
      expect(line()?.textContent).toBe('Saved on this device, it will upload when online'),
    );
    expect(screen.queryByTestId('media-upload-spinner')).toBeNull();
  });

  it('shows the picked image from the device while it waits', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:local-image');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    renderTasksScreen(template([step()]), db, offline);
    openFirstCard();
    pick(new File(['png'], 'map.png', { type: 'image/png' }));
    const preview = await screen.findByTestId('media-local-preview');
    expect(preview.tagName).toBe('IMG');
    expect(preview.getAttribute('src')).toBe('blob:local-image');
    expect(preview.getAttribute('alt')).toBe('Preview of map.png');
  });

  it('shows the picked video from the device while it waits', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:local-video');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    renderTasksScreen(template([step()]), db, online);
    openFirstCard();
    pick(new File(['mp4'], 'clue.mp4', { type: 'video/mp4' }));
    const preview = await screen.findByTestId('media-local-preview');
    expect(preview.tagName).toBe('VIDEO');
    expect(preview.getAttribute('src')).toBe('blob:local-video');
  });

  it('a file a crashed tab never finished writing is cleaned up, and the widget goes back to empty', async () => {
    const h = renderTasksScreen(template([step()]), db, online);
    const createdAt = new Date('2026-05-04T10:00:00.000Z');
    await act(async () => {
      await db.uploads.insert({
        id: 'left-behind',
        owner: OWNER,
        templateId: 'tpl-1',
        stepId: h.current().steps[0]!.id,
        purpose: 'media',
        filename: 'map.png',
        mimeType: 'image/png',
        size: 3,
        status: 'preparing',
        attempts: 0,
        nextAttemptAt: null,
        errorMessage: null,
        asset: null,
        createdAt: createdAt.toISOString(),
      });
    });
    openFirstCard();
    await waitFor(() => expect(line()?.textContent).toBe('Saving on this device…'));
    expect(
      (await db.uploads.findOne('left-behind').exec())?.getAttachment(UPLOAD_ATTACHMENT_ID),
    ).toBeNull();
    await act(async () => {
      await recoverStaleUploads(db, OWNER, new Date(createdAt.getTime() + PREPARING_STALE_MS + 1));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload media' })).toBeTruthy());
    expect(screen.queryByTestId('media-uploading')).toBeNull();
  });
});
