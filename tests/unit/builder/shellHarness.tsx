/**
 * Renders the builder group as the app does (builderRoutes.tsx) over a real local database
 * (RxDB on fake-indexeddb), with stand-ins for the styling and tasks screens (written
 * elsewhere) that expose the help panel's toggle. Session and LaunchDialog are mocked by the
 * test file.
 */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import {
  TOUR_COMPLETED_VALUE,
  TOUR_IDS,
  TUTORIAL_PLAYED_VALUE,
  TUTORIAL_STORAGE_KEY,
} from '../../../src/domain/constants';
import { useBuilder } from '../../../src/features/builder/BuilderContext';
import { createBuilderRoutes } from '../../../src/features/builder/builderRoutes';
import { providers } from '../wizard/harness';

export { storeTemplate } from './storeTemplate';
export { openTestDatabase, settle, OWNER } from '../wizard/harness';

function ScreenStandIn({ name }: { name: string }) {
  const { help } = useBuilder();
  return (
    <div data-testid={`screen-${name}`}>
      <button type="button" onClick={() => help.toggle('edit-tasks')}>
        Help edit-tasks
      </button>
      <button type="button" onClick={() => help.toggle('no-such-topic')}>
        Help unknown
      </button>
    </div>
  );
}

const standIns: RouteObject[] = [
  { path: 'styling', element: <ScreenStandIn name="styling" /> },
  { path: 'tasks', element: <ScreenStandIn name="tasks" /> },
];

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/**
 * Renders the builder at `path`. The tutorial and tours are marked as seen unless
 * `firstVisit` (they are tested on their own, tests/unit/builder/onboarding.test.tsx); `seen`
 * sets some keys for a first visit that is not quite one.
 */
export function renderBuilder(
  db: TeamtrailDatabase,
  path: string,
  { firstVisit = false, seen = {} }: { firstVisit?: boolean; seen?: Record<string, string> } = {},
) {
  localStorage.clear();
  for (const [key, value] of Object.entries(seen)) localStorage.setItem(key, value);
  if (!firstVisit) {
    localStorage.setItem(TUTORIAL_STORAGE_KEY, TUTORIAL_PLAYED_VALUE);
    for (const id of TOUR_IDS) localStorage.setItem(id, TOUR_COMPLETED_VALUE);
  }
  const router = createMemoryRouter(
    [
      ...createBuilderRoutes(standIns),
      { path: '/', element: <p data-testid="dashboard">Dashboard</p> },
      { path: '/sign-up', element: <Where /> },
      { path: '/sign-in', element: <Where /> },
      { path: '/templates', element: <p data-testid="library">Library</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(providers(db, <RouterProvider router={router} />));
  return { router, ...view };
}
