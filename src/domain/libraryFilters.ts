/**
 * The Template Library's filter panel (SPEC §2.7, §9): four checkbox groups, each with an "All"
 * option, their defaults, the checkbox logic, and the filtering itself.
 */
import { formatDuration } from './constants';
import {
  DELIVERY_TYPE_LABELS,
  DELIVERY_TYPES,
  DURATIONS,
  GAME_TYPE_LABELS,
  GAME_TYPES,
} from './enums';
import type { DeliveryType, Duration, GameType } from './enums';
import { MESSAGES } from './messages';
import type { LibraryTemplate } from './schemas';

export const ALL_OPTION = 'all';
export type AllOption = typeof ALL_OPTION;

/** Which options of a group are checked; every option of the group has a key. */
export type FilterGroupState<V extends string> = Readonly<Record<AllOption | V, boolean>>;

export type DurationOption = `${Duration}`;
/** SPEC §9 Owner values: 'true' = master, 'false' = mine. */
export type OwnerOption = 'true' | 'false';

export interface LibraryFilters {
  location: FilterGroupState<DeliveryType>;
  gameType: FilterGroupState<GameType>;
  duration: FilterGroupState<DurationOption>;
  owner: FilterGroupState<OwnerOption>;
}
export type FilterGroupKey = keyof LibraryFilters;

export interface FilterOption {
  readonly value: string;
  readonly label: string;
}

export interface FilterGroup {
  readonly key: FilterGroupKey;
  readonly label: string;
  readonly options: readonly FilterOption[];
  /** Owner is shown only when signed in. */
  readonly requiresSignIn: boolean;
}

const ALL: FilterOption = { value: ALL_OPTION, label: 'All' };
const DURATION_OPTIONS: readonly DurationOption[] = DURATIONS.map((d) => `${d}` as DurationOption);

/** The panel's groups and their options, in display order. */
export const FILTER_GROUPS: readonly FilterGroup[] = [
  {
    key: 'location',
    label: 'Location',
    options: [
      ALL,
      ...DELIVERY_TYPES.map((value) => ({ value, label: DELIVERY_TYPE_LABELS[value] })),
    ],
    requiresSignIn: false,
  },
  {
    key: 'gameType',
    label: 'Game Type',
    options: [ALL, ...GAME_TYPES.map((value) => ({ value, label: GAME_TYPE_LABELS[value] }))],
    requiresSignIn: false,
  },
  {
    key: 'duration',
    label: 'Duration',
    options: [ALL, ...DURATIONS.map((d) => ({ value: `${d}`, label: formatDuration(d) }))],
    requiresSignIn: false,
  },
  {
    key: 'owner',
    label: 'Owner',
    options: [ALL, { value: 'false', label: 'Mine' }, { value: 'true', label: 'Master' }],
    requiresSignIn: true,
  },
];

export const visibleFilterGroups = (signedIn: boolean): readonly FilterGroup[] =>
  FILTER_GROUPS.filter((group) => signedIn || !group.requiresSignIn);

function onlyChecked<V extends string>(
  options: readonly V[],
  checked: AllOption | V,
): FilterGroupState<V> {
  const state = { [ALL_OPTION]: checked === ALL_OPTION } as Record<AllOption | V, boolean>;
  for (const option of options) state[option] = option === checked;
  return state;
}

/** Defaults: Location All, Game Type All, Duration All, Owner Master. */
export const DEFAULT_LIBRARY_FILTERS: LibraryFilters = {
  location: onlyChecked(DELIVERY_TYPES, ALL_OPTION),
  gameType: onlyChecked(GAME_TYPES, ALL_OPTION),
  duration: onlyChecked(DURATION_OPTIONS, ALL_OPTION),
  owner: onlyChecked<OwnerOption>(['false', 'true'], 'true'),
};

/**
 * Clicking a checkbox of a group:
 * - choosing "All" unchecks the others;
 * - choosing another option (checking or unchecking it) unchecks "All";
 * - if none are checked, "All" is checked again;
 * - if every non-All option is checked, the group reverts to only "All".
 */
export function toggleFilterOption<V extends string>(
  group: FilterGroupState<V>,
  option: AllOption | NoInfer<V>,
): FilterGroupState<V> {
  const others = (Object.keys(group) as (AllOption | V)[]).filter(
    (key) => key !== ALL_OPTION,
  ) as V[];
  if (option === ALL_OPTION) return onlyChecked(others, ALL_OPTION);
  const next = { ...group, [option]: !group[option], [ALL_OPTION]: false } as Record<
    AllOption | V,
    boolean
  >;
  const checkedCount = others.filter((key) => next[key]).length;
  if (checkedCount === 0 || checkedCount === others.length) return onlyChecked(others, ALL_OPTION);
  return next;
}

/** Whether a group lets a value through: "All", or the value's option, is checked. */
export function matchesFilterGroup<V extends string>(
  group: FilterGroupState<V>,
  value: V,
): boolean {
  return group[ALL_OPTION] || group[value] === true;
}

type FilterableTemplate = Pick<
  LibraryTemplate,
  'deliveryType' | 'gameType' | 'duration' | 'master'
>;

/** The templates the filters let through. The Owner group applies only when signed in. */
export function filterLibrary<T extends FilterableTemplate>(
  templates: readonly T[],
  filters: LibraryFilters,
  { signedIn }: { signedIn: boolean },
): T[] {
  return templates.filter(
    (t) =>
      matchesFilterGroup(filters.location, t.deliveryType) &&
      matchesFilterGroup(filters.gameType, t.gameType) &&
      matchesFilterGroup(filters.duration, `${t.duration}` as DurationOption) &&
      (!signedIn || matchesFilterGroup(filters.owner, t.master ? 'true' : 'false')),
  );
}

/**
 * The library's empty message: "There are no templates to display" when there are none at all,
 * "… for this filter criteria" when the filters hide them all, else null.
 */
export function libraryEmptyMessage(totalCount: number, shownCount: number): string | null {
  if (totalCount === 0) return MESSAGES.library.empty;
  if (shownCount === 0) return MESSAGES.library.emptyForFilter;
  return null;
}
