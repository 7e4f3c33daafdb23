/**
 * SPEC §1 marketing links, from the build's configuration (VITE_PRICING_URL, VITE_BOOKING_URL)
 * with the app's own /pricing and /contact pages as defaults. `external` tells a link whether to
 * open a new tab (another site) or stay in the app.
 */
import { DEFAULT_BOOKING_PATH, DEFAULT_PRICING_PATH } from '../domain/constants';

export interface MarketingLink {
  readonly href: string;
  readonly external: boolean;
}

const configured = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

function link(value: unknown, fallback: string): MarketingLink {
  const href = configured(value) ?? fallback;
  return { href, external: /^https?:\/\//i.test(href) };
}

/** "View plans" and the pricing links. */
export const PRICING_LINK = link(import.meta.env.VITE_PRICING_URL, DEFAULT_PRICING_PATH);
/** "Contact Us", "Request a theme", "Upgrade - Contact us": the meeting-booking page. */
export const BOOKING_LINK = link(import.meta.env.VITE_BOOKING_URL, DEFAULT_BOOKING_PATH);

/** Props for an anchor: a new tab for another site, the same tab for the app's own page. */
export const linkProps = (target: MarketingLink) =>
  target.external
    ? { href: target.href, target: '_blank', rel: 'noopener noreferrer' }
    : { href: target.href };
