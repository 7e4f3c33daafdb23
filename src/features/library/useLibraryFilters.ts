/**
 * The library's filter state, kept in the URL's search params (libraryFilterParams.ts), so that
 * Back from the builder, a reload or a shared link shows the same selection. Each click replaces
 * the history entry, so Back leaves the library instead of undoing a checkbox.
 *
 * The checkboxes follow a copy in memory, changed at once by a click: the router applies a new
 * URL a moment later, and a controlled checkbox waiting for it would flick back meanwhile. A URL
 * the screen did not write itself (Back, a link) replaces the copy.
 */
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_LIBRARY_FILTERS,
  toggleFilterOption,
  type FilterGroupKey,
  type FilterGroupState,
  type LibraryFilters,
} from '../../domain/libraryFilters';
import { filtersFromParams, paramsWithFilters } from './libraryFilterParams';

export interface LibraryFilterState {
  filters: LibraryFilters;
  /** A click on one checkbox, with SPEC §9's checkbox logic. */
  toggle(group: FilterGroupKey, option: string): void;
  reset(): void;
}

interface FilterMemory {
  filters: LibraryFilters;
  /** The query the filters were last matched against. */
  seen: string;
  /** The query this screen wrote last, until the router applies it. */
  pending: string | null;
}

export function useLibraryFilters(): LibraryFilterState {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const [memory, setMemory] = useState<FilterMemory>(() => ({
    filters: filtersFromParams(params),
    seen: query,
    pending: null,
  }));

  let filters = memory.filters;
  if (query !== memory.seen) {
    const adopt = query !== memory.pending;
    const next: FilterMemory = {
      filters: adopt ? filtersFromParams(new URLSearchParams(query)) : memory.filters,
      seen: query,
      pending: adopt ? memory.pending : null,
    };
    // Adjusting state while rendering (React's pattern for state derived from a changed input).
    setMemory(next);
    filters = next.filters;
  }

  const apply = useCallback(
    (next: LibraryFilters) => {
      const nextParams = paramsWithFilters(params, next);
      setMemory((current) => ({ ...current, filters: next, pending: nextParams.toString() }));
      void setParams(nextParams, { replace: true });
    },
    [params, setParams],
  );

  const toggle = useCallback(
    (group: FilterGroupKey, option: string) =>
      apply({
        ...filters,
        [group]: toggleFilterOption(filters[group] as FilterGroupState<string>, option),
      }),
    [apply, filters],
  );

  const reset = useCallback(() => apply(DEFAULT_LIBRARY_FILTERS), [apply]);

  return useMemo(() => ({ filters, toggle, reset }), [filters, toggle, reset]);
}
