/**
 * Renders the styling screens as the builder does: a real local database (RxDB on
 * fake-indexeddb), the builder context over a real local template, the app's Mantine theme and
 * a memory router with the styling routes and stand-ins for the other builder screens.
 */
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { randomUUID } from 'node:crypto';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { theme } from '../../../../src/ui/theme';
import {
  DataContextProvider,
  type DataContextValue,
} from '../../../../src/localdb/hooks/DataProvider';
import type { TeamtrailDatabase } from '../../../../src/localdb/database';
import { useTemplate } from '../../../../src/localdb/hooks';
import {
  createTemplateRepository,
  type TemplateRepository,
} from '../../../../src/localdb/templateRepository';
import type { Theme } from '../../../../src/domain/schemas';
import type { TemplateContent } from '../../../../src/domain/templateContent';
import { BuilderContext, type HelpTopicId } from '../../../../src/features/builder/BuilderContext';
import {
  HeaderColourScreen,
  QuestionColourScreen,
  SelfieColourScreen,
} from '../../../../src/features/builder/styling/ColourScreen';
import { StylingScreen } from '../../../../src/features/builder/styling/StylingScreen';
import { ThemeScreen } from '../../../../src/features/builder/styling/ThemeScreen';
import { fakeSync, OWNER, templateContent } from '../../library/harness';

export { openTestDatabase, OWNER, templateContent } from '../../library/harness';

// happy-dom has no FontFaceSet; Mantine listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
}

export interface HelpLog {
  toggled: string[];
}

function BuilderHost({
  templateId,
  helpLog,
  repository,
}: {
  templateId: string;
  helpLog: HelpLog;
  repository: TemplateRepository;
}) {
  const { data: template } = useTemplate(templateId);
  const [openId, setOpenId] = useState<HelpTopicId | null>(null);
  return template ? (
    <BuilderContext.Provider
      value={{
        templateId,
        template,
        update: async (recipe) => {
          await repository.update(templateId, recipe);
        },
        help: {
          openId,
          toggle: (id) => {
            helpLog.toggled.push(id);
            setOpenId((open) => (open === id ? null : (id as HelpTopicId)));
          },
          clear: () => setOpenId(null),
        },
      }}
    >
      <Outlet />
    </BuilderContext.Provider>
  ) : (
    <p>Loading template</p>
  );
}

function StandIn({ name }: { name: string }) {
  const location = useLocation();
  return <p data-testid="stand-in">{`${name} at ${location.pathname}`}</p>;
}

export async function createTemplate(
  db: TeamtrailDatabase,
  overrides: Partial<TemplateContent> = {},
): Promise<string> {
  const repository = createTemplateRepository(db);
  const created = await repository.create(OWNER, templateContent('Styling quiz', overrides));
  return created.id;
}

export async function storeThemes(db: TeamtrailDatabase, themes: Theme[]) {
  await db.themes.bulkInsert(themes.map((data, position) => ({ id: data.id, data, position })));
}

export function aTheme(name: string, overrides: Partial<Theme> = {}): Theme {
  return {
    id: randomUUID(),
    name,
    primaryColour: '#0393E3',
    secondaryColour: '#FF6800',
    previewImageUrl: `/themes/${name.toLowerCase().replace(/\W+/g, '-')}.png`,
    ...overrides,
  };
}

export async function templateOf(db: TeamtrailDatabase, id: string) {
  const doc = await db.templates.findOne(id).exec();
  return doc!.toMutableJSON();
}

export function renderStyling(
  db: TeamtrailDatabase,
  templateId: string,
  subPath: string,
): { router: ReturnType<typeof createMemoryRouter>; helpLog: HelpLog } & ReturnType<typeof render> {
  const repository = createTemplateRepository(db);
  const helpLog: HelpLog = { toggled: [] };
  const data: DataContextValue = {
    db,
    repository,
    sync: fakeSync(),
    owner: OWNER,
    signedIn: false,
  };
  const router = createMemoryRouter(
    [
      {
        path: '/builder/:templateId',
        element: <BuilderHost templateId={templateId} helpLog={helpLog} repository={repository} />,
        children: [
          { path: 'styling', element: <StylingScreen /> },
          { path: 'styling/theme', element: <ThemeScreen /> },
          { path: 'styling/header', element: <HeaderColourScreen /> },
          { path: 'styling/question', element: <QuestionColourScreen /> },
          { path: 'styling/selfie', element: <SelfieColourScreen /> },
          { path: 'overview', element: <StandIn name="Overview" /> },
          { path: 'tasks', element: <StandIn name="Tasks" /> },
          { path: 'locations', element: <StandIn name="Locations" /> },
        ],
      },
    ],
    { initialEntries: [`/builder/${templateId}/${subPath}`] },
  );
  const view = render(
    <MantineProvider theme={theme}>
      <DataContextProvider value={data}>
        <RouterProvider router={router} />
      </DataContextProvider>
    </MantineProvider>,
  );
  return { router, helpLog, ...view };
}
