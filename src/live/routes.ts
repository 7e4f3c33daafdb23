/**
 * The live screens' addresses: /live/{gameId}/{scoreboard|presentation|statistics}?key={key}.
 * A tiny path switch rather than a router: three screens, no navigation between them.
 */

export const LIVE_SCREENS = ['scoreboard', 'presentation', 'statistics'] as const;
export type LiveScreen = (typeof LIVE_SCREENS)[number];

export const LIVE_SCREEN_TITLES: Record<LiveScreen, string> = {
  scoreboard: 'Scoreboard',
  presentation: 'Presentation',
  statistics: 'Statistics',
};

export interface LiveRoute {
  gameId: string;
  screen: LiveScreen;
  /** The game's screen key from ?key=; null when the address has none. */
  key: string | null;
}

const isScreen = (value: string): value is LiveScreen =>
  (LIVE_SCREENS as readonly string[]).includes(value);

/** The route of a location, or null for an address that is none of the three screens. */
export function parseLiveRoute(pathname: string, search: string): LiveRoute | null {
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length !== 3 || parts[0] !== 'live') return null;
  const [, rawGameId = '', screen = ''] = parts;
  if (!isScreen(screen)) return null;
  let gameId: string;
  try {
    gameId = decodeURIComponent(rawGameId);
  } catch {
    return null;
  }
  const key = new URLSearchParams(search).get('key');
  return { gameId, screen, key: key && key.trim() !== '' ? key : null };
}
