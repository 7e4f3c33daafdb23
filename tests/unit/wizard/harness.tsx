/**
 * Renders the AI creation flows as the app does: a real local database (RxDB on fake-indexeddb),
 * the data context with an idle sync worker, the app's Mantine theme and a memory router with the
 * wizard's own routes under /activity (its error screen included) and stand-ins for the screens
 * the wizard leaves to. The session and the online calls are mocked by each test file.
 */
import { act, configure, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { randomUUID } from 'node:crypto';
import type { ReactNode } from 'react';
import {
  createMemoryRouter,
  Outlet,
  RouterProvider,
  useLocation,
  useParams,
  type RouteObject,
} from 'react-router';
import { theme } from '../../../src/ui/theme';
import { createTeamtrailDatabase, type TeamtrailDatabase } from '../../../src/localdb/database';
import {
  DataContextProvider,
  type DataContextValue,
} from '../../../src/localdb/hooks/DataProvider';
import { createTemplateRepository } from '../../../src/localdb/templateRepository';
import type { SyncClient } from '../../../src/localdb/syncClient';
import { WIZARD_STATE_KEY, DEMO_STATE_KEY } from '../../../src/localdb/hooks';
import { AI_WIZARD_DEFAULTS, DEMO_STATE_DEFAULTS } from '../../../src/domain/flowDefaults';
import type { AiWizardState, DemoState, Template } from '../../../src/domain/schemas';
import { wizardRoutes } from '../../../src/features/wizard/wizardRoutes';
import { WizardErrorScreen } from '../../../src/features/wizard/WizardErrorScreen';

// A finished poll writes the wizard's state (RxDB over fake-indexeddb) before the route moves;
// with the whole suite on two shared cores that took longer than Testing Library's default 1 s
// (seen in CI: the wizard still on /activity/status). Wait for the condition, generously.
configure({ asyncUtilTimeout: 5_000 });

export const ANON_ID = '11111111-1111-4111-8111-111111111111';
export const OWNER = `anon:${ANON_ID}`;

// RxDB's dev mode adds a hidden iframe from rxdb.info to any page it finds (src/localdb/devMode.ts);
// the test page must not load it.
Object.defineProperty(HTMLIFrameElement.prototype, 'src', {
  set() {},
  get: () => '',
  configurable: true,
});

// happy-dom has no FontFaceSet; Mantine's autosizing Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
}

/** The databases opened here that are not closed yet (settle waits for them). */
const openDatabases = new Set<TeamtrailDatabase>();

/**
 * Until every test database is idle, and what it answered is rendered: a write that a screen
 * starts as it unmounts (a typed value saved on leaving) has finished, and the reads a screen
 * started have arrived. RxDB runs each read and write of a database in its idle queue, and
 * answers once that queue has stayed empty across two turns of the event loop.
 */
export const settle = () =>
  act(async () => {
    for (const db of [...openDatabases]) {
      if (db.closed) openDatabases.delete(db);
      else await db.requestIdlePromise();
    }
  });

export async function openTestDatabase(): Promise<TeamtrailDatabase> {
  const db = await createTeamtrailDatabase({
    name: `wizard-${randomUUID().slice(0, 8)}`,
    indexedDB: new IDBFactory(),
    IDBKeyRange,
    devMode: true,
  });
  openDatabases.add(db);
  return db;
}

const idleSync: SyncClient = {
  mode: 'unavailable',
  subscribe: (listener) => {
    listener(null);
    return () => {};
  },
  syncNow: async () => {},
  identityChanged: async () => {},
  conflictLog: async () => [],
  resetLocalData: async () => {},
};

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

function BuilderStandIn() {
  const { templateId } = useParams();
  return <p data-testid="builder">Builder for {templateId}</p>;
}

/** The wizard group as router.tsx declares it, with a plain parent instead of Layout A. */
export function wizardTestRoutes(extra: RouteObject[] = []): RouteObject[] {
  return [
    {
      path: '/activity',
      element: (
        <>
          <Where />
          <Outlet />
        </>
      ),
      errorElement: <WizardErrorScreen />,
      children: [...wizardRoutes, ...extra],
    },
    { path: '/', element: <p data-testid="dashboard">Dashboard</p> },
    { path: '/builder/:templateId', element: <BuilderStandIn /> },
    { path: '/games', element: <p data-testid="games">My Activities</p> },
    { path: '/sign-in', element: <p data-testid="sign-in">Sign in</p> },
  ];
}

export function providers(db: TeamtrailDatabase, children: ReactNode) {
  const value: DataContextValue = {
    db,
    repository: createTemplateRepository(db),
    sync: idleSync,
    owner: OWNER,
    signedIn: false,
  };
  return (
    <MantineProvider theme={theme}>
      <DataContextProvider value={value}>{children}</DataContextProvider>
    </MantineProvider>
  );
}

export function renderWizard(db: TeamtrailDatabase, path: string, extra: RouteObject[] = []) {
  const router = createMemoryRouter(wizardTestRoutes(extra), { initialEntries: [path] });
  const view = render(providers(db, <RouterProvider router={router} />));
  return { router, ...view };
}

export async function storeWizardState(db: TeamtrailDatabase, state: Partial<AiWizardState>) {
  await db.upsertLocal(WIZARD_STATE_KEY, { ...AI_WIZARD_DEFAULTS, ...state });
}

export async function storeDemoState(db: TeamtrailDatabase, state: Partial<DemoState>) {
  await db.upsertLocal(DEMO_STATE_KEY, { ...DEMO_STATE_DEFAULTS, ...state });
}

export async function readWizardState(db: TeamtrailDatabase): Promise<AiWizardState> {
  const doc = await db.getLocal<AiWizardState>(WIZARD_STATE_KEY);
  return { ...AI_WIZARD_DEFAULTS, ...doc?.toMutableJSON().data };
}

export async function readDemoState(db: TeamtrailDatabase): Promise<DemoState> {
  const doc = await db.getLocal<DemoState>(DEMO_STATE_KEY);
  return { ...DEMO_STATE_DEFAULTS, ...doc?.toMutableJSON().data };
}

/** A template as the AI assistant's finished request returns it (docs/ai.md). */
export function generatedTemplate(name = 'Bakery onboarding'): Template {
  const at = '2026-03-01T09:00:00.000Z';
  return {
    id: randomUUID(),
    name,
    description: '',
    shortDescription: '',
    gameType: 'quiz',
    deliveryType: 'inPerson',
    duration: 30,
    selectedThemeId: null,
    theme: null,
    branding: {
      id: randomUUID(),
      logo: null,
      headerColour: '#0393E3',
      questionBackgroundColour: '#FFFFFF',
      selfieBackgroundColour: '#8FD1FC',
    },
    steps: [
      {
        id: randomUUID(),
        name: 'Founding year',
        type: 'multipleChoice',
        text: 'When was the bakery founded?',
        answers: [
          { id: randomUUID(), value: '1998', correct: true },
          { id: randomUUID(), value: '2004', correct: false },
        ],
        media: null,
        points: 10,
        locked: false,
      },
    ],
    stepValidationErrors: [],
    master: false,
    thumbnail: null,
    comingSoon: false,
    revision: 1,
    createdAt: at,
    updatedAt: at,
  };
}
