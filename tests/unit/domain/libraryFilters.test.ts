import { describe, it, expect } from 'vitest';
import {
  DEFAULT_LIBRARY_FILTERS,
  FILTER_GROUPS,
  filterLibrary,
  libraryEmptyMessage,
  toggleFilterOption,
  visibleFilterGroups,
} from '../../../src/domain/libraryFilters';
import type { FilterGroupState, LibraryFilters } from '../../../src/domain/libraryFilters';
import type { DeliveryType, GameType } from '../../../src/domain/enums';
import type { LibraryTemplate } from '../../../src/domain/schemas';

const checked = <V extends string>(group: FilterGroupState<V>): string[] =>
  Object.entries(group)
    .filter(([, on]) => on)
    .map(([key]) => key)
    .sort();

describe('Template Library filters: groups and options', () => {
  it('Location (All/In Person/Hybrid/Virtual), Game Type (All/Indoor/Outdoor), Duration, Owner (All/Mine/Master)', () => {
    expect(FILTER_GROUPS.map((g) => [g.label, g.options.map((o) => o.label)])).toEqual([
      ['Location', ['All', 'In Person', 'Hybrid', 'Virtual']],
      ['Game Type', ['All', 'Indoor', 'Outdoor']],
      ['Duration', ['All', '30 mins', '60 mins', '90 mins', '120 mins', 'Half Day', 'Full Day']],
      ['Owner', ['All', 'Mine', 'Master']],
    ]);
  });
  it("Owner values: 'true' = master, 'false' = mine", () => {
    const owner = FILTER_GROUPS.find((g) => g.key === 'owner');
    expect(owner?.options).toEqual([
      { value: 'all', label: 'All' },
      { value: 'false', label: 'Mine' },
      { value: 'true', label: 'Master' },
    ]);
  });
  it('Owner is shown only when signed in', () => {
    expect(visibleFilterGroups(false).map((g) => g.key)).toEqual([
      'location',
      'gameType',
      'duration',
    ]);
    expect(visibleFilterGroups(true).map((g) => g.key)).toEqual([
      'location',
      'gameType',
      'duration',
      'owner',
    ]);
  });
});

describe('Defaults: Location All, Game Type All, Duration All, Owner Master', () => {
  it('defaults', () => {
    expect(checked(DEFAULT_LIBRARY_FILTERS.location)).toEqual(['all']);
    expect(checked(DEFAULT_LIBRARY_FILTERS.gameType)).toEqual(['all']);
    expect(checked(DEFAULT_LIBRARY_FILTERS.duration)).toEqual(['all']);
    expect(checked(DEFAULT_LIBRARY_FILTERS.owner)).toEqual(['true']);
    expect(Object.keys(DEFAULT_LIBRARY_FILTERS.duration).sort()).toEqual(
      ['all', '30', '60', '90', '120', '720', '1440'].sort(),
    );
  });
});

describe('Checkbox logic', () => {
  const location = DEFAULT_LIBRARY_FILTERS.location;

  it('choosing another option unchecks "All"', () => {
    expect(checked(toggleFilterOption(location, 'hybrid'))).toEqual(['hybrid']);
  });

  it('choosing "All" unchecks the others', () => {
    const some = toggleFilterOption(toggleFilterOption(location, 'hybrid'), 'virtual');
    expect(checked(some)).toEqual(['hybrid', 'virtual']);
    expect(checked(toggleFilterOption(some, 'all'))).toEqual(['all']);
  });

  it('choosing "All" when it is already the only one checked keeps it checked', () => {
    expect(checked(toggleFilterOption(location, 'all'))).toEqual(['all']);
  });

  it('if none are checked, "All" is checked again', () => {
    const one = toggleFilterOption(location, 'inPerson');
    expect(checked(toggleFilterOption(one, 'inPerson'))).toEqual(['all']);
  });

  it('if every non-All option is checked, the group reverts to only "All"', () => {
    let group: FilterGroupState<DeliveryType> = location;
    group = toggleFilterOption(group, 'inPerson');
    group = toggleFilterOption(group, 'hybrid');
    expect(checked(group)).toEqual(['hybrid', 'inPerson']);
    group = toggleFilterOption(group, 'virtual');
    expect(checked(group)).toEqual(['all']);
  });

  it('unchecking one of several options keeps the others', () => {
    let group: FilterGroupState<DeliveryType> = location;
    group = toggleFilterOption(group, 'inPerson');
    group = toggleFilterOption(group, 'hybrid');
    expect(checked(toggleFilterOption(group, 'inPerson'))).toEqual(['hybrid']);
  });

  it('Owner: unchecking the default Master leaves none, so "All" is checked again', () => {
    expect(checked(toggleFilterOption(DEFAULT_LIBRARY_FILTERS.owner, 'true'))).toEqual(['all']);
  });

  it('Owner: checking Mine next to Master checks every option, so only "All" remains', () => {
    expect(checked(toggleFilterOption(DEFAULT_LIBRARY_FILTERS.owner, 'false'))).toEqual(['all']);
  });

  it('does not mutate the group it was given', () => {
    const before = { ...location };
    toggleFilterOption(location, 'virtual');
    expect(location).toEqual(before);
  });
});

type T = Pick<LibraryTemplate, 'id' | 'deliveryType' | 'gameType' | 'duration' | 'master'>;
const tpl = (
  id: string,
  deliveryType: DeliveryType,
  gameType: GameType,
  duration: T['duration'],
  master: boolean,
): T => ({ id, deliveryType, gameType, duration, master });

const templates: T[] = [
  tpl('a', 'inPerson', 'quiz', 30, true),
  tpl('b', 'hybrid', 'quiz', 60, true),
  tpl('c', 'virtual', 'location', 720, true),
  tpl('d', 'inPerson', 'quiz', 1440, false),
];
const ids = (list: T[]): string[] => list.map((t) => t.id);

describe('filterLibrary', () => {
  const allOwners: LibraryFilters = {
    ...DEFAULT_LIBRARY_FILTERS,
    owner: toggleFilterOption(DEFAULT_LIBRARY_FILTERS.owner, 'all'),
  };

  it('with the defaults a signed-in user sees the master templates only', () => {
    expect(ids(filterLibrary(templates, DEFAULT_LIBRARY_FILTERS, { signedIn: true }))).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('Mine shows the user’s own templates', () => {
    const mine = { ...allOwners, owner: toggleFilterOption(allOwners.owner, 'false') };
    expect(ids(filterLibrary(templates, mine, { signedIn: true }))).toEqual(['d']);
  });

  it('the Owner filter does not apply when signed out', () => {
    expect(ids(filterLibrary(templates, DEFAULT_LIBRARY_FILTERS, { signedIn: false }))).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('Location maps to deliveryType', () => {
    const f = { ...allOwners, location: toggleFilterOption(allOwners.location, 'inPerson') };
    expect(ids(filterLibrary(templates, f, { signedIn: true }))).toEqual(['a', 'd']);
  });

  it('Game Type: Outdoor is location', () => {
    const f = { ...allOwners, gameType: toggleFilterOption(allOwners.gameType, 'location') };
    expect(ids(filterLibrary(templates, f, { signedIn: true }))).toEqual(['c']);
  });

  it('Duration: several options combine with OR, groups combine with AND', () => {
    let duration = toggleFilterOption(allOwners.duration, '30');
    duration = toggleFilterOption(duration, '1440');
    expect(ids(filterLibrary(templates, { ...allOwners, duration }, { signedIn: true }))).toEqual([
      'a',
      'd',
    ]);
    const gameType = toggleFilterOption(allOwners.gameType, 'quiz');
    const location = toggleFilterOption(allOwners.location, 'hybrid');
    expect(
      ids(
        filterLibrary(
          templates,
          { ...allOwners, duration, gameType, location },
          { signedIn: true },
        ),
      ),
    ).toEqual([]);
  });
});

describe('Empty messages', () => {
  it('"There are no templates to display" when there are none', () => {
    expect(libraryEmptyMessage(0, 0)).toBe('There are no templates to display');
  });
  it('"There are no templates to display for this filter criteria" when the filters hide all', () => {
    expect(libraryEmptyMessage(5, 0)).toBe(
      'There are no templates to display for this filter criteria',
    );
  });
  it('no message when templates are shown', () => {
    expect(libraryEmptyMessage(5, 2)).toBeNull();
  });
});
