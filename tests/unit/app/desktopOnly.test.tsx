// @vitest-environment happy-dom
/**
 * SPEC §1 "Desktop only": "On a mobile device the product shows, instead of the application, a
 * full-screen notice."
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { DesktopOnlyGate, PHONE_MEDIA_QUERY } from '../../../src/app/DesktopOnlyGate';
import { renderWithTheme } from './render';

/** A matchMedia that answers the phone query as a device of this width and pointer would. */
function device(width: number, pointer: 'coarse' | 'fine') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_MEDIA_QUERY ? width <= 767 && pointer === 'coarse' : false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const app = <p>The app</p>;

describe('desktop-only notice', () => {
  it('shows on a phone (390 px, touch) instead of the app, naming a desktop browser', () => {
    device(390, 'coarse');
    renderWithTheme(<DesktopOnlyGate>{app}</DesktopOnlyGate>);
    expect(screen.queryByText('The app')).toBeNull();
    expect(
      screen.getByRole('heading', { name: 'Teamtrail is only supported on desktop at this time' }),
    ).toBeTruthy();
    expect(screen.getByTestId('desktop-only-notice').textContent).toContain(
      'Please open this URL in a desktop browser, preferably Google Chrome',
    );
    expect(screen.getByText(window.location.href)).toBeTruthy();
  });

  it('does not show on a desktop (1440 px, mouse)', () => {
    device(1440, 'fine');
    renderWithTheme(<DesktopOnlyGate>{app}</DesktopOnlyGate>);
    expect(screen.getByText('The app')).toBeTruthy();
    expect(screen.queryByTestId('desktop-only-notice')).toBeNull();
  });

  it('does not show in a narrow desktop window (mouse)', () => {
    device(600, 'fine');
    renderWithTheme(<DesktopOnlyGate>{app}</DesktopOnlyGate>);
    expect(screen.getByText('The app')).toBeTruthy();
  });

  it('asks for a narrow screen with a coarse pointer', () => {
    expect(PHONE_MEDIA_QUERY).toBe('(max-width: 767px) and (pointer: coarse)');
  });
});
