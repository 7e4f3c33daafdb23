// @vitest-environment happy-dom
/**
 * Error reporting with Sentry (SPEC §1 Supporting services, §4 Error boundary, §8 Uncaught
 * rendering errors, §9 Services): the error boundaries report what they catch, tagged with the
 * UI framework and an optional action name; the service is set up with namespace "frontend"
 * and a retrying transport; the sign-in provider failing offline is not an error to report.
 * The SDK is a stand-in; nothing leaves the machine.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type * as ReportingModule from '../../../src/telemetry/errorReporting';

const sentry = vi.hoisted(() => {
  const scope = { tags: {} as Record<string, string>, contexts: {} as Record<string, unknown> };
  const fake = {
    imported: 0,
    scope,
    captured: [] as {
      error: unknown;
      tags: Record<string, string>;
      contexts: Record<string, unknown>;
    }[],
    init: vi.fn(),
    setUser: vi.fn(),
    makeFetchTransport: vi.fn(),
    captureException: vi.fn((error: unknown) => {
      fake.captured.push({ error, tags: { ...scope.tags }, contexts: { ...scope.contexts } });
      return 'event-id';
    }),
    withScope: (callback: (s: unknown) => void) => {
      scope.tags = {};
      scope.contexts = {};
      callback({
        setTag: (key: string, value: string) => (scope.tags[key] = value),
        setContext: (key: string, value: unknown) => (scope.contexts[key] = value),
      });
      scope.tags = {};
      scope.contexts = {};
    },
  };
  return fake;
});

vi.mock('@sentry/react', () => {
  sentry.imported += 1;
  return sentry;
});

let reporting: typeof ReportingModule;

beforeEach(async () => {
  vi.resetModules();
  vi.stubEnv('VITE_SENTRY_DSN', 'https://public@o1.ingest.sentry.io/1');
  sentry.imported = 0;
  sentry.captured.length = 0;
  sentry.init.mockClear();
  sentry.captureException.mockClear();
  reporting = await import('../../../src/telemetry/errorReporting');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('The step list is broken');
}

describe('SPEC §9 the error-reporting service', () => {
  it('is set up with its public key, namespace "frontend" and a retrying transport', async () => {
    expect(await reporting.startErrorReporting('https://public@o1.ingest.sentry.io/1')).toBe(true);
    const options = sentry.init.mock.calls[0]![0];
    expect(options).toMatchObject({
      dsn: 'https://public@o1.ingest.sentry.io/1',
      initialScope: { tags: { namespace: 'frontend' } },
    });
    expect(typeof options.transport).toBe('function');
    expect(options.transport).not.toBe(sentry.makeFetchTransport);
  });

  it('does not report the sign-in provider failing to load (offline is a normal state)', async () => {
    await reporting.startErrorReporting('https://public@o1.ingest.sentry.io/1');
    const { beforeSend } = sentry.init.mock.calls[0]![0];
    const event = { message: 'x' };
    for (const code of ['failed_to_load_clerk_js', 'failed_to_load_clerk_js_timeout']) {
      expect(beforeSend(event, { originalException: { code } })).toBeNull();
    }
    expect(beforeSend(event, { originalException: new Error('real bug') })).toBe(event);
  });

  it('holds an uncaught error thrown before the SDK has loaded, and sends it once it has', async () => {
    const started = reporting.startErrorReporting('https://public@o1.ingest.sentry.io/1');
    const early = new Error('thrown during boot');
    window.dispatchEvent(new ErrorEvent('error', { error: early, message: early.message }));
    await started;
    expect(sentry.captureException).toHaveBeenCalledWith(early);
  });
});

describe('SPEC §4 Error boundary: the error is reported, tagged with the UI framework and an optional action name', () => {
  it('the app’s boundary reports with framework "react", the action and the component stack', async () => {
    await reporting.startErrorReporting('https://public@o1.ingest.sentry.io/1');
    const { AppErrorBoundary } = await import('../../../src/app/AppErrorBoundary');
    render(
      <MantineProvider>
        <AppErrorBoundary action="builder">
          <Broken />
        </AppErrorBoundary>
      </MantineProvider>,
    );
    expect(await screen.findByText("It's not you, it's us!")).toBeTruthy();
    expect(sentry.captured).toHaveLength(1);
    const [report] = sentry.captured;
    expect((report!.error as Error).message).toBe('The step list is broken');
    expect(report!.tags).toEqual({ framework: 'react', action: 'builder' });
    expect(report!.contexts.react).toMatchObject({
      componentStack: expect.stringContaining('Broken'),
    });
  });

  it('a route group’s error screen reports too; a 404 is not an error', async () => {
    await reporting.startErrorReporting('https://public@o1.ingest.sentry.io/1');
    const { RouteErrorScreen } = await import('../../../src/ui/RouteErrorScreen');
    const { data } = await import('react-router');
    const router = createMemoryRouter(
      [
        {
          path: '/broken',
          element: <Broken />,
          errorElement: <RouteErrorScreen action="wizard" />,
        },
        {
          path: '/missing',
          loader: () => {
            throw data(null, { status: 404 });
          },
          element: <p>never</p>,
          errorElement: <RouteErrorScreen />,
        },
      ],
      { initialEntries: ['/broken'] },
    );
    render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(await screen.findByText("It's not you, it's us!")).toBeTruthy();
    expect(sentry.captured.map((c) => c.tags)).toEqual([{ framework: 'react', action: 'wizard' }]);

    await router.navigate('/missing');
    await screen.findByText(/not found|no page|404/i);
    expect(sentry.captured).toHaveLength(1);
  });

  it('without VITE_SENTRY_DSN the boundary still shows the fallback, and nothing is loaded', async () => {
    vi.stubEnv('VITE_SENTRY_DSN', '');
    const { AppErrorBoundary } = await import('../../../src/app/AppErrorBoundary');
    render(
      <MantineProvider>
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </MantineProvider>,
    );
    expect(await screen.findByText("It's not you, it's us!")).toBeTruthy();
    // Proving that nothing is loaded needs a wait: time for a dynamic import to have landed.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sentry.imported).toBe(0);
    expect(sentry.captureException).not.toHaveBeenCalled();
  });
});
