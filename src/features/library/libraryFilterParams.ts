/**
 * The library's filters in the URL (?location=inPerson,hybrid&owner=all …), so that Back from the
 * builder, a reload or a shared link shows the same selection. A group at its default (SPEC §9)
 * is left out of the URL; anything unreadable falls back to the default.
 */
import {
  ALL_OPTION,
  DEFAULT_LIBRARY_FILTERS,
  FILTER_GROUPS,
  type FilterGroupKey,
  type LibraryFilters,
} from '../../domain/libraryFilters';

type GroupState = Record<string, boolean>;

const sameGroup = (a: GroupState, b: GroupState) =>
  Object.keys(a).every((key) => a[key] === b[key]);

function onlyAll(defaults: GroupState): GroupState {
  return Object.fromEntries(Object.keys(defaults).map((key) => [key, key === ALL_OPTION]));
}

function parseGroup(raw: string | null, defaults: GroupState): GroupState {
  if (raw === null) return defaults;
  const wanted = new Set(raw.split(',').filter((value) => value in defaults));
  if (wanted.size === 0) return defaults;
  if (wanted.has(ALL_OPTION)) return onlyAll(defaults);
  const others = Object.keys(defaults).filter((key) => key !== ALL_OPTION);
  // SPEC §9: every non-All option checked is the same as "All".
  if (others.every((key) => wanted.has(key))) return onlyAll(defaults);
  return Object.fromEntries(Object.keys(defaults).map((key) => [key, wanted.has(key)]));
}

export function filtersFromParams(params: URLSearchParams): LibraryFilters {
  const filters: Record<string, GroupState> = {};
  for (const group of FILTER_GROUPS) {
    filters[group.key] = parseGroup(params.get(group.key), DEFAULT_LIBRARY_FILTERS[group.key]);
  }
  return filters as unknown as LibraryFilters;
}

/** The params with the filters written in (other params are kept). */
export function paramsWithFilters(params: URLSearchParams, filters: LibraryFilters) {
  const next = new URLSearchParams(params);
  for (const group of FILTER_GROUPS) {
    const state = filters[group.key] as GroupState;
    if (sameGroup(state, DEFAULT_LIBRARY_FILTERS[group.key] as GroupState)) {
      next.delete(group.key);
    } else {
      next.set(
        group.key,
        Object.keys(state)
          .filter((key) => state[key])
          .join(','),
      );
    }
  }
  return next;
}

/** The groups whose selection differs from SPEC §9's defaults. */
export function changedGroups(filters: LibraryFilters, keys: readonly FilterGroupKey[]) {
  return keys.filter(
    (key) => !sameGroup(filters[key] as GroupState, DEFAULT_LIBRARY_FILTERS[key] as GroupState),
  );
}
