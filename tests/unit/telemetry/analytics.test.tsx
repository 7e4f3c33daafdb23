// @vitest-environment happy-dom
/**
 * Product analytics with PostHog (SPEC §1, §2.2, §4 Authentication, §9 Services): automatic
 * page views and autocapture off, person profiles for identified users only, the user identified
 * once on sign-in with id, e-mail, first and last name, the identity reset on sign-out. The SDK
 * is a stand-in; nothing leaves the machine.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import type { AuthContextValue, AuthState } from '../../../src/auth/types';
import type * as AnalyticsModule from '../../../src/telemetry/analytics';

const posthog = vi.hoisted(() => {
  const fake = {
    distinctId: 'anonymous-1',
    imported: 0,
    init: vi.fn(),
    capture: vi.fn(),
    identify: vi.fn((id: string) => {
      fake.distinctId = id;
    }),
    reset: vi.fn(() => {
      fake.distinctId = 'anonymous-2';
    }),
    get_distinct_id: () => fake.distinctId,
  };
  return fake;
});

vi.mock('posthog-js', () => {
  posthog.imported += 1;
  return { default: posthog };
});

let analytics: typeof AnalyticsModule;

beforeEach(async () => {
  vi.resetModules();
  vi.stubEnv('VITE_POSTHOG_KEY', 'phc_test');
  posthog.distinctId = 'anonymous-1';
  posthog.imported = 0;
  for (const fn of [posthog.init, posthog.capture, posthog.identify, posthog.reset]) fn.mockClear();
  analytics = await import('../../../src/telemetry/analytics');
});

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

describe('SPEC §9 analytics settings', () => {
  it('starts PostHog with automatic page views and autocapture off, profiles for identified users only', async () => {
    expect(await analytics.startAnalytics('phc_test', 'https://eu.i.posthog.com')).toBe(true);
    expect(posthog.init).toHaveBeenCalledWith('phc_test', {
      api_host: 'https://eu.i.posthog.com',
      capture_pageview: false,
      autocapture: false,
      person_profiles: 'identified_only',
    });
  });

  it('a page view asked for before PostHog has loaded is sent once it has, with its own URL', async () => {
    const started = analytics.startAnalytics('phc_test', null);
    analytics.capturePageView('http://localhost/templates');
    expect(posthog.capture).not.toHaveBeenCalled();
    await started;
    expect(posthog.capture).toHaveBeenCalledWith('$pageview', {
      $current_url: 'http://localhost/templates',
    });
    expect(posthog.init.mock.calls[0]![1]).not.toHaveProperty('api_host');
  });

  it('never throws into the app when PostHog fails', async () => {
    posthog.capture.mockImplementationOnce(() => {
      throw new Error('blocked');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await analytics.startAnalytics('phc_test', null);
    expect(() => analytics.capturePageView('http://localhost/')).not.toThrow();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('SPEC §4 on sign-in: identify once; on sign-out: reset', () => {
  const OLIVE: AuthState = {
    status: 'signedIn',
    user: {
      id: 'user_olive',
      email: 'olive@example.com',
      name: 'Olive Organiser',
      firstName: 'Olive',
      lastName: 'Organiser',
      plan: 'FREE',
      restricted: false,
    },
  };
  const GUEST: AuthState = { status: 'signedOut', user: null };

  async function renderWith(initial: AuthState) {
    const { AuthContext } = await import('../../../src/auth/context');
    const { AccountTelemetry } = await import('../../../src/telemetry/AccountTelemetry');
    const value = (state: AuthState) => ({ state }) as unknown as AuthContextValue;
    const view = render(
      <AuthContext.Provider value={value(initial)}>
        <AccountTelemetry />
      </AuthContext.Provider>,
    );
    return (state: AuthState) =>
      view.rerender(
        <AuthContext.Provider value={value(state)}>
          <AccountTelemetry />
        </AuthContext.Provider>,
      );
  }

  it('identifies the user with id, e-mail, first and last name, once', async () => {
    await analytics.startAnalytics('phc_test', null);
    const show = await renderWith(GUEST);
    act(() => show(OLIVE));
    act(() => show({ ...OLIVE, user: { ...OLIVE.user!, plan: 'PRO' } }));
    expect(posthog.identify).toHaveBeenCalledTimes(1);
    expect(posthog.identify).toHaveBeenCalledWith('user_olive', {
      emailAddress: 'olive@example.com',
      email: 'olive@example.com',
      firstName: 'Olive',
      lastName: 'Organiser',
    });
  });

  it('does not identify again a user analytics already knows (a reload)', async () => {
    posthog.distinctId = 'user_olive';
    await analytics.startAnalytics('phc_test', null);
    await renderWith(OLIVE);
    expect(posthog.identify).not.toHaveBeenCalled();
  });

  it('resets the identity on sign-out, and not for a guest who never signed in', async () => {
    await analytics.startAnalytics('phc_test', null);
    const show = await renderWith(GUEST);
    expect(posthog.reset).not.toHaveBeenCalled();
    act(() => show(OLIVE));
    act(() => show(GUEST));
    expect(posthog.reset).toHaveBeenCalledTimes(1);
  });
});

describe('ARCHITECTURE.md Telemetry: off when not configured', () => {
  it('loads no SDK and does nothing without VITE_POSTHOG_KEY or VITE_SENTRY_DSN', async () => {
    const { telemetryConfig } = await import('../../../src/telemetry/config');
    const { startTelemetry } = await import('../../../src/telemetry/telemetry');
    const config = telemetryConfig({ VITE_POSTHOG_KEY: '  ', VITE_SENTRY_DSN: '' });
    expect(config).toEqual({ sentryDsn: null, posthogKey: null, posthogHost: null });
    startTelemetry(config);
    analytics.capturePageView('http://localhost/');
    analytics.identifyUser({ id: 'u', email: null, firstName: null, lastName: null });
    analytics.resetIdentity();
    // Proving that nothing is loaded needs a wait: time for a dynamic import to have landed.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(posthog.imported).toBe(0);
    expect(posthog.capture).not.toHaveBeenCalled();
  });

  it('turns PostHog on with its key and host from the build', async () => {
    const { telemetryConfig } = await import('../../../src/telemetry/config');
    expect(
      telemetryConfig({ VITE_POSTHOG_KEY: 'phc_1', VITE_POSTHOG_HOST: 'https://ph.example' }),
    ).toEqual({ sentryDsn: null, posthogKey: 'phc_1', posthogHost: 'https://ph.example' });
  });
});
