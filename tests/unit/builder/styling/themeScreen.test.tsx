// @vitest-environment happy-dom
/**
 * SPEC §2.8 Theme screen, "Choose activity theme": the selected theme, the scrollable list,
 * clicking previews, "Confirm choice" sets the selected theme then goes back, "Back to Styling"
 * goes back without saving, and the "Request a theme" link.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_LINK } from '../../../../src/ui/marketingLinks';
import type { TeamtrailDatabase } from '../../../../src/localdb/database';
import {
  aTheme,
  createTemplate,
  openTestDatabase,
  renderStyling,
  storeThemes,
  templateOf,
} from './harness';

let db: TeamtrailDatabase;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  cleanup();
  await db.remove();
});

const ocean = aTheme('Ocean');
const forest = aTheme('Forest');
const desert = aTheme('Desert');

const phoneBackground = () =>
  (screen.getByTestId('phone-preview').querySelector('[style*="background-image"]') as HTMLElement)
    ?.style.backgroundImage ?? '';

describe('SPEC §2.8 Theme screen', () => {
  it('shows the selected theme and the list; clicking one previews it without saving', async () => {
    await storeThemes(db, [ocean, forest, desert]);
    const id = await createTemplate(db, { selectedThemeId: ocean.id });
    const before = await templateOf(db, id);
    renderStyling(db, id, 'styling/theme');
    await screen.findByRole('heading', { name: 'Choose activity theme' });
    await waitFor(() => expect(within(screen.getByTestId('selected-theme')).getByText('Ocean')));
    const list = await screen.findByRole('list', { name: 'Available themes' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      expect.stringContaining('Ocean'),
      expect.stringContaining('Forest'),
      expect.stringContaining('Desert'),
    ]);
    expect(phoneBackground()).toContain(ocean.previewImageUrl);

    fireEvent.click(within(list).getByRole('button', { name: /Forest/ }));
    expect(
      within(list)
        .getByRole('button', { name: /Forest/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(phoneBackground()).toContain(forest.previewImageUrl);
    // Previewing is not choosing.
    expect(within(screen.getByTestId('selected-theme')).getByText('Ocean')).toBeTruthy();
    expect((await templateOf(db, id)).localVersion).toBe(before.localVersion);
  });

  it('"Confirm choice" sets selectedThemeId, then goes back to styling', async () => {
    await storeThemes(db, [ocean, forest]);
    const id = await createTemplate(db, { selectedThemeId: ocean.id });
    const { router } = renderStyling(db, id, 'styling/theme');
    fireEvent.click(await screen.findByRole('button', { name: /Forest/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm choice' }));
    await screen.findByRole('heading', { name: 'Edit Styling' });
    expect(router.state.location.pathname).toBe(`/builder/${id}/styling`);
    expect((await templateOf(db, id)).content.selectedThemeId).toBe(forest.id);
  });

  it('"Back to Styling" goes back without saving the previewed theme', async () => {
    await storeThemes(db, [ocean, forest]);
    const id = await createTemplate(db, { selectedThemeId: ocean.id });
    renderStyling(db, id, 'styling/theme');
    fireEvent.click(await screen.findByRole('button', { name: /Forest/ }));
    fireEvent.click(screen.getByRole('link', { name: 'Back to Styling' }));
    await screen.findByRole('heading', { name: 'Edit Styling' });
    expect((await templateOf(db, id)).content.selectedThemeId).toBe(ocean.id);
  });

  it('offers "Request a theme" to the booking page', async () => {
    const id = await createTemplate(db);
    renderStyling(db, id, 'styling/theme');
    await screen.findByText(/Can't find a suitable theme\? Let us know\./);
    const link = screen.getByRole('link', { name: 'Request a theme' });
    expect(link.getAttribute('href')).toBe(BOOKING_LINK.href);
  });

  it('says so when no themes are on this device yet', async () => {
    const id = await createTemplate(db);
    renderStyling(db, id, 'styling/theme');
    await screen.findByText(
      'No themes are available yet. They appear here once this device has been online.',
    );
    expect(
      within(screen.getByTestId('selected-theme')).getByText('No theme chosen yet'),
    ).toBeTruthy();
  });
});
