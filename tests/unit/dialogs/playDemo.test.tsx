// @vitest-environment happy-dom
/**
 * SPEC §2.9 Play Demo, "Play Welcome to [product name]!": explains the demo activity, shows a
 * fixed QR image and a fixed 12-digit Activity Code (SPEC §9), a "Contact Us" link and "Close".
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import {
  PLAY_DEMO_CODE,
  PLAY_DEMO_QR_URL,
  PlayDemoDialog,
  formatPlayDemoCode,
} from '../../../src/features/dialogs/PlayDemoDialog';
import { PLAY_DEMO_CODE_LENGTH } from '../../../src/domain/constants';
import { BOOKING_LINK } from '../../../src/app/marketingLinks';
import { renderAt } from './render';

afterEach(cleanup);

describe('SPEC §2.9 Play Demo', () => {
  it('is titled "Play Welcome to Teamtrail!" and explains the demo activity', async () => {
    renderAt('/', <PlayDemoDialog opened onClose={() => {}} />);
    expect(await screen.findByText('Play Welcome to Teamtrail!')).toBeTruthy();
    expect(screen.getByText(/short sample activity/)).toBeTruthy();
  });

  it('shows the fixed QR image and the fixed 12-digit Activity Code', async () => {
    renderAt('/', <PlayDemoDialog opened onClose={() => {}} />);
    const code = await screen.findByTestId('play-demo-code');
    expect(PLAY_DEMO_CODE).toMatch(new RegExp(`^\\d{${PLAY_DEMO_CODE_LENGTH}}$`));
    expect(code.textContent).toBe('482 913 605 271');
    expect(code.textContent!.replace(/\s/g, '')).toBe(PLAY_DEMO_CODE);
    const qr = screen.getByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe(PLAY_DEMO_QR_URL);
  });

  it('the code reads in groups of three', () => {
    expect(formatPlayDemoCode('123456789012')).toBe('123 456 789 012');
  });

  it('"Contact Us" links to the booking page and "Close" closes', async () => {
    const onClose = vi.fn();
    renderAt('/', <PlayDemoDialog opened onClose={onClose} />);
    const contact = await screen.findByRole('link', { name: 'Contact Us' });
    expect(contact.getAttribute('href')).toBe(BOOKING_LINK.href);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows nothing while closed', () => {
    renderAt('/', <PlayDemoDialog opened={false} onClose={() => {}} />);
    expect(screen.queryByText('Play Welcome to Teamtrail!')).toBeNull();
  });
});
