// @vitest-environment happy-dom
/**
 * SPEC §2.9 Play Demo, "Play Welcome to [product name]!": explains the sample activity, shows its
 * QR code and Activity Code, a "Contact Us" link and "Close". The code is the standing sample
 * game's (GET /v1/sample_game), which a phone can really join: SPEC's fixed 12-digit
 * code was a placeholder no player accepts.
 */
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { PlayDemoDialog, SAMPLE_GAME_TEXTS } from '../../../src/features/publishing/PlayDemoDialog';
import { BOOKING_LINK } from '../../../src/ui/marketingLinks';
import { renderAt } from './render';

const SAMPLE = {
  code: 'SMPL2345',
  qrCodeUrl: '/v1/qr/SMPL2345.png',
  endsAt: '2030-01-02T00:00:00.000Z',
};
let sampleAnswer: () => Promise<Response>;

beforeEach(() => {
  sampleAnswer = async () =>
    new Response(JSON.stringify(SAMPLE), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url) === '/v1/sample_game' ? sampleAnswer() : new Response('{}', { status: 404 }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SPEC §2.9 Play Demo', () => {
  it('is titled "Play Welcome to Teamtrail!" and explains the demo activity', async () => {
    renderAt('/', <PlayDemoDialog opened onClose={() => {}} />);
    expect(await screen.findByText('Play Welcome to Teamtrail!')).toBeTruthy();
    expect(screen.getByText(/short sample activity/)).toBeTruthy();
  });

  it("shows the sample game's playable code in groups of four, its QR code and a link to play it here", async () => {
    renderAt('/', <PlayDemoDialog opened onClose={() => {}} />);
    const code = await screen.findByTestId('play-demo-code');
    expect(code.textContent).toBe('SMPL 2345');
    const qr = screen.getByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe(SAMPLE.qrCodeUrl);
    expect(
      screen.getByRole('link', { name: SAMPLE_GAME_TEXTS.playHere }).getAttribute('href'),
    ).toBe('/play/SMPL2345');
  });

  it('says so when the sample game cannot be reached, and "Try again" asks again', async () => {
    sampleAnswer = async () => {
      throw new TypeError('Failed to fetch');
    };
    renderAt('/', <PlayDemoDialog opened onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toContain(SAMPLE_GAME_TEXTS.unavailable);
    sampleAnswer = async () =>
      new Response(JSON.stringify(SAMPLE), { headers: { 'content-type': 'application/json' } });
    fireEvent.click(screen.getByRole('button', { name: SAMPLE_GAME_TEXTS.retry }));
    expect((await screen.findByTestId('play-demo-code')).textContent).toBe('SMPL 2345');
  });

  it("each opening asks afresh, with the loader: never the previous opening's code (a new sample game starts each day)", async () => {
    function Reopening() {
      const [opened, setOpened] = useState(true);
      return (
        <>
          <button onClick={() => setOpened(true)}>Play a demo</button>
          <PlayDemoDialog opened={opened} onClose={() => setOpened(false)} />
        </>
      );
    }
    renderAt('/', <Reopening />);
    expect((await screen.findByTestId('play-demo-code')).textContent).toBe('SMPL 2345');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('play-demo-code')).toBeNull());
    let answerNow: (response: Response) => void = () => {};
    sampleAnswer = () => new Promise((resolve) => (answerNow = resolve));
    fireEvent.click(screen.getByRole('button', { name: 'Play a demo' }));
    expect(await screen.findByText(SAMPLE_GAME_TEXTS.loading)).toBeTruthy();
    expect(screen.queryByTestId('play-demo-code')).toBeNull();
    answerNow(
      new Response(JSON.stringify({ ...SAMPLE, code: 'NEXT6789' }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect((await screen.findByTestId('play-demo-code')).textContent).toBe('NEXT 6789');
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
