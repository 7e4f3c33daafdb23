/**
 * Which telemetry services the build turns on (ARCHITECTURE.md Telemetry): Sentry with
 * VITE_SENTRY_DSN, PostHog with VITE_POSTHOG_KEY (and VITE_POSTHOG_HOST). Without them both are
 * off, their code is never downloaded, and the app behaves the same.
 */
export interface TelemetryConfig {
  readonly sentryDsn: string | null;
  readonly posthogKey: string | null;
  /** null: PostHog's own default host. */
  readonly posthogHost: string | null;
}

const configured = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export function telemetryConfig(
  env: Record<string, unknown> = import.meta.env as Record<string, unknown>,
): TelemetryConfig {
  return {
    sentryDsn: configured(env.VITE_SENTRY_DSN),
    posthogKey: configured(env.VITE_POSTHOG_KEY),
    posthogHost: configured(env.VITE_POSTHOG_HOST),
  };
}
