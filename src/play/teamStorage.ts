/**
 * What the phone keeps per activity code in localStorage: the team token (closing the browser
 * and opening the code again rejoins as the same team, docs/games.md; a phone that continued as
 * a team with its rejoin code keeps its own token the same way) and the last PlayerState,
 * so the tasks still show when the phone reopens the game without a connection.
 */
import type { PlayerState } from '../domain/games';

export const tokenKey = (code: string): string => `teamtrail.play.${code}`;
const stateKey = (code: string): string => `teamtrail.play.${code}.state`;
export const outboxKey = (code: string): string => `teamtrail.play.${code}.outbox`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled (private mode): the game still plays, it just is not remembered.
  }
}

export const loadToken = (code: string): string | null => read(tokenKey(code));
export const saveToken = (code: string, token: string): void => write(tokenKey(code), token);

export function loadCachedState(code: string): PlayerState | null {
  const raw = read(stateKey(code));
  if (!raw) return null;
  try {
    const state = JSON.parse(raw) as PlayerState;
    // Kept by an older version of the player, before announcements and rejoin codes: none yet.
    return {
      ...state,
      announcements: state.announcements ?? [],
      rejoinCode: state.rejoinCode ?? '',
    };
  } catch {
    return null;
  }
}

export const saveCachedState = (code: string, state: PlayerState): void =>
  write(stateKey(code), JSON.stringify(state));

/** The token is no longer valid (401): forget the team, its cache and its unsent answers. */
export function forgetTeam(code: string): void {
  write(tokenKey(code), null);
  write(stateKey(code), null);
  write(outboxKey(code), null);
}
