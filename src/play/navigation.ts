/**
 * The player's few addresses, in the History API (no router library: the bundle stays small).
 * /play, /play/{code}, /play/{code}/tasks/{stepId}, /play/{code}/scoreboard. Each screen has its
 * own address so the phone's back button and a reload keep the team where it was.
 */
import { useSyncExternalStore } from 'react';

export type PlayRoute =
  | { screen: 'code' }
  | { screen: 'tasks'; code: string }
  | { screen: 'task'; code: string; stepId: string }
  | { screen: 'scoreboard'; code: string };

export function parseRoute(pathname: string): PlayRoute {
  const [first, code, section, id] = pathname
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part));
  if (first !== 'play' || !code) return { screen: 'code' };
  if (section === 'tasks' && id) return { screen: 'task', code, stepId: id };
  if (section === 'scoreboard') return { screen: 'scoreboard', code };
  return { screen: 'tasks', code };
}

export const pathFor = {
  code: (): string => '/play',
  tasks: (code: string): string => `/play/${code}`,
  task: (code: string, stepId: string): string =>
    `/play/${code}/tasks/${encodeURIComponent(stepId)}`,
  scoreboard: (code: string): string => `/play/${code}/scoreboard`,
};

/** The same screen of a route, under another (tidied) code. */
export function pathForRoute(route: PlayRoute, code: string): string {
  if (route.screen === 'task') return pathFor.task(code, route.stepId);
  if (route.screen === 'scoreboard') return pathFor.scoreboard(code);
  return route.screen === 'code' ? pathFor.code() : pathFor.tasks(code);
}

/** History entries the player pushed itself: "back" can return to them. */
const IN_APP = { teamtrailPlay: true };

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (path === location.pathname) return;
  if (options.replace) history.replaceState(history.state, '', path);
  else history.pushState(IN_APP, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
  if (!options.replace) window.scrollTo?.(0, 0);
}

/**
 * Back to a screen: the browser's own "back" when this page came from there (so the phone's
 * back button does not walk through the same screens again), else a replacement.
 */
export function backTo(path: string): void {
  const state: unknown = history.state;
  if (state && typeof state === 'object' && 'teamtrailPlay' in state) history.back();
  else navigate(path, { replace: true });
}

const subscribe = (listener: () => void): (() => void) => {
  addEventListener('popstate', listener);
  return () => removeEventListener('popstate', listener);
};

export const usePathname = (): string =>
  useSyncExternalStore(
    subscribe,
    () => location.pathname,
    () => '/play',
  );
