/** Reading and writing the cookies of SPEC §9 with their attributes. */
import type { CookieSpec } from '../domain/constants';

/** A year: the anonymous id must outlive a guest's days of building before sign-up. */
const COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function writeCookie(spec: CookieSpec, value: string): void {
  if (typeof document === 'undefined') return;
  const attributes = [
    `${spec.name}=${encodeURIComponent(value)}`,
    `path=${spec.path}`,
    `max-age=${COOKIE_MAX_AGE_SECONDS}`,
    `samesite=${spec.sameSite}`,
  ];
  // A secure cookie is not kept over plain http (a laptop on a local network): only ask for it
  // where the page itself is secure.
  if (spec.secure && location.protocol === 'https:') attributes.push('secure');
  document.cookie = attributes.join('; ');
}
