// @vitest-environment happy-dom
/**
 * SPEC §2.8 colour screens and SPEC §5 branding colour: "Confirm choice" saves only a chosen
 * colour, "Back to Styling" returns without saving, hex only, the 16 presets of §9, no opacity
 * control, and the live preview only when gameType is Quiz.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TeamtrailDatabase } from '../../../../src/localdb/database';
import { BRANDING_COLOUR_PRESETS } from '../../../../src/domain/constants';
import { createTemplate, openTestDatabase, renderStyling, templateOf } from './harness';

let db: TeamtrailDatabase;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  cleanup();
  await db.remove();
});

const stylingReached = () =>
  waitFor(() => expect(screen.getByRole('heading', { name: 'Edit Styling' })).toBeTruthy());

describe('SPEC §2.8 colour screens: Confirm choice and Back to Styling', () => {
  it('saves the chosen preset into the mode’s branding field, then returns to styling', async () => {
    const id = await createTemplate(db);
    const { router } = renderStyling(db, id, 'styling/question');
    await screen.findByRole('heading', { name: 'Choose task background colour' });
    fireEvent.click(screen.getByRole('button', { name: '#00D084' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm choice' }));
    await stylingReached();
    expect(router.state.location.pathname).toBe(`/builder/${id}/styling`);
    const doc = await templateOf(db, id);
    expect(doc.content.branding.questionBackgroundColour).toBe('#00D084');
    // The other colours are untouched.
    expect(doc.content.branding.headerColour).toBe('#0393E3');
    expect(doc.content.branding.selfieBackgroundColour).toBe('#8FD1FC');
  });

  it('writes nothing when no colour was chosen', async () => {
    const id = await createTemplate(db);
    const before = await templateOf(db, id);
    renderStyling(db, id, 'styling/header');
    await screen.findByRole('heading', { name: 'Choose header background colour' });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm choice' }));
    await stylingReached();
    const after = await templateOf(db, id);
    expect(after.localVersion).toBe(before.localVersion);
    expect(after.content.branding).toEqual(before.content.branding);
  });

  it('"Back to Styling" discards a chosen colour', async () => {
    const id = await createTemplate(db);
    const before = await templateOf(db, id);
    const { router } = renderStyling(db, id, 'styling/selfie');
    await screen.findByRole('heading', { name: 'Choose selfie background colour' });
    fireEvent.click(screen.getByRole('button', { name: '#EB144C' }));
    expect(within(screen.getByTestId('colour-swatch')).getByText('#EB144C')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to Styling' }));
    await stylingReached();
    expect(router.state.location.pathname).toBe(`/builder/${id}/styling`);
    const after = await templateOf(db, id);
    expect(after.localVersion).toBe(before.localVersion);
    expect(after.content.branding.selfieBackgroundColour).toBe('#8FD1FC');
  });

  it('starts from the current branding value and labels the swatch "{mode} background"', async () => {
    const id = await createTemplate(db, {});
    renderStyling(db, id, 'styling/selfie');
    const swatch = await screen.findByTestId('colour-swatch');
    expect(within(swatch).getByText('selfie background')).toBeTruthy();
    expect(within(swatch).getByText('#8FD1FC')).toBeTruthy();
    expect((screen.getByLabelText('Hex colour') as HTMLInputElement).value).toBe('#8FD1FC');
  });
});

describe('SPEC §5 Branding colour: hex only, no opacity; SPEC §9 presets', () => {
  it('offers exactly the 16 presets and no alpha slider', async () => {
    const id = await createTemplate(db);
    renderStyling(db, id, 'styling/header');
    await screen.findByRole('heading', { name: 'Choose header background colour' });
    for (const preset of BRANDING_COLOUR_PRESETS)
      expect(screen.getByRole('button', { name: preset })).toBeTruthy();
    expect(document.querySelectorAll('[data-swatch]')).toHaveLength(16);
    const sliders = screen.getAllByRole('slider').map((s) => s.getAttribute('aria-label'));
    expect(sliders).toEqual(['Saturation and brightness', 'Hue']);
  });

  it('refuses a value that is not six-digit hex and saves a valid typed one', async () => {
    const id = await createTemplate(db);
    renderStyling(db, id, 'styling/header');
    const input = (await screen.findByLabelText('Hex colour')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '#12' } });
    expect(screen.getByText('Enter a six-digit hex colour such as #FF6800')).toBeTruthy();
    // The swatch still shows the current colour: the invalid text was not taken.
    expect(within(screen.getByTestId('colour-swatch')).getByText('#0393E3')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'rgba(0,0,0,0.5)' } });
    expect(within(screen.getByTestId('colour-swatch')).getByText('#0393E3')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'ff6800' } });
    expect(screen.queryByText('Enter a six-digit hex colour such as #FF6800')).toBeNull();
    expect(within(screen.getByTestId('colour-swatch')).getByText('#FF6800')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm choice' }));
    await stylingReached();
    expect((await templateOf(db, id)).content.branding.headerColour).toBe('#FF6800');
  });
});

describe('SPEC §2.8 colour screens: the live preview is shown only when gameType is Quiz', () => {
  it('quiz, header mode: the game screen with the chosen colour as header background', async () => {
    const id = await createTemplate(db);
    renderStyling(db, id, 'styling/header');
    await screen.findByRole('heading', { name: 'Choose header background colour' });
    fireEvent.click(screen.getByRole('button', { name: '#9900EF' }));
    const header = screen.getByTestId('phone-preview-header');
    expect(header.style.background).toMatch(/#9900EF|rgb\(153, 0, 239\)/i);
  });

  it('quiz, task mode: a question card on the chosen colour under the branding header colour', async () => {
    const id = await createTemplate(db);
    renderStyling(db, id, 'styling/question');
    await screen.findByTestId('question-card-preview');
    fireEvent.click(screen.getByRole('button', { name: '#000000' }));
    expect(screen.getByTestId('phone-preview-header').style.background).toMatch(
      /#0393E3|rgb\(3, 147, 227\)/i,
    );
    const phoneScreen = screen.getByTestId('phone-preview-header').parentElement!;
    expect(phoneScreen.style.backgroundColor).toMatch(/#000000|rgb\(0, 0, 0\)/i);
    expect(screen.getByText('Later')).toBeTruthy();
    expect(screen.getByText('Pass')).toBeTruthy();
  });

  it('quiz, selfie mode: the team-photo screen with its texts', async () => {
    const id = await createTemplate(db);
    renderStyling(db, id, 'styling/selfie');
    const selfie = await screen.findByTestId('selfie-preview');
    for (const text of [
      'Step 1',
      'Take your team photo',
      'Tap to take',
      'Team Name',
      'Tap to edit',
      'Step 2',
      'Choose your team name',
    ])
      expect(within(selfie).getByText(text)).toBeTruthy();
  });

  it('location templates show no preview', async () => {
    const id = await createTemplate(db, { gameType: 'location' });
    renderStyling(db, id, 'styling/selfie');
    await screen.findByRole('heading', { name: 'Choose selfie background colour' });
    expect(screen.queryByTestId('phone-preview')).toBeNull();
    expect(screen.queryByTestId('styling-preview')).toBeNull();
  });
});
