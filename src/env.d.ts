/** Build-time constants defined in vite.config.ts. */
declare const __APP_VERSION__: string;

/** The build's settings read by the web app (README "Web app settings"); all optional. */
interface ImportMetaEnv {
  /** Clerk signs users in instead of the server's own accounts (docs/auth.md). */
  readonly VITE_CLERK_PUBLISHABLE_KEY?: string;
  /** Sentry error reporting (src/telemetry). */
  readonly VITE_SENTRY_DSN?: string;
  /** PostHog analytics (src/telemetry); the host defaults to PostHog's own. */
  readonly VITE_POSTHOG_KEY?: string;
  readonly VITE_POSTHOG_HOST?: string;
  readonly VITE_PRICING_URL?: string;
  readonly VITE_BOOKING_URL?: string;
  readonly VITE_SUPPORT_PHONE?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_RXDB_DEV_MODE?: string;
}
