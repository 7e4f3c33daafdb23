// @vitest-environment happy-dom
/**
 * SPEC §4 Upload widget for a task's media: empty → uploading (spinner) → preview (file name,
 * type icon, remove button) or error (message with "Dismiss error"); removing sets the media to
 * null. Files are stored on the device (a real RxDB on fake-indexeddb) and wait for the queue.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TeamtrailDatabase } from '../../../../src/data/database';
import { checkMediaFile } from '../../../../src/features/builder/tasks/TaskMediaUploader';
import { openTestDatabase } from '../../wizard/harness';
import { renderTasksScreen, step, template } from './harness';

let db: TeamtrailDatabase;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  cleanup();
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
