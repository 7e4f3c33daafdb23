/**
 * Renders the Edit Tasks screen inside a fake builder: the template lives in React state and
 * `update` applies the recipe as the repository does (recomputing stepValidationErrors as the
 * local view does), so the screen sees its own writes. Every write is recorded. The caller is a
 * guest (no sign-in), and the server knows no task origins (docs/ai.md) unless the test file
 * mocks src/api/taskOrigins.
 */
import { render } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { of } from 'rxjs';
import { vi } from 'vitest';
import { MantineTestProviders } from '../../support/render';
import { AuthContext } from '../../../../src/auth/context';
import type { AuthContextValue } from '../../../../src/auth/types';
import type { TeamtrailDatabase } from '../../../../src/localdb/database';
import {
  DataContextProvider,
  type DataContextValue,
} from '../../../../src/localdb/hooks/DataProvider';
import type { LocalTemplate } from '../../../../src/localdb/localTemplate';
import type { SyncClient } from '../../../../src/localdb/syncClient';
import type { SyncStatus } from '../../../../workers/syncWorkerApi';
import type { ContentRecipe } from '../../../../src/localdb/templateRepository';
import type { Step } from '../../../../src/domain/schemas';
import type { TemplateContent } from '../../../../src/domain/templateContent';
import { computeStepValidationErrors } from '../../../../src/domain/validation/template';
import {
  BuilderContext,
  type BuilderContextValue,
} from '../../../../src/features/builder/BuilderContext';
import { TestActivityContext } from '../../../../src/features/builder/TestActivityContext';
import { TasksScreen } from '../../../../src/features/builder/tasks/TasksScreen';

// happy-dom has no FontFaceSet; Mantine's autosizing Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
}

let counter = 0;
export const id = (prefix = 'id') => `${prefix}-${++counter}`;

export function step(overrides: Partial<Step> = {}): Step {
  return {
    id: id('step'),
    name: 'Capital',
    type: 'freeText',
    text: 'What is the capital of France?',
    answers: [{ id: id('answer'), value: 'Paris', correct: true }],
    media: null,
    points: 10,
    locked: false,
    ...overrides,
  };
}

export function mcStep(overrides: Partial<Step> = {}): Step {
  return step({
    name: 'Planets',
    type: 'multipleChoice',
    text: 'Which planet is red?',
    answers: [
      { id: id('answer'), value: 'Mars', correct: true },
      { id: id('answer'), value: 'Venus', correct: false },
    ],
    ...overrides,
  });
}

export function template(steps: Step[], overrides: Partial<LocalTemplate> = {}): LocalTemplate {
  return {
    id: 'tpl-1',
    name: 'Quiz night',
    description: '',
    gameType: 'quiz',
    deliveryType: 'inPerson',
    duration: 60,
    steps,
    selectedThemeId: null,
    theme: null,
    branding: {
      id: 'branding-1',
      logo: null,
      headerColour: '#123456',
      questionBackgroundColour: '#abcdef',
      selfieBackgroundColour: '#fedcba',
    },
    stepValidationErrors: computeStepValidationErrors(steps),
    master: false,
    thumbnail: null,
    shortDescription: '',
    comingSoon: false,
    revision: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    sync: {
      state: 'synced',
      allChangesOnServer: true,
      lastError: null,
      lastConflictAt: null,
      localChangedAt: '2026-01-01T00:00:00.000Z',
    },
    ...overrides,
  } as LocalTemplate;
}

export interface Harness {
  /** The template as the last write left it. */
  current(): LocalTemplate;
  writes: Step[][];
  helpToggle: ReturnType<typeof vi.fn>;
}

/** A database with no uploads, for the tests that do not pick files. */
const noUploadsDb = {
  uploads: { find: () => ({ $: of([]) }) },
} as unknown as TeamtrailDatabase;

export const OWNER = 'anon:11111111-1111-4111-8111-111111111111';

/** A guest: what the screen's online calls (the tasks' origins) are made as. */
const GUEST_AUTH = {
  provider: 'server',
  state: { status: 'signedOut', user: null },
  availability: 'ready',
  currentToken: () => null,
  getToken: async () => null,
  signOut: async () => {},
  passwordAccounts: null,
  screens: null,
} as AuthContextValue;

/** A sync worker that reports `status` (null: none yet) and does nothing else. */
export const syncReporting = (status: SyncStatus | null = null) =>
  ({
    mode: 'shared-worker',
    subscribe(listener: (s: SyncStatus | null) => void) {
      listener(status);
      return () => {};
    },
  }) as unknown as SyncClient;

export function renderTasksScreen(
  initial: LocalTemplate,
  db: TeamtrailDatabase = noUploadsDb,
  sync: SyncClient = syncReporting(),
): Harness {
  const data = {
    db,
    owner: OWNER,
    signedIn: false,
    repository: {},
    sync,
  } as unknown as DataContextValue;
  let latest = initial;
  const writes: Step[][] = [];
  const helpToggle = vi.fn();

  function FakeBuilder() {
    const [tpl, setTpl] = useState(initial);
    const value = useMemo<BuilderContextValue>(
      () => ({
        templateId: tpl.id,
        template: tpl,
        async update(recipe: ContentRecipe) {
          const patch =
            typeof recipe === 'function' ? recipe(latest as unknown as TemplateContent) : recipe;
          const steps = patch.steps ?? latest.steps;
          latest = {
            ...latest,
            ...patch,
            steps,
            stepValidationErrors: computeStepValidationErrors(steps),
          } as LocalTemplate;
          if (patch.steps) writes.push(patch.steps);
          setTpl(latest);
        },
        help: { openId: null, toggle: helpToggle, clear() {} },
      }),
      [tpl],
    );
    return (
      <BuilderContext.Provider value={value}>
        <TestActivityContext.Provider value={{ open() {} }}>
          <TasksScreen />
        </TestActivityContext.Provider>
      </BuilderContext.Provider>
    );
  }

  // The screen's one call to the server: GET task_origins, answered with none.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ origins: [] })),
  );
  const router = createMemoryRouter([{ path: '*', element: <FakeBuilder /> }], {
    initialEntries: ['/builder/tpl-1/tasks'],
  });
  render(
    <MantineTestProviders>
      <AuthContext.Provider value={GUEST_AUTH}>
        <DataContextProvider value={data}>
          <RouterProvider router={router} />
        </DataContextProvider>
      </AuthContext.Provider>
    </MantineTestProviders>,
  );
  return { current: () => latest, writes, helpToggle };
}
