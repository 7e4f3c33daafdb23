/**
 * Business constants of SPEC §9 (and the few SPEC §3/§4 values that are constants too: the video
 * catalogue, tour ids). Shared by the browser app and the server, so every number lives here once.
 */
import type { Duration } from './enums';

export const PRODUCT_NAME = 'Teamtrail';

/** SPEC §9 Support contact: the subject of the "Contact Support" mail link. */
export const ERROR_MAIL_SUBJECT = `${PRODUCT_NAME} Error`;

/**
 * SPEC §9 Support contact defaults, used when the build sets no VITE_SUPPORT_PHONE /
 * VITE_SUPPORT_EMAIL. The number is in Ofcom's range reserved for fiction, the address on a
 * reserved domain: a deployment must configure real ones.
 */
export const DEFAULT_SUPPORT_PHONE = '+44 20 7946 0000';
export const DEFAULT_SUPPORT_EMAIL = 'support@teamtrail.example';

// ---------------------------------------------------------------------------------------------
// External pages (SPEC §1 marketing links, §2.2 footer). {host} is the marketing site.

export const MARKETING_SITE_URL = 'https://teamtrail.example';
/**
 * The pricing and meeting-booking pages (SPEC §1 marketing links: "View plans", "Contact Us",
 * "Request a theme", "Upgrade - Contact us"). By default the app's own pages (ARCHITECTURE.md:
 * never a dead host); a deployment may point them elsewhere (src/ui/marketingLinks.ts).
 */
export const DEFAULT_PRICING_PATH = '/pricing';
export const DEFAULT_BOOKING_PATH = '/contact';

/** SPEC §2.2 Layout A footer, in order. */
export const FOOTER_LINKS = [
  { label: 'Terms of Use', href: `${MARKETING_SITE_URL}/terms` },
  { label: 'Privacy Policy', href: `${MARKETING_SITE_URL}/privacy` },
  { label: 'Licence Agreement', href: `${MARKETING_SITE_URL}/licence` },
] as const;

// ---------------------------------------------------------------------------------------------
// Tasks and durations

export const TASK_COUNTS = [10, 20, 30] as const;
export type TaskCount = (typeof TASK_COUNTS)[number];
export const DEFAULT_TASK_COUNT: TaskCount = 20;
/** 30 is shown but disabled everywhere. */
export const DISABLED_TASK_COUNTS: readonly TaskCount[] = [30];
/** The AI wizard (SPEC §2.4) offers 10 and 20. */
export const WIZARD_TASK_COUNTS: readonly TaskCount[] = [10, 20];
/** The "Create new game" dialog (SPEC §2.5) offers only 20. */
export const DIALOG_TASK_COUNTS: readonly TaskCount[] = [20];

export type TaskCountFlow = 'wizard' | 'dialog';

/** Whether a task-count option is enabled in the given creation flow. */
export function isTaskCountSelectable(count: number, flow: TaskCountFlow): boolean {
  const enabled = flow === 'wizard' ? WIZARD_TASK_COUNTS : DIALOG_TASK_COUNTS;
  return (enabled as readonly number[]).includes(count);
}

export const HALF_DAY_MINUTES = 720;
export const FULL_DAY_MINUTES = 1440;
/** Durations up to this many minutes are shown as "N mins". */
const MINUTES_DISPLAY_MAX = 120;

/** SPEC §9: up to 120 shows "N mins"; 720 shows "Half Day"; otherwise "Full Day". */
export function formatDuration(minutes: number): string {
  if (minutes <= MINUTES_DISPLAY_MAX) return `${minutes} mins`;
  if (minutes === HALF_DAY_MINUTES) return 'Half Day';
  return 'Full Day';
}

/** Labels of the six durations, e.g. for the library's Duration filter. */
export const durationLabel = (duration: Duration): string => formatDuration(duration);

// ---------------------------------------------------------------------------------------------
// Timing

export const AI_CREATE_DELAY_MS = 3000;
export const POLL_INTERVAL_MS = 5000;
export const COMPLETE_REDIRECT_MS = 2000;
/** The time the waiting screen promises ("shouldn't take longer than 30 seconds"). */
export const STATED_GENERATION_SECONDS = 30;
export const AUTOSAVE_CHECK_MS = 2000;
/** Autosave waits until the last mouse or key press is at least this old. */
export const AUTOSAVE_IDLE_MS = 2000;
export const TUTORIAL_DELAY_MS = 1000;
export const AUTH_READY_CHECK_MS = 100;

/** The authentication provider's script loader. */
export const AUTH_SCRIPT_LOAD_TIMEOUT_MS = 15_000;
export const AUTH_SCRIPT_MAX_RETRIES = 5;
export const AUTH_SCRIPT_RETRY_INITIAL_MS = 125;

/** The error-reporting service's transport. */
export const ERROR_REPORTING_NAMESPACE = 'frontend';
export const ERROR_REPORTING_MAX_RETRIES = 5;
export const ERROR_REPORTING_RETRY_INITIAL_MS = 1000;

// ---------------------------------------------------------------------------------------------
// Demo and launch

/** "10 minute demo": a demo game's code is valid this long. */
export const DEMO_VALIDITY_MINUTES = 10;

// ---------------------------------------------------------------------------------------------
// Colours and sizes

/** SPEC §9, in the order the colour picker shows them. */
export const BRANDING_COLOUR_PRESETS = [
  '#FFFFFF',
  '#000000',
  '#FF6800',
  '#FCB900',
  '#7BDCB4',
  '#00D084',
  '#8FD1FC',
  '#0393E3',
  '#AAB8C3',
  '#EB144C',
  '#F78DA7',
  '#9900EF',
  '#BF00EF',
  '#EF0073',
  '#00E1EF',
  '#00EFA7',
] as const;

export const TOUR_PRIMARY_COLOUR = '#6465c7';

export interface Dimensions {
  readonly width: number;
  readonly height: number;
}

export const PHONE_PREVIEW: Dimensions = { width: 376, height: 816 };
/** Stated to users for the branding logo ("Max dimensions: 280x60 pixels"). */
export const LOGO_MAX: Dimensions = { width: 280, height: 60 };

// ---------------------------------------------------------------------------------------------
// Cookies and local storage

export interface CookieSpec {
  readonly name: string;
  readonly path: string;
  readonly secure: boolean;
  /**
   * SPEC only says "same-site". Lax is chosen: both cookies are read by script, and Lax keeps them
   * on the top-level navigation back from the sign-in provider.
   */
  readonly sameSite: 'Lax';
  /** True when the cookie is set with `domain={host}` (the configured host). */
  readonly hostDomain: boolean;
}

export const ANON_ID_COOKIE: CookieSpec = {
  name: 'wgAnonId',
  path: '/',
  secure: true,
  sameSite: 'Lax',
  hostDomain: false,
};

export const LAST_TEMPLATE_ID_COOKIE: CookieSpec = {
  name: 'wglastTemplateId',
  path: '/',
  secure: true,
  sameSite: 'Lax',
  hostDomain: true,
};

export const TUTORIAL_STORAGE_KEY = 'activityBuilderTutorialPlayOnce';
export const TUTORIAL_PLAYED_VALUE = 'yes';

/** Guided tours (SPEC §4): each key is also the local storage key set to 'completed'. */
export const TOUR_IDS = [
  'gameBuilderOverviewTour',
  'gameBuilderTaskTour',
  'gameStylingOverviewTour',
] as const;
export type TourId = (typeof TOUR_IDS)[number];
export const TOUR_COMPLETED_VALUE = 'completed';

/** The builder sub-path, relative to /builder/{id}, on which each tour runs. */
export const TOUR_BUILDER_PATHS: Readonly<Record<TourId, string>> = {
  gameBuilderOverviewTour: '',
  gameBuilderTaskTour: 'tasks',
  gameStylingOverviewTour: 'styling',
};

// ---------------------------------------------------------------------------------------------
// Dates

export const DISPLAY_DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
/** Scheduling window (SPEC §9): from today to this many years ahead. */
export const SCHEDULE_WINDOW_YEARS = 1;

const pad2 = (n: number): string => String(n).padStart(2, '0');

/*
 * One way to write a moment, everywhere (dialogs, live screens, phones, menus): SPEC's
 * DD/MM/YYYY HH:mm, 24-hour, in the local time zone; a moment of today as its time alone. Not
 * the browser's locale: an English page reading "Nov 26, 12:00 AM" on one screen and
 * "26/11/2026 00:00" on the next looked like two products.
 */

/**
 * Formats a moment as DD/MM/YYYY HH:mm in the local time zone (the join-info dialog). An invalid
 * date gives an empty string rather than "NaN/NaN/NaN".
 */
export function formatDisplayDateTime(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const day = pad2(date.getDate());
  const month = pad2(date.getMonth() + 1);
  const year = String(date.getFullYear()).padStart(4, '0');
  return `${day}/${month}/${year} ${formatDisplayTime(date)}`;
}

/** A moment's time of day as HH:mm, 24-hour, in the local time zone; invalid: empty. */
export function formatDisplayTime(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** "14:30" for a moment of `today`'s date, "04/03/2026 14:30" for any other day. */
export function formatDisplayMoment(date: Date, today: Date = new Date()): string {
  return date.toDateString() === today.toDateString()
    ? formatDisplayTime(date)
    : formatDisplayDateTime(date);
}

// ---------------------------------------------------------------------------------------------
// Video catalogue (SPEC §3)

export const VIDEO_CATALOGUE = {
  welcome_to_teamtrail: `Welcome to ${PRODUCT_NAME}`,
  creating_from_blank: 'Creating an activity from a blank template',
  creating_from_semi_themed: 'Creating an activity from a semi-themed template',
  creating_from_themed: 'Creating an activity from a themed template',
  activity_builder_tutorial: 'Activity Builder Tutorial',
} as const;
export type VideoSlug = keyof typeof VIDEO_CATALOGUE;

export const WELCOME_VIDEO_SLUG: VideoSlug = 'welcome_to_teamtrail';
export const TUTORIAL_VIDEO_SLUG: VideoSlug = 'activity_builder_tutorial';

export const videoUrl = (slug: VideoSlug): string => `/video/${slug}.mp4`;
export const videoTitle = (slug: VideoSlug): string => VIDEO_CATALOGUE[slug];
