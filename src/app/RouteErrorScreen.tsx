/**
 * The error screen of a top-level route group (SPEC §2.1: app shell, activity wizard, builder),
 * used as its `errorElement`. A 404 response (a loader's `throw data(null, { status: 404 })`)
 * keeps the 404 page; anything else is unexpected and shows the fallback screen of SPEC §2.10.
 */
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FallbackErrorScreen } from './FallbackErrorScreen';
import { NotFoundPage } from './NotFoundPage';

const NOT_FOUND = 404;

export function RouteErrorScreen() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === NOT_FOUND;

  useEffect(() => {
    // Reported with the error-reporting service once telemetry exists.
    if (!notFound) console.error('Unhandled route error', error);
  }, [error, notFound]);

  return notFound ? <NotFoundPage /> : <FallbackErrorScreen />;
}
