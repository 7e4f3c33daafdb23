/** Starts the telemetry services the build configures (src/telemetry/config.ts); never throws. */
import { startAnalytics } from './analytics';
import { telemetryConfig, type TelemetryConfig } from './config';
import { startErrorReporting } from './errorReporting';

export function startTelemetry(config: TelemetryConfig = telemetryConfig()): void {
  try {
    if (config.sentryDsn) void startErrorReporting(config.sentryDsn);
    if (config.posthogKey) void startAnalytics(config.posthogKey, config.posthogHost);
  } catch (error) {
    console.warn('Telemetry could not start; the app goes on without it', error);
  }
}
