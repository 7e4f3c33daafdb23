// @vitest-environment happy-dom
/**
 * SPEC §2.8 Edit Styling: the help icon (styling-quiz), "Branding (Optional)" with the logo
 * uploader (PNG only; 280x60 stated, warned about but not enforced), the theme and colour
 * swatches that open their screens, and the footer's Back to Overview / Next.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamtrailDatabase } from '../../../../src/localdb/database';
import { LOGO_MAX_BYTES } from '../../../../src/domain/uploads';
import {
  aTheme,
  createTemplate,
  openTestDatabase,
  renderStyling,
  storeThemes,
  templateOf,
} from './harness';

let db: TeamtrailDatabase;
let imageSize = { width: 200, height: 50 };
beforeEach(async () => {
  db = await openTestDatabase();
  imageSize = { width: 200, height: 50 };
  // happy-dom decodes no images; the screen measures the picked file with createImageBitmap.
  vi.stubGlobal('createImageBitmap', async () => ({ ...imageSize, close() {} }));
  // happy-dom's createObjectURL refuses the Blob class RxDB hands back from fake-indexeddb.
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:local-logo');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await db.remove();
});

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pickFile(file: File) {
  const input = document.querySelector<HTMLInputElement>(
    '[data-testid="logo-uploader"] input[type="file"]',
  )!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

/** Files dropped on the logo's drop area, as a browser's drop event carries them. */
function dropFiles(...files: File[]) {
  const dataTransfer = {
    files,
    items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
    types: ['Files'],
  };
  const area = screen.getByTestId('logo-dropzone');
  fireEvent.dragEnter(area, { dataTransfer });
  fireEvent.dragOver(area, { dataTransfer });
  fireEvent.drop(area, { dataTransfer });
}

const logoUploads = async () =>
  (await db.uploads.find().exec())
    .map((d) => d.toMutableJSON())
    .filter((u) => u.purpose === 'logo');

describe('SPEC §2.8 Edit Styling', () => {
  it('shows the branding text, the logo note and the two sections', async () => {
    const id = await createTemplate(db);
    renderStyling(db, id, 'styling');
    await screen.findByRole('heading', { name: 'Edit Styling' });
    expect(screen.getByRole('heading', { name: 'Branding (Optional)' })).toBeTruthy();
    expect(
      screen.getByText(
        'Please upload your company logo, which will appear at the top of the activity screen',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Files supported: PNG. Max dimensions: 280x60 pixels')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Theme & Colours' })).toBeTruthy();
  });

  it('the help icon opens the help topic styling-quiz', async () => {
    const id = await createTemplate(db);
    const { helpLog } = renderStyling(db, id, 'styling');
    fireEvent.click(await screen.findByRole('button', { name: 'Help with styling' }));
    expect(helpLog.toggled).toEqual(['styling-quiz']);
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Help with styling' }).getAttribute('aria-pressed'),
      ).toBe('true'),
    );
  });

  it('the swatches show the current values and open theme, header, question and selfie', async () => {
    const ocean = aTheme('Ocean');
    await storeThemes(db, [ocean]);
    const id = await createTemplate(db, { selectedThemeId: ocean.id });
    const { router } = renderStyling(db, id, 'styling');
    await screen.findByRole('heading', { name: 'Edit Styling' });
    await waitFor(() => expect(within(screen.getByTestId('swatch-theme')).getByText('Ocean')));
    expect(within(screen.getByTestId('swatch-header')).getByText('Header background')).toBeTruthy();
    expect(within(screen.getByTestId('swatch-header')).getByText('#0393E3')).toBeTruthy();
    expect(within(screen.getByTestId('swatch-task')).getByText('Task background')).toBeTruthy();
    expect(within(screen.getByTestId('swatch-selfie')).getByText('#8FD1FC')).toBeTruthy();

    const targets: Array<[string, string, string]> = [
      ['swatch-theme', 'theme', 'Choose activity theme'],
      ['swatch-header', 'header', 'Choose header background colour'],
      ['swatch-task', 'question', 'Choose task background colour'],
      ['swatch-selfie', 'selfie', 'Choose selfie background colour'],
    ];
    for (const [testId, path, heading] of targets) {
      fireEvent.click(screen.getByTestId(testId));
      await screen.findByRole('heading', { name: heading });
      expect(router.state.location.pathname).toBe(`/builder/${id}/styling/${path}`);
      fireEvent.click(screen.getByRole('link', { name: 'Back to Styling' }));
      await screen.findByRole('heading', { name: 'Edit Styling' });
    }
  });

  it('footer: "Back to Overview" and "Next" to Tasks for a quiz', async () => {
    const id = await createTemplate(db);
    const { router } = renderStyling(db, id, 'styling');
    fireEvent.click(await screen.findByRole('link', { name: 'Next' }));
    await screen.findByText(`Tasks at /builder/${id}/tasks`);
    await router.navigate(`/builder/${id}/styling`);
    fireEvent.click(await screen.findByRole('link', { name: 'Back to Overview' }));
    await screen.findByText(`Overview at /builder/${id}/overview`);
  });

  it('footer: "Next" goes to Locations for a location template', async () => {
    const id = await createTemplate(db, { gameType: 'location' });
    renderStyling(db, id, 'styling');
    fireEvent.click(await screen.findByRole('link', { name: 'Next' }));
    await screen.findByText(`Locations at /builder/${id}/locations`);
  });
});

describe('SPEC §2.8 Branding logo uploader (PNG only; "Max dimensions: 280x60 pixels")', () => {
  it('refuses a file that is not PNG, says why next to the field, and queues nothing', async () => {
    const id = await createTemplate(db);
    renderStyling(db, id, 'styling');
    await screen.findByRole('button', { name: 'Upload logo' });
    pickFile(new File(['jpeg'], 'logo.jpg', { type: 'image/jpeg' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Files of type image/jpeg are not supported. Files supported: PNG.',
    );
    expect(await logoUploads()).toEqual([]);
  });

  it('queues a PNG on this device and previews it, without a warning when it fits 280x60', async () => {
    const id = await createTemplate(db);
    renderStyling(db, id, 'styling');
    await screen.findByRole('button', { name: 'Upload logo' });
    pickFile(new File([PNG_BYTES], 'acme.png', { type: 'image/png' }));
    await screen.findByText('acme.png');
    // Previewed at once from the file kept on this device, in the uploader and on the phone.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Logo preview' }).getAttribute('src')).toBe(
        'blob:local-logo',
      ),
    );
    expect(
      screen.getByTestId('phone-preview-header').querySelector('img')?.getAttribute('src'),
    ).toBe('blob:local-logo');
    const queued = await logoUploads();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ templateId: id, stepId: null, filename: 'acme.png' });
    expect(screen.queryByText(/larger than the maximum/)).toBeNull();
  });

  it('warns, but still uploads, when the image is larger than 280x60', async () => {
    imageSize = { width: 600, height: 120 };
    const id = await createTemplate(db);
    renderStyling(db, id, 'styling');
    await screen.findByRole('button', { name: 'Upload logo' });
    pickFile(new File([PNG_BYTES], 'wide.png', { type: 'image/png' }));
    await screen.findByText(
      'This image is 600x120 pixels, larger than the maximum of 280x60. It will be scaled down to fit the activity screen.',
    );
    await screen.findByText('wide.png');
    expect(await logoUploads()).toHaveLength(1);
  });

  it('removing cancels the waiting file and sets the logo to null', async () => {
    const id = await createTemplate(db, {
      branding: {
        id: crypto.randomUUID(),
        logo: {
          url: '/uploads/old.png',
          filename: 'old.png',
          mimeType: 'image/png',
          brandingId: crypto.randomUUID(),
          default: false,
        },
        headerColour: '#0393E3',
        questionBackgroundColour: '#FFFFFF',
        selfieBackgroundColour: '#8FD1FC',
      },
    });
    renderStyling(db, id, 'styling');
    await screen.findByText('old.png');
    pickFile(new File([PNG_BYTES], 'new.png', { type: 'image/png' }));
    await screen.findByText('new.png');
    fireEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    await screen.findByRole('button', { name: 'Upload logo' });
    expect(await logoUploads()).toEqual([]);
    expect((await templateOf(db, id)).content.branding.logo).toBeNull();
  });

  it('shows a refused upload with "Dismiss error"', async () => {
    const id = await createTemplate(db);
    renderStyling(db, id, 'styling');
    await screen.findByRole('button', { name: 'Upload logo' });
    pickFile(new File([PNG_BYTES], 'bad.png', { type: 'image/png' }));
    await screen.findByText('bad.png');
    const [upload] = await db.uploads.find().exec();
    await upload!.incrementalPatch({ status: 'failed', errorMessage: 'The file is not a PNG.' });
    await screen.findByText('The file is not a PNG.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    await waitFor(() => expect(screen.queryByText('The file is not a PNG.')).toBeNull());
    expect(await logoUploads()).toEqual([]);
  });

  it('takes a PNG dropped on the drop area, the first of several', async () => {
    const id = await createTemplate(db);
    renderStyling(db, id, 'styling');
    await screen.findByRole('button', { name: 'Upload logo' });
    dropFiles(
      new File([PNG_BYTES], 'dropped.png', { type: 'image/png' }),
      new File([PNG_BYTES], 'second.png', { type: 'image/png' }),
    );
    await screen.findByText('dropped.png');
    expect(screen.queryByRole('alert')).toBeNull();
    const queued = await logoUploads();
    expect(queued.map((u) => u.filename)).toEqual(['dropped.png']);
  });

  it('refuses a dropped file that is not PNG, or too large, with the words a picked one gets', async () => {
    const id = await createTemplate(db);
    renderStyling(db, id, 'styling');
    await screen.findByRole('button', { name: 'Upload logo' });
    dropFiles(new File(['gif'], 'logo.gif', { type: 'image/gif' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Files of type image/gif are not supported. Files supported: PNG.',
    );
    const large = new File([PNG_BYTES], 'huge.png', { type: 'image/png' });
    Object.defineProperty(large, 'size', { value: LOGO_MAX_BYTES + 1 });
    dropFiles(large);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The file is too large. The maximum size is 2 MB.',
      ),
    );
    // Said next to the button, and nothing is queued.
    expect(
      screen.getByRole('button', { name: 'Upload logo' }).getAttribute('aria-describedby'),
    ).toBe(screen.getByRole('alert').id);
    expect(await logoUploads()).toEqual([]);
  });

  it('"Upload logo" opens the file picker (by mouse or keyboard: it is a button)', async () => {
    const id = await createTemplate(db);
    renderStyling(db, id, 'styling');
    const button = await screen.findByRole('button', { name: 'Upload logo' });
    expect(button.tagName).toBe('BUTTON');
    const input = document.querySelector<HTMLInputElement>(
      '[data-testid="logo-uploader"] input[type="file"]',
    )!;
    expect(input.accept).toBe('image/png');
    const opened = vi.spyOn(input, 'click').mockImplementation(() => {});
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledTimes(1);
    // The drop area itself is no extra stop for the keyboard.
    expect(screen.getByTestId('logo-dropzone').hasAttribute('tabindex')).toBe(false);
  });

  it('says "Waiting to upload…" while the logo is queued online and "Uploading…" while it is on its way', async () => {
    const id = await createTemplate(db);
    renderStyling(db, id, 'styling');
    await screen.findByRole('button', { name: 'Upload logo' });
    pickFile(new File([PNG_BYTES], 'acme.png', { type: 'image/png' }));
    await screen.findByText('Waiting to upload…');
    const [upload] = await db.uploads.find().exec();
    await upload!.incrementalPatch({ status: 'uploading', attempts: 2 });
    await screen.findByText('Uploading…');
  });
});
