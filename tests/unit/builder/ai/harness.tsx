/**
 * Renders the Edit Tasks screen as the builder layout does for "Generate with AI": the template
 * read from a real local database (RxDB on fake-indexeddb), `update` writing through the
 * repository (so the sync state shows the dirty flag), and the AiGenerationProvider around the
 * screen. The sync worker is a spy; the session and the online calls are mocked by the test file.
 */
import { render } from '@testing-library/react';
import { randomUUID } from 'node:crypto';
import { useCallback, useMemo } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { MantineTestProviders } from '../../support/render';
import type { TeamtrailDatabase } from '../../../../src/localdb/database';
import {
  DataContextProvider,
  useDataContext,
  type DataContextValue,
} from '../../../../src/localdb/hooks/DataProvider';
import { useTemplate } from '../../../../src/localdb/hooks';
import type { SyncClient } from '../../../../src/localdb/syncClient';
import {
  createTemplateRepository,
  type ContentRecipe,
} from '../../../../src/localdb/templateRepository';
import type { Step, Template } from '../../../../src/domain/schemas';
import { AiGenerationProvider } from '../../../../src/features/builder/ai/AiGenerationProvider';
import {
  BuilderContext,
  type BuilderContextValue,
} from '../../../../src/features/builder/BuilderContext';
import { TasksScreen } from '../../../../src/features/builder/tasks/TasksScreen';
import { OWNER } from '../../wizard/harness';

export { storeTemplate } from '../storeTemplate';
export { openTestDatabase, settle } from '../../wizard/harness';

export function task(name: string, overrides: Partial<Step> = {}): Step {
  return {
    id: randomUUID(),
    name,
    type: 'freeText',
    text: `${name}?`,
    answers: [{ id: randomUUID(), value: 'Yes', correct: true }],
    media: null,
    points: 10,
    locked: false,
    ...overrides,
  };
}

/** What the sync worker does when it creates the template on the server. */
export async function pushToServer(db: TeamtrailDatabase, template: Template) {
  const doc = await db.templates.findOne(template.id).exec();
  await doc!.incrementalPatch({
    server: template,
    pushedVersion: doc!.localVersion,
    syncState: 'synced',
  });
}

function FakeBuilder({ templateId, serverWaitMs }: { templateId: string; serverWaitMs?: number }) {
  const { data: template } = useTemplate(templateId);
  const { repository } = useDataContext();
  const update = useCallback(
    async (recipe: ContentRecipe) => {
      await repository.update(templateId, recipe);
    },
    [repository, templateId],
  );
  const help = useMemo(() => ({ openId: null, toggle() {}, clear() {} }), []);
  const value = useMemo<BuilderContextValue | null>(
    () => (template ? { templateId, template, update, help } : null),
    [templateId, template, update, help],
  );
  if (!value) return null;
  return (
    <BuilderContext.Provider value={value}>
      <AiGenerationProvider serverWaitMs={serverWaitMs}>
        <TasksScreen />
      </AiGenerationProvider>
    </BuilderContext.Provider>
  );
}

export function renderBuilderTasks(
  db: TeamtrailDatabase,
  templateId: string,
  { serverWaitMs }: { serverWaitMs?: number } = {},
) {
  const sync = {
    mode: 'unavailable',
    subscribe: (listener: (status: null) => void) => {
      listener(null);
      return () => {};
    },
    syncNow: vi.fn(async () => {}),
    identityChanged: async () => {},
    conflictLog: async () => [],
    resetLocalData: async () => {},
  } satisfies SyncClient;
  const data: DataContextValue = {
    db,
    repository: createTemplateRepository(db),
    sync,
    owner: OWNER,
    signedIn: false,
  };
  const router = createMemoryRouter(
    [
      {
        path: '/builder/:templateId/tasks',
        element: <FakeBuilder templateId={templateId} serverWaitMs={serverWaitMs} />,
      },
    ],
    { initialEntries: [`/builder/${templateId}/tasks`] },
  );
  const view = render(
    <MantineTestProviders>
      <DataContextProvider value={data}>
        <RouterProvider router={router} />
      </DataContextProvider>
    </MantineTestProviders>,
  );
  return { ...view, sync };
}

export async function readTemplate(db: TeamtrailDatabase, id: string) {
  const doc = await db.templates.findOne(id).exec();
  return doc!.toMutableJSON();
}
