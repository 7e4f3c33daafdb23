/**
 * Error reporting (SPEC §1 Supporting services, §4 Error boundary, §9 Services) with Sentry,
 * when VITE_SENTRY_DSN is set: uncaught errors (Sentry's global handlers, and a stopgap that
 * holds the ones thrown before the SDK has loaded), and what the error boundaries catch, tagged
 * with the UI framework and an optional action name. Off, nothing is loaded and nothing is sent.
 */
import type * as SentryModule from '@sentry/react';
import type { BrowserOptions } from '@sentry/react';
import { ERROR_REPORTING_NAMESPACE } from '../domain/constants';
import { lazyClient, type LazyClient } from './lazyClient';
import { withRetries } from './retryingTransport';

type Sentry = typeof SentryModule;

/** The tag value of SPEC §4 "tagged with the UI framework". */
export const UI_FRAMEWORK = 'react';

export interface ErrorContext {
  /** What the user was doing, when the place that caught the error knows it. */
  readonly action?: string;
  readonly componentStack?: string | null;
}

const RELEASE = `teamtrail@${typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev'}`;

/**
 * Expected failures that are not bugs: the sign-in provider's script not loading offline or
 * when blocked (SPEC §8 failed_to_load_clerk_js, failed_to_load_clerk_js_timeout) and its offline
 * token error. The app handles them as a guest session; reporting them would drown real errors.
 */
export function isExpectedOfflineFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    (code.startsWith('failed_to_load_clerk_js') ||
      code === 'failed_to_load_clerk_ui' ||
      code === 'clerk_offline')
  );
}

export function sentryOptions(
  sentry: Pick<Sentry, 'makeFetchTransport'>,
  dsn: string,
): BrowserOptions {
  return {
    dsn,
    release: RELEASE,
    environment: import.meta.env.MODE,
    initialScope: { tags: { namespace: ERROR_REPORTING_NAMESPACE } },
    transport: withRetries(sentry.makeFetchTransport),
    beforeSend: (event, hint) => (isExpectedOfflineFailure(hint.originalException) ? null : event),
  };
}

// The condition is the build's literal: without a DSN the bundler drops the import, so the SDK
// is neither built nor precached for offline use.
const loadSentry = (): Promise<Sentry> =>
  import.meta.env.VITE_SENTRY_DSN
    ? import('@sentry/react')
    : Promise.reject(new Error('VITE_SENTRY_DSN is not set'));

let client: LazyClient<Sentry> | null = null;

/** Starts Sentry (once); resolves whether it could. */
export function startErrorReporting(
  dsn: string,
  load: () => Promise<Sentry> = loadSentry,
): Promise<boolean> {
  if (client) return client.ready;
  const started = lazyClient(async () => {
    const sentry = await load();
    sentry.init(sentryOptions(sentry, dsn));
    return sentry;
  });
  client = started;

  // Until the SDK is there, uncaught errors wait in the client's queue; afterwards Sentry's own
  // handlers see them, so these listeners step aside.
  const onError = (event: ErrorEvent) =>
    started.run((sentry) => sentry.captureException(event.error ?? event.message));
  const onRejection = (event: PromiseRejectionEvent) =>
    started.run((sentry) => sentry.captureException(event.reason));
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  void started.ready.then(() => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  });
  return started.ready;
}

/** Reports an error an error boundary caught (SPEC §4 Error boundary). */
export function reportError(error: unknown, context: ErrorContext = {}): void {
  client?.run((sentry) =>
    sentry.withScope((scope) => {
      scope.setTag('framework', UI_FRAMEWORK);
      if (context.action) scope.setTag('action', context.action);
      if (context.componentStack)
        scope.setContext('react', { componentStack: context.componentStack });
      sentry.captureException(error);
    }),
  );
}

/** Whose session an error happened in: the user id only, never their e-mail or name. */
export function setReportedUser(userId: string | null): void {
  client?.run((sentry) => sentry.setUser(userId ? { id: userId } : null));
}
