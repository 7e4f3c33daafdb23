/**
 * Clerk hands its router functions either a path or a full URL. A URL of this app becomes a path
 * for the app's router; anything else (Clerk's hosted pages) is left for a full navigation.
 */
export function appPath(to: string, origin: string = location.origin): string | null {
  try {
    const url = new URL(to, origin);
    if (url.origin !== origin) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}
