// @vitest-environment happy-dom
/**
 * SPEC §1: guests run the AI wizard and open the builder, and are asked for a free account before
 * leaving it. From the end of the wizard (/activity/complete and the demo's account gate) a guest
 * opens the generated tasks in the builder, read from this device as the wizard stored them
 * (src/localdb/adoptServerTemplate.ts); leaving the builder again is stopped by the Create Account
 * blocker (SPEC §2.8), whose sign-in and sign-up come back to where the guest was going.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  createMemoryRouter,
  Outlet,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router';
import { render } from '@testing-library/react';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import { adoptServerTemplate } from '../../../src/localdb/adoptServerTemplate';
import { createDemoGame } from '../../../src/api/games';
import {
  TOUR_COMPLETED_VALUE,
  TOUR_IDS,
  TUTORIAL_PLAYED_VALUE,
  TUTORIAL_STORAGE_KEY,
} from '../../../src/domain/constants';
import type { Template } from '../../../src/domain/schemas';
import { useBuilder } from '../../../src/features/builder/BuilderContext';
import { setLoadedTemplateId } from '../../../src/features/builder/builderEntry';
import { createBuilderRoutes } from '../../../src/features/builder/builderRoutes';
import { DIALOG_TEXTS } from '../../../src/features/publishing/texts';
import { wizardRoutes } from '../../../src/features/wizard/wizardRoutes';
import { WizardErrorScreen } from '../../../src/features/wizard/WizardErrorScreen';
import {
  generatedTemplate,
  openTestDatabase,
  OWNER,
  providers,
  settle,
  storeWizardState,
} from './harness';

const session = vi.hoisted(() => ({ signedIn: false }));
vi.mock('../../../src/auth/session', () => ({
  useSession: () =>
    session.signedIn
      ? {
          signedIn: true,
          user: { id: 'user-1', name: 'Ada', email: 'ada@example.com' },
          canScheduleActivity: true,
        }
      : { signedIn: false, user: null, canScheduleActivity: false },
  useApiCredentials: () => ({
    token: session.signedIn ? 'token-1' : null,
    anonId: '11111111-1111-4111-8111-111111111111',
  }),
  useRequestorId: () => (session.signedIn ? 'user-1' : '11111111-1111-4111-8111-111111111111'),
  useSignOut: () => async () => {},
}));
vi.mock('../../../src/api/ai', () => ({ requestAiContent: vi.fn(), pollAiContent: vi.fn() }));
vi.mock('../../../src/api/games', () => ({ createDemoGame: vi.fn(), fetchGameStatus: vi.fn() }));
vi.mock('../../../src/features/publishing/LaunchDialog', () => ({ LaunchDialog: () => null }));

const OPEN_BUILDER = 'Open in the Activity Builder';
const STATUS_URL = 'http://localhost/v1/ai_content_requests/6f1c0c1e-0000-4000-8000-000000000001';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/** The Edit Tasks screen, reduced to the task names the builder read from this device. */
function TasksStandIn() {
  const { template } = useBuilder();
  return (
    <ul data-testid="builder-tasks">
      {template.steps.map((step) => (
        <li key={step.id}>{step.name}</li>
      ))}
    </ul>
  );
}

/** The wizard and the builder as router.tsx declares them, with stand-ins for the rest. */
function routes(): RouteObject[] {
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
      children: wizardRoutes,
    },
    ...createBuilderRoutes([
      { path: 'styling', element: <p>Styling</p> },
      { path: 'tasks', element: <TasksStandIn /> },
    ]),
    { path: '/', element: <p data-testid="dashboard">Dashboard</p> },
    { path: '/sign-in', element: <Where /> },
    { path: '/sign-up', element: <Where /> },
  ];
}

function renderApp(db: TeamtrailDatabase, path: string) {
  const router = createMemoryRouter(routes(), { initialEntries: [path] });
  const view = render(providers(db, <RouterProvider router={router} />));
  return { router, ...view };
}

let db: TeamtrailDatabase;
let template: Template;
beforeEach(async () => {
  db = await openTestDatabase();
  session.signedIn = false;
  setLoadedTemplateId(null);
  // The builder's tutorial and tours are tested on their own (tests/unit/builder/onboarding).
  localStorage.clear();
  localStorage.setItem(TUTORIAL_STORAGE_KEY, TUTORIAL_PLAYED_VALUE);
  for (const id of TOUR_IDS) localStorage.setItem(id, TOUR_COMPLETED_VALUE);
  // What the wizard's status step does with the finished request (StatusStep, useAdoptTemplate).
  template = generatedTemplate('Bakery onboarding');
  expect(await adoptServerTemplate(db, OWNER, template)).toBe(true);
  await storeWizardState(db, {
    topics: 'Food hygiene',
    name: 'Bakery onboarding',
    statusUrl: STATUS_URL,
    completedAt: '2026-03-01T09:00:05.000Z',
    template,
  });
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.mocked(createDemoGame).mockReset();
  await settle();
  await db.close();
});

const where = () => screen.getByTestId('where').textContent;
const demoCreate = () => `/activity/${template.id}/demo/create`;
const builderTasks = () => `/builder/${template.id}/tasks`;

describe('a guest at the demo gate (SPEC §2.4 step 8) may open the builder first', () => {
  it('offers "Open in the Activity Builder" beside "Sign in / Sign up", leading to the Edit Tasks screen', async () => {
    renderApp(db, demoCreate());
    await screen.findByText('To create your demo activity you need a FREE account.');
    expect(screen.getByText('Not ready yet? Look through and edit the tasks first.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in / Sign up' })).toBeTruthy();
    expect(screen.getByRole('link', { name: OPEN_BUILDER }).getAttribute('href')).toBe(
      builderTasks(),
    );
  });

  it('opens the generated tasks from this device, then stops the guest leaving with the Create Account blocker', async () => {
    const { router } = renderApp(db, demoCreate());
    fireEvent.click(await screen.findByRole('link', { name: OPEN_BUILDER }));
    const tasks = await screen.findByTestId('builder-tasks');
    expect(router.state.location.pathname).toBe(builderTasks());
    expect(within(tasks).getByText('Founding year')).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Bakery onboarding');

    // Back to the wizard is a path without /builder: stopped, with sign-up and sign-in that
    // return to the gate (which then creates the demo by itself).
    await act(() => router.navigate(-1));
    const blocker = await screen.findByTestId('create-account-blocker');
    expect(router.state.location.pathname).toBe(builderTasks());
    expect(screen.getByText('Create Account')).toBeTruthy();
    expect(
      within(blocker).getByText("Don't lose your work - create your FREE account now."),
    ).toBeTruthy();
    expect(within(blocker).getByText('No credit card needed')).toBeTruthy();
    const from = encodeURIComponent(demoCreate());
    expect(
      within(blocker).getByRole('link', { name: 'Sign up for free' }).getAttribute('href'),
    ).toBe(`/sign-up?from=${from}`);
    expect(within(blocker).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/sign-in?from=${from}`,
    );

    // Closing lets the navigation proceed: the gate again, no demo made.
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Create Account' })).getByRole('button', {
        name: DIALOG_TEXTS.closeDialog,
      }),
    );
    await screen.findByText('To create your demo activity you need a FREE account.');
    expect(router.state.location.pathname).toBe(demoCreate());
    expect(createDemoGame).not.toHaveBeenCalled();
  });

  it('the blocker’s "Sign in" leaves for sign-in without being stopped again', async () => {
    const { router } = renderApp(db, demoCreate());
    fireEvent.click(await screen.findByRole('link', { name: OPEN_BUILDER }));
    await screen.findByTestId('builder-tasks');
    await act(() => router.navigate('/'));
    const blocker = await screen.findByTestId('create-account-blocker');
    fireEvent.click(within(blocker).getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(where()).toBe('/sign-in?from=%2F'));
  });
});

describe('/activity/complete (SPEC §2.4 step 7) offers the builder while the demo is set up', () => {
  it('"Open in the Activity Builder" opens the tasks, and the 2 s redirect to the demo no longer happens', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    const { router } = renderApp(db, '/activity/complete');
    await screen.findByText('Your activity has been created');
    const link = screen.getByRole('link', { name: OPEN_BUILDER });
    expect(link.getAttribute('href')).toBe(builderTasks());
    fireEvent.click(link);
    await screen.findByTestId('builder-tasks');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(router.state.location.pathname).toBe(builderTasks());
  });

  it('left alone, it still goes on to the demo after 2 s', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    renderApp(db, '/activity/complete');
    await screen.findByRole('link', { name: OPEN_BUILDER });
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    await waitFor(() => expect(where()).toBe(demoCreate()));
  });
});
