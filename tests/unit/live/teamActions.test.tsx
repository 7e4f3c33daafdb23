// @vitest-environment happy-dom
/**
 * The organiser's team actions on the statistics screen (docs/games.md "Teams: rename, remove,
 * bonus and penalty points"), with fetch and EventSource mocked: each call carries the screen
 * key, a refusal shows the server's message next to the field and keeps what was typed, and a
 * success shows in the Teams table (the statistics are read again).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider, Menu, mergeThemeOverrides } from '@mantine/core';
import { theme } from '../../../src/ui/theme';
import { LiveApp } from '../../../src/live/LiveApp';
import type { Statistics } from '../../../src/domain/games';
import { FakeEventSource } from '../support/fakeEventSource';
import { GAME_ID, json, KEY, publicGame, statistics, team } from './fixtures';

const ENCODED_KEY = encodeURIComponent(KEY);
const TEAM_A_URL = `/v1/games/${GAME_ID}/teams/a?key=${ENCODED_KEY}`;
const ADJUSTMENTS_URL = `/v1/games/${GAME_ID}/teams/a/adjustments?key=${ENCODED_KEY}`;

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;
let handler: Handler;
let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;

beforeEach(() => {
  FakeEventSource.reset();
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// happy-dom lays nothing out, so floating-ui reckons every menu's target clipped and hides a menu
// opened a second time; a browser does not.
const testTheme = mergeThemeOverrides(theme, {
  components: { Menu: Menu.extend({ defaultProps: { hideDetached: false } }) },
});

const OPEN_GAME = {
  startsAt: new Date(Date.now() - 3_600_000).toISOString(),
  endsAt: new Date(Date.now() + 3_600_000).toISOString(),
};

/** What the server's statistics say now; a test changes it when the server would. */
let current: Statistics;

const withTeams = (teams: Statistics['teams']): Statistics => ({ ...current, teams });

/** Answers the statistics and the adjustments list; `other` answers the team calls. */
function serve(other: Handler = () => json({ errorMessage: 'Not expected.' }, 500)) {
  handler = (url, init) => {
    if (!init?.method || init.method === 'GET') {
      if (url.includes('/statistics?')) return json(current);
      if (url.includes('/adjustments?')) return json({ adjustments: [] });
    }
    return other(url, init);
  };
}

const calls = (method: string) => fetchMock.mock.calls.filter(([, i]) => i?.method === method);
const statisticsReads = () =>
  fetchMock.mock.calls.filter(([url, i]) => !i?.method && url.includes('/statistics?')).length;

async function openTeams() {
  render(
    <MantineProvider theme={testTheme}>
      <LiveApp
        location={{ pathname: `/live/${GAME_ID}/statistics`, search: `?key=${ENCODED_KEY}` }}
      />
    </MantineProvider>,
  );
  return screen.findByRole('table');
}

async function chooseAction(teamName: string, item: RegExp) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${teamName}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

const rowOf = (name: string) =>
  screen.getAllByRole('row').find((r) => within(r).queryByRole('rowheader', { name }));

beforeEach(() => {
  current = statistics({ game: publicGame({ ...OPEN_GAME, teamsCount: 2 }) });
});

describe('teams on the statistics screen (docs/games.md "Teams")', () => {
  it('each row has its actions menu, and the Bonus / penalty column shows the adjustments', async () => {
    current = withTeams([
      { ...current.teams[0]!, team: team('a', { score: 55 }), adjustmentPoints: -5 },
      current.teams[1]!,
    ]);
    serve();
    await openTeams();
    expect(screen.getByRole('columnheader', { name: 'Bonus / penalty' })).toBeTruthy();
    expect(screen.getAllByTestId('team-adjustment').map((c) => c.textContent)).toEqual(['-5', '–']);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Team b' }));
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(items).toEqual(['Rename…', 'Bonus or penalty…', 'Remove team…']);
  });

  it('Rename sends PATCH {name} with the key, and the table shows the new name', async () => {
    serve((url, init) => {
      if (init?.method === 'PATCH') {
        current = withTeams([
          { ...current.teams[0]!, team: team('a', { name: 'Owls', score: 60 }) },
          current.teams[1]!,
        ]);
        return json(team('a', { name: 'Owls', score: 60 }));
      }
      return json({ errorMessage: 'Not expected.' }, 500);
    });
    await openTeams();
    await chooseAction('Team a', /^Rename/);
    const dialog = await screen.findByRole('dialog', { name: 'Rename Team a' });
    const input = within(dialog).getByRole('textbox', { name: /Team name/ });
    expect((input as HTMLInputElement).value).toBe('Team a');
    fireEvent.change(input, { target: { value: 'Owls' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [url, init] = calls('PATCH')[0]!;
    expect(url).toBe(TEAM_A_URL);
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Owls' });
    expect(rowOf('Owls')).toBeTruthy();
    expect(rowOf('Team a')).toBeUndefined();
    await waitFor(() => expect(statisticsReads()).toBe(2));
  });

  it('a refused name (409) shows the server’s message under the field and keeps the typed text', async () => {
    const taken = 'Another team already has this name. Choose another one.';
    serve((_url, init) =>
      init?.method === 'PATCH'
        ? json({ errorMessage: taken }, 409)
        : json({ errorMessage: 'Not expected.' }, 500),
    );
    await openTeams();
    await chooseAction('Team a', /^Rename/);
    const dialog = await screen.findByRole('dialog', { name: 'Rename Team a' });
    const input = within(dialog).getByRole('textbox', { name: /Team name/ });
    fireEvent.change(input, { target: { value: 'team B' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const error = await within(dialog).findByText(taken);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
    expect((input as HTMLInputElement).value).toBe('team B');
    expect(screen.getByRole('dialog', { name: 'Rename Team a' })).toBeTruthy();
    expect(rowOf('Team a')).toBeTruthy();
  });

  it('an empty name is refused on the spot with the joining message, and nothing is sent', async () => {
    serve();
    await openTeams();
    await chooseAction('Team a', /^Rename/);
    const dialog = await screen.findByRole('dialog', { name: 'Rename Team a' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Team name/ }), {
      target: { value: '   ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Choose a team name.');
    expect(calls('PATCH')).toHaveLength(0);
  });

  it('Bonus or penalty sends {points, reason} with the key, and the table shows the new score after reload', async () => {
    serve((url, init) => {
      if (init?.method === 'POST') {
        const given = team('a', { score: 65 });
        current = withTeams([
          { ...current.teams[0]!, team: given, adjustmentPoints: 5 },
          current.teams[1]!,
        ]);
        return json(
          {
            adjustment: {
              id: 'adj-1',
              teamId: 'a',
              points: 5,
              reason: 'Best costume',
              createdAt: new Date().toISOString(),
            },
            team: given,
          },
          201,
        );
      }
      return json({ errorMessage: 'Not expected.' }, 500);
    });
    await openTeams();
    await chooseAction('Team a', /^Bonus or penalty/);
    const dialog = await screen.findByRole('dialog', { name: 'Bonus or penalty for Team a' });
    expect(within(dialog).getByText(/negative one .* a penalty/)).toBeTruthy();
    await within(dialog).findByText('None yet.');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Points/ }), {
      target: { value: '5' },
    });
    expect(within(dialog).getByText(/^Bonus: Team a gets 5 points, score 60 → 65/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Best costume' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [url, init] = calls('POST')[0]!;
    expect(url).toBe(ADJUSTMENTS_URL);
    expect(JSON.parse(String(init?.body))).toEqual({ points: 5, reason: 'Best costume' });
    await waitFor(() => expect(statisticsReads()).toBe(2));
    const row = rowOf('Team a')!;
    expect(within(row).getByTestId('team-score').textContent).toBe('65');
    expect(within(row).getByTestId('team-adjustment').textContent).toBe('+5');
  });

  it('a refused adjustment shows the server’s message next to its field and keeps what was typed', async () => {
    serve((_url, init) =>
      init?.method === 'POST'
        ? json({ errorMessage: 'reason: The reason can be at most 200 characters.' }, 400)
        : json({ errorMessage: 'Not expected.' }, 500),
    );
    await openTeams();
    await chooseAction('Team a', /^Bonus or penalty/);
    const dialog = await screen.findByRole('dialog', { name: 'Bonus or penalty for Team a' });
    const points = within(dialog).getByRole('textbox', { name: /Points/ });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    fireEvent.change(points, { target: { value: '-10' } });
    expect(
      within(dialog).getByText(/^Penalty: Team a loses 10 points, score 60 → 50/),
    ).toBeTruthy();
    fireEvent.change(reason, { target: { value: 'Late back to base' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await within(dialog).findByText('The reason can be at most 200 characters.');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect((reason as HTMLInputElement).value).toBe('Late back to base');
    expect((points as HTMLInputElement).value).toBe('-10');
    expect(JSON.parse(String(calls('POST')[0]![1]?.body))).toEqual({
      points: -10,
      reason: 'Late back to base',
    });
  });

  it('0 points or no reason are refused on the spot, and nothing is sent', async () => {
    serve();
    await openTeams();
    await chooseAction('Team a', /^Bonus or penalty/);
    const dialog = await screen.findByRole('dialog', { name: 'Bonus or penalty for Team a' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Points/ }), {
      target: { value: '0' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(/^Points cannot be 0/);
    expect(within(dialog).getByText('Say why the team gets these points.')).toBeTruthy();
    expect(calls('POST')).toHaveLength(0);
  });

  it('no points at all are refused with the range, and each field’s message goes once that field changes', async () => {
    serve();
    await openTeams();
    await chooseAction('Team a', /^Bonus or penalty/);
    const dialog = await screen.findByRole('dialog', { name: 'Bonus or penalty for Team a' });
    const points = within(dialog).getByRole('textbox', { name: /Points/ });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const range = await within(dialog).findByText(
      /^Points must be a whole number from -1000 to 1000/,
    );
    expect(points.getAttribute('aria-invalid')).toBe('true');
    expect(points.getAttribute('aria-describedby')).toContain(range.id);
    expect(reason.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(points, { target: { value: '7' } });
    expect(within(dialog).queryByText(/^Points must be/)).toBeNull();
    expect(within(dialog).getByText('Say why the team gets these points.')).toBeTruthy();
    fireEvent.change(reason, { target: { value: '   ' } });
    expect(within(dialog).queryByText('Say why the team gets these points.')).toBeNull();
    // Spaces are no reason: the request's rule trims.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Say why the team gets these points.');
    expect(calls('POST')).toHaveLength(0);
  });

  it('the bonus or penalty line shows only for points the server would take', async () => {
    serve();
    await openTeams();
    await chooseAction('Team a', /^Bonus or penalty/);
    const dialog = await screen.findByRole('dialog', { name: 'Bonus or penalty for Team a' });
    const points = within(dialog).getByRole('textbox', { name: /Points/ });
    const line = () => within(dialog).queryByText(/^(Bonus|Penalty): Team a/);
    expect(line()).toBeNull();
    fireEvent.change(points, { target: { value: '0' } });
    expect(line()).toBeNull();
    fireEvent.change(points, { target: { value: '1000' } });
    expect(line()?.textContent).toMatch(/^Bonus: Team a gets 1000 points, score 60 → 1060/);
    fireEvent.change(points, { target: { value: '' } });
    expect(line()).toBeNull();
  });

  it('a refusal about the whole request is an alert under the fields, gone once a field changes', async () => {
    serve((_url, init) =>
      init?.method === 'POST'
        ? json({ errorMessage: 'This team is not part of this activity.' }, 404)
        : json({ errorMessage: 'Not expected.' }, 500),
    );
    await openTeams();
    await chooseAction('Team a', /^Bonus or penalty/);
    const dialog = await screen.findByRole('dialog', { name: 'Bonus or penalty for Team a' });
    const points = within(dialog).getByRole('textbox', { name: /Points/ });
    fireEvent.change(points, { target: { value: '5' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Best costume' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This team is not part of this activity.',
    );
    expect(points.getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.change(points, { target: { value: '6' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('a refused name’s message goes as the name changes, and the counter follows each key', async () => {
    serve();
    await openTeams();
    await chooseAction('Team a', /^Rename/);
    const dialog = await screen.findByRole('dialog', { name: 'Rename Team a' });
    const input = within(dialog).getByRole('textbox', { name: /Team name/ });
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const error = await within(dialog).findByText('Choose a team name.');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
    fireEvent.change(input, { target: { value: 'O' } });
    expect(within(dialog).queryByText('Choose a team name.')).toBeNull();
    expect(within(dialog).getByText(/^1 \/ 40\./)).toBeTruthy();
    expect(calls('PATCH')).toHaveLength(0);
  });

  it('the dialog lists the team’s earlier bonus and penalty points', async () => {
    handler = (url) => {
      if (url.includes('/adjustments?')) {
        return json({
          adjustments: [
            {
              id: 'x1',
              teamId: 'a',
              points: 10,
              reason: 'Tidy base',
              createdAt: OPEN_GAME.startsAt,
            },
            {
              id: 'x2',
              teamId: 'a',
              points: -3,
              reason: 'Phone out',
              createdAt: OPEN_GAME.startsAt,
            },
          ],
        });
      }
      return json(current);
    };
    await openTeams();
    await chooseAction('Team a', /^Bonus or penalty/);
    const dialog = await screen.findByRole('dialog', { name: 'Bonus or penalty for Team a' });
    const list = await within(dialog).findByTestId('earlier-adjustments');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(/^\+10Tidy base/), expect.stringMatching(/^-3Phone out/)]);
    expect(fetchMock.mock.calls.some(([url]) => url === ADJUSTMENTS_URL)).toBe(true);
  });

  it('Remove team asks first: Cancel sends nothing; Remove sends DELETE and the team leaves the table after reload', async () => {
    serve((_url, init) => {
      if (init?.method === 'DELETE') {
        current = { ...withTeams([current.teams[1]!]), submissions: [] };
        return new Response(null, { status: 204 });
      }
      return json({ errorMessage: 'Not expected.' }, 500);
    });
    await openTeams();
    await chooseAction('Team a', /^Remove team/);
    const dialog = await screen.findByRole('dialog', { name: 'Remove Team a?' });
    expect(dialog.textContent).toContain(
      'Its answers and points are deleted and its phone can no longer play. This cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('DELETE')).toHaveLength(0);
    expect(rowOf('Team a')).toBeTruthy();

    await chooseAction('Team a', /^Remove team/);
    const again = await screen.findByRole('dialog', { name: 'Remove Team a?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(rowOf('Team a')).toBeUndefined());
    expect(calls('DELETE').map(([url]) => url)).toEqual([TEAM_A_URL]);
    await waitFor(() => expect(statisticsReads()).toBe(2));
    expect(screen.getByRole('tab', { name: 'Teams (1)' })).toBeTruthy();
    expect(rowOf('Team b')).toBeTruthy();
  });

  it('a refused removal says why in the dialog and keeps the team', async () => {
    serve((_url, init) =>
      init?.method === 'DELETE'
        ? json({ errorMessage: 'This team is not part of this activity.' }, 404)
        : json({ errorMessage: 'Not expected.' }, 500),
    );
    await openTeams();
    await chooseAction('Team a', /^Remove team/);
    const dialog = await screen.findByRole('dialog', { name: 'Remove Team a?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'This team is not part of this activity.',
    );
    expect(rowOf('Team a')).toBeTruthy();
  });
});
