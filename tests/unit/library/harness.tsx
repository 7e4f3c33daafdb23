/**
 * Renders the library and My Activities screens as the app does: a real local database (RxDB on
 * fake-indexeddb), the data context with a fake sync worker, the app's Mantine theme, and a
 * memory router with a stand-in builder route (the builder has tests of its own).
 */
import { configure, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { randomUUID } from 'node:crypto';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { theme } from '../../../src/ui/theme';
import { createTeamtrailDatabase, type TeamtrailDatabase } from '../../../src/localdb/database';
import {
  DataContextProvider,
  type DataContextValue,
} from '../../../src/localdb/hooks/DataProvider';
import {
  createTemplateRepository,
  type TemplateRepository,
} from '../../../src/localdb/templateRepository';
import type { SyncClient } from '../../../src/localdb/syncClient';
import type { SyncStatus } from '../../../workers/syncWorkerApi';
import type { ActivityRow, Template } from '../../../src/domain/schemas';
import type { TemplateContent } from '../../../src/domain/templateContent';

// The local database answers in milliseconds, but a loaded machine (tests run beside others) may
// take longer than the default 1 s to render a screen's first answer.
configure({ asyncUtilTimeout: 5_000 });

export const OWNER = 'user:11111111-1111-4111-8111-111111111111';

// RxDB's dev mode adds a hidden iframe from rxdb.info to any page it finds (src/localdb/devMode.ts);
// the test page must not load it.
Object.defineProperty(HTMLIFrameElement.prototype, 'src', {
  set() {},
  get: () => '',
  configurable: true,
});

export async function openTestDatabase(): Promise<TeamtrailDatabase> {
  return createTeamtrailDatabase({
    name: `screens-${randomUUID().slice(0, 8)}`,
    indexedDB: new IDBFactory(),
    IDBKeyRange,
    devMode: true,
  });
}

export const SYNCED_STATUS: SyncStatus = {
  running: true,
  online: true,
  pendingCount: 0,
  errorCount: 0,
  uploadsQueued: 0,
  pushing: [],
  pulling: false,
  lastPushAt: null,
  lastPullAt: new Date().toISOString(),
  recentFailures: [],
  nextRetryAt: null,
  eventStream: 'connected',
  owner: OWNER,
  clockOffsetMs: 0,
};

export interface FakeSync extends SyncClient {
  syncNowCalls: number;
}

/** A sync worker that reports one fixed status and counts "sync now" requests. */
export function fakeSync(status: SyncStatus | null = SYNCED_STATUS): FakeSync {
  const fake: FakeSync = {
    mode: 'shared-worker',
    syncNowCalls: 0,
    subscribe: (listener) => {
      listener(status);
      return () => {};
    },
    syncNow: async () => {
      fake.syncNowCalls += 1;
    },
    identityChanged: async () => {},
    conflictLog: async () => [],
    resetLocalData: async () => {},
  };
  return fake;
}

export function BuilderStandIn() {
  const { templateId } = useParams();
  return <p data-testid="builder">Builder for {templateId}</p>;
}

export interface ScreenOptions {
  db: TeamtrailDatabase;
  path: string;
  initialEntry?: string;
  signedIn?: boolean;
  sync?: SyncClient;
  repository?: TemplateRepository;
}

export function renderScreen(screen: ReactNode, options: ScreenOptions) {
  const value: DataContextValue = {
    db: options.db,
    repository: options.repository ?? createTemplateRepository(options.db),
    sync: options.sync ?? fakeSync(),
    owner: OWNER,
    signedIn: options.signedIn ?? true,
  };
  const router = createMemoryRouter(
    [
      { path: options.path, element: screen },
      { path: '/builder/:templateId', element: <BuilderStandIn /> },
      { path: '/templates', element: <p data-testid="library">Template Library</p> },
    ],
    { initialEntries: [options.initialEntry ?? options.path] },
  );
  const view = render(
    <MantineProvider theme={theme}>
      <DataContextProvider value={value}>
        <RouterProvider router={router} />
      </DataContextProvider>
    </MantineProvider>,
  );
  return { router, ...view };
}

export function templateContent(name: string, overrides: Partial<TemplateContent> = {}) {
  return {
    name,
    description: '',
    shortDescription: '',
    gameType: 'quiz',
    deliveryType: 'inPerson',
    duration: 30,
    selectedThemeId: null,
    branding: {
      id: randomUUID(),
      logo: null,
      headerColour: '#0393E3',
      questionBackgroundColour: '#FFFFFF',
      selfieBackgroundColour: '#8FD1FC',
    },
    steps: [],
    ...overrides,
  } satisfies TemplateContent;
}

/** A library master as the sync worker stores it: the whole template. */
export function masterTemplate(name: string, overrides: Partial<Template> = {}): Template {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    id: randomUUID(),
    ...templateContent(name),
    theme: null,
    stepValidationErrors: [],
    master: true,
    thumbnail: `/thumbnails/${name.toLowerCase().replace(/\W+/g, '-')}.svg`,
    comingSoon: false,
    revision: 1,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export async function storeLibrary(db: TeamtrailDatabase, templates: Template[]) {
  await db.library.bulkInsert(templates.map((data, position) => ({ id: data.id, data, position })));
}

export function activityRow(overrides: Partial<ActivityRow> = {}): ActivityRow {
  return {
    id: randomUUID(),
    name: 'Team quiz',
    gameType: 'quiz',
    stepsCount: 4,
    runTime: '30 mins',
    runTimeMin: 30,
    plays: 0,
    status: 'ready',
    scoreboardUrl: null,
    presentationUrl: null,
    statisticsUrl: null,
    gameStatusUrl: null,
    ...overrides,
  };
}

export async function storeActivities(db: TeamtrailDatabase, rows: ActivityRow[]) {
  await db.activities.bulkInsert(
    rows.map((data, position) => ({ id: data.id, owner: OWNER, data, position })),
  );
}
