/**
 * Product analytics (SPEC §1 Supporting services, §2.2 Analytics, §4 Authentication, §9
 * Services) with PostHog, when VITE_POSTHOG_KEY is set: a page view on every change of pathname
 * (PostHog's automatic capture is off), the user's identity on sign-in, a reset on sign-out.
 * Person profiles only for identified users. Off, nothing is loaded and nothing is sent.
 */
import type { PostHog, PostHogConfig } from 'posthog-js';
import { lazyClient, type LazyClient } from './lazyClient';

/** SPEC §3 User: "the user id, emailAddress, firstName and lastName from the sign-in provider". */
export interface AnalyticsPerson {
  readonly id: string;
  readonly email: string | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
}

export function analyticsOptions(host: string | null): Partial<PostHogConfig> {
  return {
    ...(host ? { api_host: host } : {}),
    capture_pageview: false,
    autocapture: false,
    person_profiles: 'identified_only',
  };
}

// The condition is the build's literal: without a key the bundler drops the import, so the SDK
// is neither built nor precached for offline use.
const loadPostHog = (): Promise<PostHog> =>
  import.meta.env.VITE_POSTHOG_KEY
    ? import('posthog-js').then((module) => module.default)
    : Promise.reject(new Error('VITE_POSTHOG_KEY is not set'));

let client: LazyClient<PostHog> | null = null;

/** Starts PostHog (once); resolves whether it could. */
export function startAnalytics(
  key: string,
  host: string | null,
  load: () => Promise<PostHog> = loadPostHog,
): Promise<boolean> {
  if (client) return client.ready;
  client = lazyClient(async () => {
    const posthog = await load();
    posthog.init(key, analyticsOptions(host));
    return posthog;
  });
  return client.ready;
}

/** A page view of `url`, taken now (a view queued before PostHog loaded keeps its own URL). */
export function capturePageView(url: string): void {
  client?.run((posthog) => posthog.capture('$pageview', { $current_url: url }));
}

/** Identifies the user, unless analytics already knows them (SPEC §4 "if not yet identified"). */
export function identifyUser(person: AnalyticsPerson): void {
  client?.run((posthog) => {
    if (posthog.get_distinct_id() === person.id) return;
    posthog.identify(person.id, {
      // SPEC §3's names, and PostHog's own `email`, which its person list shows.
      emailAddress: person.email,
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
    });
  });
}

/** Forgets the identity, so that whatever happens next is not put on the user (SPEC §4). */
export function resetIdentity(): void {
  client?.run((posthog) => posthog.reset());
}
