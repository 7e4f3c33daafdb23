// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import { draftsWaiting } from '../../../src/localdb/pendingWrites';
import { BLANK_TEMPLATE } from '../../../src/domain/blankTemplate';
import { MESSAGES } from '../../../src/domain/messages';
import { setLoadedTemplateId } from '../../../src/features/builder/builderEntry';
import { DIALOG_TEXTS } from '../../../src/features/publishing/texts';
import { TEST_ACTIVITY_TEXTS } from '../../../src/features/builder/testActivityRules';
import { openTestDatabase, renderBuilder, settle, storeTemplate } from './shellHarness';

const session = vi.hoisted(() => ({ signedIn: false }));
const reported = vi.hoisted(() => ({ errors: [] as unknown[] }));

vi.mock('../../../src/auth/session', () => ({
  useSession: () =>
    session.signedIn
      ? {
          signedIn: true,
          user: { id: 'u1', name: 'Org', email: 'org@example.com' },
          canScheduleActivity: true,
        }
      : { signedIn: false, user: null, canScheduleActivity: false },
  useApiCredentials: () => ({ token: null, anonId: null }),
  useRequestorId: () => null,
  useSignOut: () => async () => {},
}));

vi.mock('../../../src/telemetry/errorReporting', () => ({
  reportError: (error: unknown) => reported.errors.push(error),
}));

vi.mock('../../../src/features/publishing/LaunchDialog', () => ({
  LaunchDialog: (props: {
    opened: boolean;
    onClose: () => void;
    mode: string;
    openedFrom: string;
    templateId: string;
    templateName: string;
  }) =>
    props.opened ? (
      <div
        role="dialog"
        aria-label="Create (Demo) Activity"
        data-mode={props.mode}
        data-opened-from={props.openedFrom}
        data-template={`${props.templateId}|${props.templateName}`}
      >
        <button type="button" onClick={props.onClose}>
          Close demo
        </button>
      </div>
    ) : null,
}));

let db: TeamtrailDatabase;

function clearCookie() {
  document.cookie = 'wglastTemplateId=; path=/; max-age=0';
}

beforeEach(async () => {
  db = await openTestDatabase();
  session.signedIn = false;
  reported.errors = [];
  setLoadedTemplateId(null);
  clearCookie();
});

afterEach(async () => {
  cleanup();
  await settle();
  await db.close();
  vi.restoreAllMocks();
});

const where = () => screen.getByTestId('where').textContent;

describe('SPEC §2.8 Entry', () => {
  it('without an id or cookie makes a blank copy on this device, stores the cookie and replaces the URL keeping ?finish-create=', async () => {
    const { router } = renderBuilder(db, '/builder?finish-create=1&other=2');
    // The first render of the file loads the builder's modules: more than a second on a busy machine.
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/builder\/[\w-]+$/), {
      timeout: 5000,
    });
    const id = router.state.location.pathname.split('/')[2] ?? '';
    expect(router.state.location.search).toBe('?finish-create=1');
    // Replaced, not pushed: "back" does not return to /builder.
    expect(router.state.historyAction).toBe('REPLACE');

    const doc = await db.templates.findOne(id).exec();
    expect(doc?.content.name).toBe(BLANK_TEMPLATE.name);
    expect(doc?.content.steps).toHaveLength(1);
    expect(doc?.content.steps[0]?.id).not.toBe(BLANK_TEMPLATE.steps[0]?.id);
    await waitFor(() => expect(document.cookie).toContain(`wglastTemplateId=${id}`));
    expect(await screen.findByTestId('overview-section-tasks')).toBeTruthy();
  });

  it('opens the template in the wglastTemplateId cookie', async () => {
    const stored = await storeTemplate(db);
    document.cookie = `wglastTemplateId=${stored.id}; path=/`;
    const { router } = renderBuilder(db, '/builder');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/builder/${stored.id}`));
    expect(await db.templates.count().exec()).toBe(1);
  });

  it('starts a blank copy when the cookie names a template no longer on this device', async () => {
    document.cookie = 'wglastTemplateId=gone; path=/';
    const { router } = renderBuilder(db, '/builder');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/builder'));
    expect(router.state.location.pathname).not.toBe('/builder/gone');
    expect(await db.templates.count().exec()).toBe(1);
  });

  it('shows a clear "not found" state with a way back for an id that is not on this device', async () => {
    renderBuilder(db, '/builder/7d1c0f8e-0000-4000-8000-000000000000');
    const notFound = await screen.findByTestId('builder-not-found');
    expect(within(notFound).getByText('This activity is not on this device')).toBeTruthy();
    expect(
      within(notFound).getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href'),
    ).toBe('/');
  });
});

describe('SPEC §2.8 Overview screen', () => {
  it('shows Name, Description (3 rows), Type and the quiz sections with their statuses', async () => {
    const stored = await storeTemplate(db, { description: 'Onboarding day' });
    renderBuilder(db, `/builder/${stored.id}`);
    const name = await screen.findByLabelText(/^Name/);
    expect((name as HTMLInputElement).value).toBe(stored.name);
    const description = screen.getByLabelText('Description') as HTMLTextAreaElement;
    expect(description.value).toBe('Onboarding day');
    expect(description.getAttribute('rows')).toBe('3');
    expect(screen.getByTestId('template-type').textContent).toBe('Type: Indoor');

    const styling = screen.getByTestId('overview-section-styling');
    expect(styling.getAttribute('title')).toBe('No issues found with styling');
    expect(styling.textContent).toContain('Complete');
    expect(styling.getAttribute('href')).toBe(`/builder/${stored.id}/styling`);
    const tasks = screen.getByTestId('overview-section-tasks');
    expect(tasks.getAttribute('title')).toBe('No issues found with tasks');
    expect(screen.queryByTestId('overview-section-locations')).toBeNull();
    expect(screen.getByRole('img', { name: 'Phone preview of the activity' })).toBeTruthy();
  });

  it('shows Tasks "Incomplete" titled "One or more tasks are invalid" for a blank copy', async () => {
    renderBuilder(db, '/builder');
    const tasks = await screen.findByTestId('overview-section-tasks');
    expect(tasks.getAttribute('title')).toBe('One or more tasks are invalid');
    expect(tasks.textContent).toContain('Incomplete');
  });

  it('location templates show Styling, Locations, Tasks and Order', async () => {
    const stored = await storeTemplate(db, { gameType: 'location' });
    renderBuilder(db, `/builder/${stored.id}/overview`);
    await screen.findByTestId('overview-section-order');
    expect(screen.getByTestId('template-type').textContent).toBe('Type: Outdoor');
    expect(
      screen.getAllByTestId(/^overview-section-/).map((el) => el.getAttribute('data-testid')),
    ).toEqual([
      'overview-section-styling',
      'overview-section-locations',
      'overview-section-tasks',
      'overview-section-order',
    ]);
  });

  it('an empty name shows "An activity name is required", and the edit is saved on this device', async () => {
    const stored = await storeTemplate(db);
    renderBuilder(db, `/builder/${stored.id}`);
    const name = await screen.findByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: '' } });
    expect(await screen.findByText(MESSAGES.template.nameRequired)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(name, { target: { value: 'Renamed' } });
    await waitFor(async () =>
      expect((await db.templates.findOne(stored.id).exec())?.content.name).toBe('Renamed'),
    );
    expect(screen.queryByText(MESSAGES.template.nameRequired)).toBeNull();
  });

  it('no edit window: fast typing in the name is stored up to its last keystroke, and the leave-page guard counts it from the first until then', async () => {
    const stored = await storeTemplate(db);
    renderBuilder(db, `/builder/${stored.id}`);
    const name = await screen.findByLabelText(/^Name/);
    const before = draftsWaiting();
    for (const value of ['Q', 'Qu', 'Qui', 'Quiz night']) {
      fireEvent.change(name, { target: { value } });
    }
    expect(draftsWaiting()).toBe(before + 1);
    await waitFor(async () =>
      expect((await db.templates.findOne(stored.id).exec())?.content.name).toBe('Quiz night'),
    );
    await waitFor(() => expect(draftsWaiting()).toBe(before));
  });
});

describe('a field follows the document', () => {
  it('a focused name field shows a rename made elsewhere once nothing typed here is being written', async () => {
    const stored = await storeTemplate(db);
    renderBuilder(db, `/builder/${stored.id}`);
    const name = (await screen.findByLabelText(/^Name/)) as HTMLInputElement;
    fireEvent.focus(name);
    fireEvent.change(name, { target: { value: 'Typed here' } });
    await waitFor(async () =>
      expect((await db.templates.findOne(stored.id).exec())?.content.name).toBe('Typed here'),
    );
    // Another tab (or a merge from another device) renames it while the field keeps focus.
    const doc = await db.templates.findOne(stored.id).exec();
    await doc!.incrementalModify((d) => ({
      ...d,
      content: { ...d.content, name: 'Renamed in tab A' },
    }));
    await waitFor(() => expect(name.value).toBe('Renamed in tab A'));
    // The next keystroke edits what the organiser sees, not the stale text.
    fireEvent.change(name, { target: { value: 'Renamed in tab A!' } });
    await waitFor(async () =>
      expect((await db.templates.findOne(stored.id).exec())?.content.name).toBe(
        'Renamed in tab A!',
      ),
    );
  });

  it('the echo of an earlier keystroke never takes the field back while typing goes on', async () => {
    const stored = await storeTemplate(db);
    renderBuilder(db, `/builder/${stored.id}`);
    const name = (await screen.findByLabelText(/^Name/)) as HTMLInputElement;
    const shown: string[] = [];
    const observer = new MutationObserver(() => shown.push(name.value));
    observer.observe(name, { attributes: true });
    for (const value of ['T', 'Te', 'Tea', 'Team', 'Team q', 'Team quiz']) {
      fireEvent.change(name, { target: { value } });
      shown.push(name.value);
      // A turn of the event loop between keystrokes, as between real ones: an earlier
      // keystroke's write and its echo can then land in the middle of the typing (the race this
      // checks). Nothing here waits for them; the waitFor below does.
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await waitFor(async () =>
      expect((await db.templates.findOne(stored.id).exec())?.content.name).toBe('Team quiz'),
    );
    await settle();
    observer.disconnect();
    expect(name.value).toBe('Team quiz');
    // Never back to a shorter value once a longer one was shown.
    const lengths = shown.map((v) => v.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
  });
});

describe('SPEC §2.8 Chrome', () => {
  it('has a logo going to "/" and filters the navigation by sign-in', async () => {
    const stored = await storeTemplate(db);
    renderBuilder(db, `/builder/${stored.id}`);
    await screen.findByTestId('overview-section-tasks');
    expect(screen.getByTestId('builder-logo').getAttribute('href')).toBe('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard']);
    cleanup();
    session.signedIn = true;
    renderBuilder(db, `/builder/${stored.id}`);
    await screen.findByTestId('overview-section-tasks');
    expect(
      within(screen.getByRole('navigation', { name: 'Main' }))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'My Activities', 'Template Library', 'Activity Builder']);
  });

  it('sub-screens have the Name field and the quiz tabs; switching tab closes the help panel', async () => {
    const stored = await storeTemplate(db);
    const { router } = renderBuilder(db, `/builder/${stored.id}/tasks`);
    await screen.findByTestId('screen-tasks');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Styling', 'Tasks']);
    expect(screen.getByRole('tab', { name: 'Tasks' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe(stored.name);

    fireEvent.click(screen.getByRole('button', { name: 'Help edit-tasks' }));
    expect(screen.getByTestId('help-panel').getAttribute('data-topic')).toBe('edit-tasks');
    fireEvent.click(screen.getByRole('tab', { name: 'Styling' }));
    await screen.findByTestId('screen-styling');
    expect(router.state.location.pathname).toBe(`/builder/${stored.id}/styling`);
    expect(screen.queryByTestId('help-panel')).toBeNull();
  });

  it('location templates have the tabs Styling, Locations, Tasks, Order', async () => {
    const stored = await storeTemplate(db, { gameType: 'location' });
    renderBuilder(db, `/builder/${stored.id}/locations`);
    await screen.findByTestId('locations-placeholder');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Styling',
      'Locations',
      'Tasks',
      'Order',
    ]);
    expect(screen.getByRole('link', { name: 'Back to Overview' }).getAttribute('href')).toBe(
      `/builder/${stored.id}/overview`,
    );
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      `/builder/${stored.id}/tasks`,
    );
  });

  it('the Order screen is a placeholder with the phone frame, previous /overview', async () => {
    const stored = await storeTemplate(db, { gameType: 'location' });
    renderBuilder(db, `/builder/${stored.id}/order`);
    expect(await screen.findByText('[locations initial preview]')).toBeTruthy();
    expect(screen.getByTestId('order-placeholder').textContent).toBe('content');
    expect(screen.getByRole('link', { name: 'Back to Overview' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Test Activity' })).toBeTruthy();
  });

  it('shows the sync indicator', async () => {
    const stored = await storeTemplate(db);
    renderBuilder(db, `/builder/${stored.id}`);
    expect(await screen.findByTestId('sync-indicator')).toBeTruthy();
  });
});

describe('SPEC §2.8 Help side panel', () => {
  it('toggles one topic; the same help button closes it', async () => {
    const stored = await storeTemplate(db);
    renderBuilder(db, `/builder/${stored.id}/tasks`);
    fireEvent.click(await screen.findByRole('button', { name: 'Help edit-tasks' }));
    const panel = screen.getByTestId('help-panel');
    expect(within(panel).getByRole('heading', { name: 'Editing tasks' })).toBeTruthy();
    expect(panel.textContent).toContain('Multiple Choice Question');
    fireEvent.click(screen.getByRole('button', { name: 'Help edit-tasks' }));
    expect(screen.queryByTestId('help-panel')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Help edit-tasks' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close help' }));
    expect(screen.queryByTestId('help-panel')).toBeNull();
  });

  it('SPEC §8: an unknown help topic is reported as "No help topic found for helpId {id}", and no panel opens', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stored = await storeTemplate(db);
    renderBuilder(db, `/builder/${stored.id}/tasks`);
    fireEvent.click(await screen.findByRole('button', { name: 'Help unknown' }));
    expect(screen.queryByTestId('help-panel')).toBeNull();
    expect(consoleError).toHaveBeenCalledWith('No help topic found for helpId no-such-topic');
    expect(reported.errors).toHaveLength(1);
    expect((reported.errors[0] as Error).message).toBe(
      'No help topic found for helpId no-such-topic',
    );
  });
});

describe('SPEC §2.8 "Test Activity"', () => {
  it('opens the launch/demo dialog in demo mode for the template id and name', async () => {
    const stored = await storeTemplate(db);
    renderBuilder(db, `/builder/${stored.id}`);
    const button = await screen.findByRole('button', { name: TEST_ACTIVITY_TEXTS.button });
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Create (Demo) Activity' });
    expect(dialog.getAttribute('data-mode')).toBe('demo');
    expect(dialog.getAttribute('data-opened-from')).toBe('builder');
    expect(dialog.getAttribute('data-template')).toBe(`${stored.id}|${stored.name}`);
  });

  it('is disabled while the template is invalid', async () => {
    renderBuilder(db, '/builder');
    const button = await screen.findByRole('button', { name: TEST_ACTIVITY_TEXTS.button });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById('test-activity-reason')?.textContent).toBe(
      TEST_ACTIVITY_TEXTS.invalid,
    );
  });

  it('is disabled while changes have not reached the server', async () => {
    const stored = await storeTemplate(db, {}, { pending: true });
    renderBuilder(db, `/builder/${stored.id}`);
    const button = await screen.findByRole('button', { name: TEST_ACTIVITY_TEXTS.button });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById('test-activity-reason')?.textContent).toBe(
      TEST_ACTIVITY_TEXTS.unsaved,
    );
  });

  it('opens by itself when the URL carries finish-create; closing drops the query', async () => {
    const stored = await storeTemplate(db);
    const { router } = renderBuilder(db, `/builder/${stored.id}?finish-create=true`);
    const dialog = await screen.findByRole('dialog', { name: 'Create (Demo) Activity' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close demo' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog', { name: 'Create (Demo) Activity' })).toBeNull();
  });

  it('with finish-create, waits until the activity can be tested', async () => {
    const stored = await storeTemplate(db, {}, { pending: true });
    renderBuilder(db, `/builder/${stored.id}?finish-create=true`);
    await screen.findByRole('button', { name: TEST_ACTIVITY_TEXTS.button });
    expect(screen.queryByRole('dialog', { name: 'Create (Demo) Activity' })).toBeNull();
    await act(async () => {
      const doc = await db.templates.findOne(stored.id).exec();
      await doc?.incrementalPatch({ pushedVersion: 2, syncState: 'synced' });
    });
    expect(await screen.findByRole('dialog', { name: 'Create (Demo) Activity' })).toBeTruthy();
  });
});

describe('SPEC §2.8 Create Account blocker dialog', () => {
  it('stops a guest leaving the builder, offers a sign-up deep link, and closing lets the navigation proceed', async () => {
    const stored = await storeTemplate(db);
    const { router } = renderBuilder(db, `/builder/${stored.id}`);
    await screen.findByTestId('overview-section-tasks');
    // Moving inside the builder is never blocked.
    await act(() => router.navigate(`/builder/${stored.id}/tasks`));
    expect(router.state.location.pathname).toBe(`/builder/${stored.id}/tasks`);
    expect(screen.queryByTestId('create-account-blocker')).toBeNull();

    fireEvent.click(screen.getByTestId('builder-logo'));
    const blocker = await screen.findByTestId('create-account-blocker');
    expect(router.state.location.pathname).toBe(`/builder/${stored.id}/tasks`);
    expect(screen.getByText('Create Account')).toBeTruthy();
    expect(
      within(blocker).getByText("Don't lose your work - create your FREE account now."),
    ).toBeTruthy();
    expect(within(blocker).getByText('No credit card needed')).toBeTruthy();
    expect(
      within(blocker).getByRole('link', { name: 'Sign up for free' }).getAttribute('href'),
    ).toBe('/sign-up?from=%2F');

    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Create Account' })).getByRole('button', {
        name: DIALOG_TEXTS.closeDialog,
      }),
    );
    await screen.findByTestId('dashboard');
    expect(router.state.location.pathname).toBe('/');
  });

  it('the sign-up link leaves for sign-up, returning to the intended path', async () => {
    const stored = await storeTemplate(db);
    const { router } = renderBuilder(db, `/builder/${stored.id}`);
    await screen.findByTestId('overview-section-tasks');
    await act(() => router.navigate('/templates?owner=mine'));
    const blocker = await screen.findByTestId('create-account-blocker');
    fireEvent.click(within(blocker).getByRole('link', { name: 'Sign up for free' }));
    await waitFor(() => expect(where()).toBe('/sign-up?from=%2Ftemplates%3Fowner%3Dmine'));
  });

  it('someone with an account already can sign in instead, returning to the intended path', async () => {
    const stored = await storeTemplate(db);
    const { router } = renderBuilder(db, `/builder/${stored.id}`);
    await screen.findByTestId('overview-section-tasks');
    await act(() => router.navigate('/templates?owner=mine'));
    const blocker = await screen.findByTestId('create-account-blocker');
    expect(within(blocker).getByText(/Already have an account\?/)).toBeTruthy();
    const signIn = within(blocker).getByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/sign-in?from=%2Ftemplates%3Fowner%3Dmine');
    fireEvent.click(signIn);
    await waitFor(() => expect(where()).toBe('/sign-in?from=%2Ftemplates%3Fowner%3Dmine'));
  });

  it('does not stop signed-in users', async () => {
    session.signedIn = true;
    const stored = await storeTemplate(db);
    const { router } = renderBuilder(db, `/builder/${stored.id}`);
    await screen.findByTestId('overview-section-tasks');
    await act(() => router.navigate('/'));
    expect(await screen.findByTestId('dashboard')).toBeTruthy();
    expect(screen.queryByTestId('create-account-blocker')).toBeNull();
  });
});
