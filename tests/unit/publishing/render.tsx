/**
 * Renders a dialog inside the app's theme at a path of a memory router, with a catch-all route
 * that names where a button navigated to.
 */
import type { ReactNode } from 'react';
import { useLocation, type RouteObject } from 'react-router';
import type { Session } from '../../../src/auth/session';
import type { GameStatus } from '../../../src/domain/schemas';
import { renderRoutes } from '../app/render';

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname + location.search}</p>;
}

export function renderAt(path: string, ui: ReactNode) {
  const pathname = path.split('?')[0] ?? '/';
  const routes: RouteObject[] = [
    { path: pathname, element: ui },
    { path: '*', element: <Landed /> },
  ];
  return renderRoutes(routes, [path]);
}

export const GUEST: Session = { signedIn: false, user: null, canScheduleActivity: false };
export const SIGNED_IN: Session = {
  signedIn: true,
  user: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' },
  canScheduleActivity: true,
};

export const CREDENTIALS = { token: 'token-1', anonId: null };

export const STATUS_URL = 'http://localhost/v1/templates/t1/games/g1';

export function gameStatus(patch: Partial<GameStatus> = {}): GameStatus {
  return {
    code: null,
    qrCodeUrl: null,
    publishedAt: null,
    templateId: 't1',
    startsAt: null,
    endsAt: null,
    ...patch,
  };
}

export const ok = <T,>(data: T) => ({ ok: true as const, data });
/** `status` null: no answer came at all (the device is offline). */
export const fail = (status: number | null, message = 'Server said no') => ({
  ok: false as const,
  error: { status, message },
});
