// @vitest-environment happy-dom
/**
 * SPEC §2.7 Template Library and §9 "Template Library filters", through the screen: the Owner
 * group only when signed in, the checkbox logic, the cards' fields, the empty messages, and
 * "Choose Template" (copy on this device, spinner and every card disabled, then the builder; on
 * failure logged and reset). The Blank card first, whatever the filters, starting a
 * new blank activity.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSession } from '../../../src/auth/session';
import { BOOKING_LINK } from '../../../src/ui/marketingLinks';
import type { TeamtrailDatabase } from '../../../src/localdb/database';
import {
  createTemplateRepository,
  type TemplateRepository,
} from '../../../src/localdb/templateRepository';
import { rememberLastTemplate } from '../../../src/localdb/lastTemplate';
import { BLANK_TEMPLATE, BLANK_TEMPLATE_THUMBNAIL } from '../../../src/domain/blankTemplate';
import { MESSAGES } from '../../../src/domain/messages';
import {
  LIBRARY_DESCRIPTION,
  LIBRARY_NOT_DOWNLOADED,
  TemplateLibraryPage,
} from '../../../src/features/library/TemplateLibraryPage';
import {
  fakeSync,
  masterTemplate,
  openTestDatabase,
  OWNER,
  renderScreen,
  storeLibrary,
  SYNCED_STATUS,
  templateContent,
} from './harness';

vi.mock('../../../src/auth/session', () => ({ useSession: vi.fn() }));

const MEMBER = {
  signedIn: true,
  user: { id: 'u1', name: 'Olive', email: 'olive@example.com' },
  canScheduleActivity: true,
} as const;
const GUEST = { signedIn: false, user: null, canScheduleActivity: false } as const;

let db: TeamtrailDatabase;
beforeEach(async () => {
  db = await openTestDatabase();
  vi.mocked(useSession).mockReturnValue(MEMBER);
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await db.close();
});

const PUB_QUIZ = masterTemplate('Pub Quiz', {
  deliveryType: 'inPerson',
  gameType: 'quiz',
  duration: 120,
  shortDescription: 'A classic pub quiz.',
  description: 'A long description of the pub quiz that the card does not show.',
});
const REMOTE = masterTemplate('Remote Connect', {
  deliveryType: 'virtual',
  gameType: 'quiz',
  duration: 30,
  shortDescription: '',
  description: 'Bring a distributed team together.',
});
const CAMPUS = masterTemplate('Campus Trail', {
  deliveryType: 'hybrid',
  gameType: 'location',
  duration: 720,
  shortDescription: 'Explore the campus.',
  comingSoon: true,
});

const render = (options: { signedIn?: boolean; initialEntry?: string } = {}) =>
  renderScreen(<TemplateLibraryPage />, {
    db,
    path: '/templates',
    initialEntry: options.initialEntry,
    signedIn: options.signedIn,
  });

const card = (name: string) => screen.getByRole('article', { name });
const cardNames = () =>
  screen
    .queryAllByRole('article')
    .map((article) => within(article).getByRole('heading').textContent);
const group = (name: string) => screen.getByRole('group', { name });
const checkbox = (groupName: string, option: string) =>
  within(group(groupName)).getByRole('checkbox', { name: option }) as HTMLInputElement;
const checked = (groupName: string) =>
  within(group(groupName))
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.getAttribute('value'));

describe('SPEC §2.7 Template Library', () => {
  it('has the heading "Template Library" and its description', async () => {
    await storeLibrary(db, [PUB_QUIZ]);
    render();
    expect(await screen.findByRole('heading', { name: 'Template Library', level: 1 })).toBeTruthy();
    expect(screen.getByText(LIBRARY_DESCRIPTION)).toBeTruthy();
    expect(LIBRARY_DESCRIPTION).toBe(
      'Browse our range of templated activities, all of which can be customised to suit your needs.',
    );
  });

  it('cards show the thumbnail, the name, the delivery-type badge, the short description and the duration', async () => {
    await storeLibrary(db, [
      PUB_QUIZ,
      REMOTE,
      masterTemplate('Away Day', { deliveryType: 'hybrid', duration: 1440 }),
    ]);
    render();
    const pub = await screen.findByRole('article', { name: 'Pub Quiz' });
    expect(pub.querySelector('img')?.getAttribute('src')).toBe(PUB_QUIZ.thumbnail);
    expect(within(pub).getByTestId('delivery-type').textContent).toBe('In Person');
    expect(within(pub).getByTestId('description').textContent).toBe('A classic pub quiz.');
    expect(within(pub).getByTestId('duration').textContent).toBe('120 mins');
    expect(within(card('Remote Connect')).getByTestId('delivery-type').textContent).toBe('Virtual');
    expect(within(card('Away Day')).getByTestId('delivery-type').textContent).toBe('Hybrid');
    expect(within(card('Away Day')).getByTestId('duration').textContent).toBe('Full Day');
  });

  it('falls back to the description when there is no short description', async () => {
    await storeLibrary(db, [REMOTE]);
    render();
    const remote = await screen.findByRole('article', { name: 'Remote Connect' });
    expect(within(remote).getByTestId('description').textContent).toBe(
      'Bring a distributed team together.',
    );
  });

  it('a comingSoon template shows "Upgrade - Contact us", linking to the booking page, instead of "Choose Template"', async () => {
    await storeLibrary(db, [CAMPUS]);
    render({ initialEntry: '/templates?gameType=all' });
    const campus = await screen.findByRole('article', { name: 'Campus Trail' });
    const link = within(campus).getByRole('link', { name: 'Upgrade - Contact us' });
    expect(link.getAttribute('href')).toBe(BOOKING_LINK.href);
    expect(within(campus).queryByRole('button', { name: 'Choose Template' })).toBeNull();
    expect(within(campus).getByTestId('duration').textContent).toBe('Half Day');
  });

  it('shows the Owner group (All / Mine / Master) only when signed in', async () => {
    await storeLibrary(db, [PUB_QUIZ]);
    render();
    await screen.findByRole('article', { name: 'Pub Quiz' });
    expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual(
      ['Location', 'Game Type', 'Duration', 'Owner'],
    );
    expect(
      within(group('Owner'))
        .getAllByRole('checkbox')
        .map((box) => box.closest('.mantine-Checkbox-root')?.textContent),
    ).toEqual(['All', 'Mine', 'Master']);
    cleanup();

    vi.mocked(useSession).mockReturnValue(GUEST);
    render({ signedIn: false });
    await screen.findByRole('article', { name: 'Pub Quiz' });
    expect(screen.queryByRole('group', { name: 'Owner' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Location' })).toBeTruthy();
  });

  it('the "Filters" panel collapses and opens again', async () => {
    await storeLibrary(db, [PUB_QUIZ]);
    render();
    const toggle = await screen.findByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(checkbox('Location', 'All').checked).toBe(true);
  });

  it('shows skeleton cards while the library has not been read yet, and no empty message', async () => {
    await storeLibrary(db, [PUB_QUIZ]);
    render();
    expect(screen.getAllByTestId('card-skeleton').length).toBeGreaterThan(0);
    expect(screen.queryByText(MESSAGES.library.empty)).toBeNull();
    await screen.findByRole('article', { name: 'Pub Quiz' });
    expect(screen.queryAllByTestId('card-skeleton')).toHaveLength(0);
  });

  it('keeps showing skeletons while the first download of the library is under way', async () => {
    renderScreen(<TemplateLibraryPage />, {
      db,
      path: '/templates',
      sync: fakeSync({ ...SYNCED_STATUS, lastPullAt: null, pulling: true }),
    });
    await waitFor(() => expect(screen.getByTestId('list-freshness')).toBeTruthy());
    expect(screen.getAllByTestId('card-skeleton').length).toBeGreaterThan(0);
    expect(screen.queryByText(MESSAGES.library.empty)).toBeNull();
  });

  it('says so clearly when this device has never downloaded the library and is offline', async () => {
    renderScreen(<TemplateLibraryPage />, {
      db,
      path: '/templates',
      sync: fakeSync({ ...SYNCED_STATUS, lastPullAt: null, online: false }),
    });
    const alert = await screen.findByTestId('library-not-downloaded');
    expect(alert.textContent).toContain(LIBRARY_NOT_DOWNLOADED.title);
    expect(screen.queryByText(MESSAGES.library.empty)).toBeNull();
    expect(screen.queryAllByTestId('card-skeleton')).toHaveLength(0);
  });
});

describe('SPEC §2.7 empty messages', () => {
  it('"There are no templates to display" when there are none', async () => {
    render();
    expect(await screen.findByText('There are no templates to display')).toBeTruthy();
  });

  it('"There are no templates to display for this filter criteria" when the filters hide them all', async () => {
    await storeLibrary(db, [PUB_QUIZ]);
    render();
    await screen.findByRole('article', { name: 'Pub Quiz' });
    fireEvent.click(checkbox('Location', 'Virtual'));
    expect(
      await screen.findByText('There are no templates to display for this filter criteria'),
    ).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('SPEC §9 Template Library filters, through the panel', () => {
  beforeEach(async () => {
    await storeLibrary(db, [PUB_QUIZ, REMOTE, CAMPUS]);
    await createTemplateRepository(db).create(
      OWNER,
      templateContent('My own quiz', { deliveryType: 'virtual', duration: 60 }),
    );
  });

  it('defaults: Location All, Game Type All, Duration All, Owner Master', async () => {
    render();
    await screen.findByRole('article', { name: 'Pub Quiz' });
    expect(checked('Location')).toEqual(['all']);
    expect(checked('Game Type')).toEqual(['all']);
    expect(checked('Duration')).toEqual(['all']);
    expect(checked('Owner')).toEqual(['true']);
    expect(cardNames()).toEqual(['Pub Quiz', 'Remote Connect', 'Campus Trail']);
  });

  it('choosing another option unchecks "All"; choosing "All" unchecks the others', async () => {
    const { router } = render();
    await screen.findByRole('article', { name: 'Pub Quiz' });
    fireEvent.click(checkbox('Location', 'Virtual'));
    await waitFor(() => expect(checked('Location')).toEqual(['virtual']));
    expect(cardNames()).toEqual(['Remote Connect']);
    fireEvent.click(checkbox('Location', 'Hybrid'));
    await waitFor(() => expect(checked('Location')).toEqual(['hybrid', 'virtual']));
    expect(cardNames()).toEqual(['Remote Connect', 'Campus Trail']);
    // The selection is kept in the URL.
    expect(new URLSearchParams(router.state.location.search).get('location')).toBe(
      'hybrid,virtual',
    );

    fireEvent.click(checkbox('Location', 'All'));
    await waitFor(() => expect(checked('Location')).toEqual(['all']));
    expect(cardNames()).toHaveLength(3);
    expect(router.state.location.search).toBe('');
  });

  it('unchecking the last option checks "All" again', async () => {
    render();
    await screen.findByRole('article', { name: 'Pub Quiz' });
    fireEvent.click(checkbox('Duration', '30 mins'));
    await waitFor(() => expect(checked('Duration')).toEqual(['30']));
    fireEvent.click(checkbox('Duration', '30 mins'));
    await waitFor(() => expect(checked('Duration')).toEqual(['all']));
  });

  it('checking every non-All option reverts the group to only "All"', async () => {
    render();
    await screen.findByRole('article', { name: 'Pub Quiz' });
    fireEvent.click(checkbox('Game Type', 'Indoor'));
    await waitFor(() => expect(checked('Game Type')).toEqual(['quiz']));
    expect(cardNames()).toEqual(['Pub Quiz', 'Remote Connect']);
    fireEvent.click(checkbox('Game Type', 'Outdoor'));
    await waitFor(() => expect(checked('Game Type')).toEqual(['all']));
    expect(cardNames()).toHaveLength(3);
  });

  it('Owner: "Mine" shows the user\'s own templates, "All" both', async () => {
    render();
    await screen.findByRole('article', { name: 'Pub Quiz' });
    fireEvent.click(checkbox('Owner', 'Mine'));
    await waitFor(() => expect(checked('Owner')).toEqual(['all']));
    // Mine + Master is every option: the group reverts to "All", which shows both.
    expect(cardNames()).toEqual(['Pub Quiz', 'Remote Connect', 'Campus Trail', 'My own quiz']);
    fireEvent.click(checkbox('Owner', 'Master'));
    await waitFor(() => expect(checked('Owner')).toEqual(['true']));
    fireEvent.click(checkbox('Owner', 'Master'));
    await waitFor(() => expect(checked('Owner')).toEqual(['all']));
    fireEvent.click(checkbox('Owner', 'Mine'));
    await waitFor(() => expect(checked('Owner')).toEqual(['false']));
    expect(cardNames()).toEqual(['My own quiz']);
    // An own template has no thumbnail: a placeholder stands in.
    expect(within(card('My own quiz')).getByTestId('thumbnail-placeholder')).toBeTruthy();
  });

  it('reads the filters from the URL, e.g. after Back from the builder', async () => {
    render({ initialEntry: '/templates?location=virtual&owner=all' });
    await screen.findByRole('article', { name: 'Remote Connect' });
    expect(checked('Location')).toEqual(['virtual']);
    expect(checked('Owner')).toEqual(['all']);
    expect(cardNames()).toEqual(['Remote Connect', 'My own quiz']);
  });
});

/** A repository whose copies wait until the test lets them finish (or fail). */
function gatedRepository(fail = false) {
  const real = createTemplateRepository(db);
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const copies: string[] = [];
  const repository: TemplateRepository = {
    ...real,
    async copy(owner, source, id) {
      copies.push(source.name);
      await gate;
      if (fail) throw new Error('IndexedDB is full');
      return real.copy(owner, source, id);
    },
  };
  return { repository, release, copies };
}

describe('SPEC §2.7 "Choose Template"', () => {
  it('copies the template on this device, with a spinner on its card and every card disabled, then opens /builder/{newId}', async () => {
    await storeLibrary(db, [PUB_QUIZ, REMOTE, CAMPUS]);
    const gated = gatedRepository();
    const { router } = renderScreen(<TemplateLibraryPage />, {
      db,
      path: '/templates',
      repository: gated.repository,
      initialEntry: '/templates?gameType=all',
    });
    const pub = await screen.findByRole('article', { name: 'Pub Quiz' });
    fireEvent.click(within(pub).getByRole('button', { name: 'Choose Template' }));

    await waitFor(() => expect(pub.getAttribute('aria-busy')).toBe('true'));
    const pubButton = within(pub).getByRole('button', { name: 'Choose Template' });
    expect(pubButton.hasAttribute('data-loading')).toBe(true);
    const remoteButton = within(card('Remote Connect')).getByRole('button', {
      name: 'Choose Template',
    }) as HTMLButtonElement;
    expect(remoteButton.disabled).toBe(true);
    expect(
      within(card('Campus Trail'))
        .getByRole('link', { hidden: true })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    // A second click while copying starts nothing.
    fireEvent.click(remoteButton);

    await act(async () => gated.release());
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/builder\//));
    const newId = router.state.location.pathname.split('/')[2]!;
    expect(newId).not.toBe(PUB_QUIZ.id);
    expect(gated.copies).toEqual(['Pub Quiz']);
    const copy = await db.templates.findOne(newId).exec();
    expect(copy?.owner).toBe(OWNER);
    // A library template keeps its name (templateRepository.copy).
    expect(copy?.content.name).toBe('Pub Quiz');
    expect(copy?.content.shortDescription).toBe('A classic pub quiz.');
    expect((await screen.findByTestId('builder')).textContent).toBe(`Builder for ${newId}`);
  });

  it('copies one of the user\'s own templates from this device as "Copy of …"', async () => {
    const own = await createTemplateRepository(db).create(OWNER, templateContent('Quarterly quiz'));
    const { router } = render({ initialEntry: '/templates?owner=false' });
    const mine = await screen.findByRole('article', { name: 'Quarterly quiz' });
    fireEvent.click(within(mine).getByRole('button', { name: 'Choose Template' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/builder\//));
    const newId = router.state.location.pathname.split('/')[2]!;
    expect(newId).not.toBe(own.id);
    expect((await db.templates.findOne(newId).exec())?.content.name).toBe('Copy of Quarterly quiz');
  });

  it('on failure logs it and resets the card', async () => {
    await storeLibrary(db, [PUB_QUIZ, REMOTE]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const gated = gatedRepository(true);
    const { router } = renderScreen(<TemplateLibraryPage />, {
      db,
      path: '/templates',
      repository: gated.repository,
    });
    const pub = await screen.findByRole('article', { name: 'Pub Quiz' });
    fireEvent.click(within(pub).getByRole('button', { name: 'Choose Template' }));
    await waitFor(() => expect(pub.getAttribute('aria-busy')).toBe('true'));

    await act(async () => gated.release());
    await waitFor(() => expect(pub.getAttribute('aria-busy')).toBeNull());
    expect(logged).toHaveBeenCalledWith(
      'Copying the template "Pub Quiz" failed',
      expect.objectContaining({ message: 'IndexedDB is full' }),
    );
    for (const button of screen.getAllByRole('button', { name: 'Choose Template' })) {
      expect((button as HTMLButtonElement).disabled).toBe(false);
      expect(button.hasAttribute('data-loading')).toBe(false);
    }
    expect(router.state.location.pathname).toBe('/templates');
    expect(screen.getByRole('alert').textContent).toContain('“Pub Quiz” could not be copied');
  });
});

const blankCard = () => screen.getByTestId('blank-activity-card');
const gridCards = () => [...screen.getByTestId('library-grid').children] as HTMLElement[];

describe("the library's Blank card", () => {
  it('comes first in the grid, with the template cards\' look: a "+" picture, "Blank activity", "Start from scratch with an empty activity", "Start blank"', async () => {
    await storeLibrary(db, [PUB_QUIZ, REMOTE]);
    render();
    await screen.findByRole('article', { name: 'Pub Quiz' });
    const [first, ...rest] = gridCards();
    expect(first).toBe(blankCard());
    expect(rest.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Pub Quiz',
      'Remote Connect',
    ]);
    // The blank template's own picture (a dashed page with a "+"), decorative like the thumbnails.
    const picture = blankCard().querySelector('img');
    expect(picture?.getAttribute('src')).toBe(BLANK_TEMPLATE_THUMBNAIL);
    expect(picture?.getAttribute('alt')).toBe('');
    expect(within(blankCard()).getByRole('heading', { level: 3 }).textContent).toBe(
      'Blank activity',
    );
    expect(blankCard().textContent).toContain('Start from scratch with an empty activity');
    expect(within(blankCard()).getByRole('button', { name: 'Start blank' })).toBeTruthy();
    // Same card frame as a template's; but not a template: not counted, no badge, no duration.
    expect(blankCard().className).toBe(card('Pub Quiz').className);
    expect(screen.getByTestId('library-count').textContent).toBe('2 templates');
    expect(within(blankCard()).queryByTestId('delivery-type')).toBeNull();
  });

  it('creates a new blank activity for the current owner — a new id, not the last opened one — and opens it in the builder', async () => {
    await storeLibrary(db, [PUB_QUIZ]);
    const earlier = await createTemplateRepository(db).create(
      OWNER,
      templateContent('Earlier activity'),
    );
    await rememberLastTemplate(db, earlier.id);
    const { router } = render();
    await screen.findByRole('article', { name: 'Pub Quiz' });
    fireEvent.click(within(blankCard()).getByRole('button', { name: 'Start blank' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/builder\//));
    const newId = router.state.location.pathname.split('/')[2]!;
    expect(newId).not.toBe(earlier.id);
    const created = await db.templates.findOne(newId).exec();
    expect(created?.owner).toBe(OWNER);
    expect(created?.content.name).toBe(BLANK_TEMPLATE.name);
    expect(created?.content.steps).toHaveLength(BLANK_TEMPLATE.steps.length);
    expect((await screen.findByTestId('builder')).textContent).toBe(`Builder for ${newId}`);
  });

  it('is not hidden by the filters: with every template filtered out it stays, beside the empty message', async () => {
    await storeLibrary(db, [PUB_QUIZ]);
    render({ initialEntry: '/templates?location=virtual' });
    expect(
      await screen.findByText('There are no templates to display for this filter criteria'),
    ).toBeTruthy();
    expect(gridCards()).toEqual([blankCard()]);
    expect(screen.queryByTestId('library-count')).toBeNull();
  });

  it('is there while the library is read, and when this device has never downloaded it and is offline', async () => {
    await storeLibrary(db, [PUB_QUIZ]);
    render();
    expect(gridCards()[0]).toBe(blankCard());
    expect(screen.getAllByTestId('card-skeleton').length).toBeGreaterThan(0);
    await screen.findByRole('article', { name: 'Pub Quiz' });
    cleanup();

    const neverDownloaded = await openTestDatabase();
    renderScreen(<TemplateLibraryPage />, {
      db: neverDownloaded,
      path: '/templates',
      sync: fakeSync({ ...SYNCED_STATUS, lastPullAt: null, online: false }),
    });
    await screen.findByTestId('library-not-downloaded');
    expect(gridCards()).toEqual([blankCard()]);
    expect(
      (within(blankCard()).getByRole('button', { name: 'Start blank' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
    cleanup();
    await neverDownloaded.close();
  });

  it('while it is made, its button shows a spinner and every card waits; a failure says so and resets it', async () => {
    await storeLibrary(db, [PUB_QUIZ]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const gated = gatedRepository(true);
    renderScreen(<TemplateLibraryPage />, { db, path: '/templates', repository: gated.repository });
    await screen.findByRole('article', { name: 'Pub Quiz' });
    const start = within(blankCard()).getByRole('button', { name: 'Start blank' });
    fireEvent.click(start);

    await waitFor(() => expect(blankCard().getAttribute('aria-busy')).toBe('true'));
    expect(start.hasAttribute('data-loading')).toBe(true);
    const choose = within(card('Pub Quiz')).getByRole('button', {
      name: 'Choose Template',
    }) as HTMLButtonElement;
    expect(choose.disabled).toBe(true);

    await act(async () => gated.release());
    await waitFor(() => expect(blankCard().getAttribute('aria-busy')).toBeNull());
    expect(screen.getByRole('alert').textContent).toContain(
      'A new activity could not be made on this device. Please try again.',
    );
    expect(choose.disabled).toBe(false);
    expect(logged).toHaveBeenCalled();
  });

  it('waits while a template is being copied', async () => {
    await storeLibrary(db, [PUB_QUIZ]);
    const gated = gatedRepository();
    renderScreen(<TemplateLibraryPage />, { db, path: '/templates', repository: gated.repository });
    const pub = await screen.findByRole('article', { name: 'Pub Quiz' });
    fireEvent.click(within(pub).getByRole('button', { name: 'Choose Template' }));
    await waitFor(() => expect(pub.getAttribute('aria-busy')).toBe('true'));
    const start = within(blankCard()).getByRole('button', {
      name: 'Start blank',
    }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    fireEvent.click(start);
    await act(async () => gated.release());
    expect(gated.copies).toEqual(['Pub Quiz']);
  });
});
