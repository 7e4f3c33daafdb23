// @vitest-environment happy-dom
/** SPEC §2.10 fallback error screen, and where it is shown (the app's boundary, route groups). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { data } from 'react-router';
import { AppErrorBoundary } from '../../../src/app/AppErrorBoundary';
import { FallbackErrorScreen } from '../../../src/ui/FallbackErrorScreen';
import { RouteErrorScreen } from '../../../src/ui/RouteErrorScreen';
import { SUPPORT_CONTACT, telHref } from '../../../src/ui/supportContact';
import { DEFAULT_SUPPORT_EMAIL, DEFAULT_SUPPORT_PHONE } from '../../../src/domain/constants';
import { renderRoutes, renderWithTheme } from './render';

const CONTACT = { phone: '+44 20 7946 0123', email: 'help@example.org' };

beforeEach(() => {
  // React and the boundaries log the errors these tests throw on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('fallback error screen', () => {
  it('shows, in order: the logo, the heading, the two texts, the phone, the e-mail, "Call Us", "Contact Support"', () => {
    renderWithTheme(<FallbackErrorScreen contact={CONTACT} />);
    const root = screen.getByTestId('fallback-error-screen');
    const expected = [
      'Teamtrail',
      "It's not you, it's us!",
      'We have received a notification of this error and our developers are looking into it.',
      'If you need help from our user service team, please do not hesitate to contact us:',
      '+44 20 7946 0123',
      'help@example.org',
      'Call Us',
      'Contact Support',
    ];
    const text = root.textContent ?? '';
    let from = 0;
    for (const part of expected) {
      const at = text.indexOf(part, from);
      expect(at, `"${part}" after position ${from}`).toBeGreaterThanOrEqual(0);
      from = at + part.length;
    }
    expect(within(root).getByRole('img', { name: 'Teamtrail' })).toBeTruthy();
    expect(within(root).getByRole('heading', { level: 1 }).textContent).toBe(
      "It's not you, it's us!",
    );
    // The phone and e-mail lines each have an icon.
    expect(within(root).getByTestId('support-phone').querySelector('svg')).toBeTruthy();
    expect(within(root).getByTestId('support-email').querySelector('svg')).toBeTruthy();
  });

  it('"Call Us" opens a telephone link; "Contact Support" a mail link with the subject "Teamtrail Error"', () => {
    renderWithTheme(<FallbackErrorScreen contact={CONTACT} />);
    expect(screen.getByRole('link', { name: 'Call Us' }).getAttribute('href')).toBe(
      'tel:+442079460123',
    );
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(
      'mailto:help@example.org?subject=Teamtrail%20Error',
    );
  });

  it('takes the support contact from configuration, with defaults', () => {
    expect(SUPPORT_CONTACT).toEqual({ phone: DEFAULT_SUPPORT_PHONE, email: DEFAULT_SUPPORT_EMAIL });
    expect(telHref('+1 (555) 010-9999')).toBe('tel:+15550109999');
    expect(telHref('020 7946 0000')).toBe('tel:02079460000');
  });

  it('is shown by the app error boundary for an unhandled rendering error', () => {
    function Broken(): never {
      throw new Error('boom');
    }
    renderWithTheme(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: "It's not you, it's us!" })).toBeTruthy();
  });
});

describe('route-group error screen', () => {
  function Broken(): never {
    throw new Error('boom');
  }

  it('shows the fallback screen for an unexpected error', async () => {
    renderRoutes([{ path: '/', element: <Broken />, errorElement: <RouteErrorScreen /> }], ['/']);
    expect(await screen.findByRole('heading', { name: "It's not you, it's us!" })).toBeTruthy();
  });

  it('keeps the 404 page for a 404 response', async () => {
    renderRoutes(
      [
        {
          path: '/builder/:id',
          loader: () => {
            throw data(null, { status: 404 });
          },
          element: <p>builder</p>,
          hydrateFallbackElement: <p>Loading</p>,
          errorElement: <RouteErrorScreen />,
        },
      ],
      ['/builder/missing'],
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
