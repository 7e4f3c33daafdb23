/**
 * The error screen of a top-level route group (SPEC §2.1: app shell, activity wizard, builder),
 * used as its `errorElement`. A 404 response (a loader's `throw data(null, { status: 404 })`)
 * keeps the 404 page; a screen whose file is gone (a new version was deployed while this tab was
 * open) offers to reload; anything else is unexpected: it is reported (SPEC §4 Error boundary,
 * tagged with the UI framework and the group's action name when given) and the fallback screen
 * of SPEC §2.10 shows.
 */
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '../telemetry/errorReporting';
import { FallbackErrorScreen } from './FallbackErrorScreen';
import { NotFoundPage } from './NotFoundPage';
import { isChunkLoadError } from '../pwa/chunkLoadError';
import { NewVersionScreen } from '../pwa/NewVersionScreen';

const NOT_FOUND = 404;

export function RouteErrorScreen({ action }: { action?: string } = {}) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === NOT_FOUND;

  useEffect(() => {
    // A screen's file missing after a deployment is not a bug to report: the tab is old.
    if (notFound || isChunkLoadError(error)) return;
    console.error('Unhandled route error', error);
    reportError(error, { action });
  }, [error, notFound, action]);

  if (isChunkLoadError(error)) return <NewVersionScreen />;
  return notFound ? <NotFoundPage /> : <FallbackErrorScreen />;
}
