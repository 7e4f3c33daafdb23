/**
 * The library's filters in the URL: a group at its SPEC §9 default is left out, anything
 * unreadable falls back to the default, and a URL cannot hold a state the checkbox logic would
 * never produce (every non-All option checked is "All").
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIBRARY_FILTERS } from '../../../src/domain/libraryFilters';
import {
  changedGroups,
  filtersFromParams,
  paramsWithFilters,
} from '../../../src/features/library/libraryFilterParams';

const parse = (query: string) => filtersFromParams(new URLSearchParams(query));

describe('SPEC §9 Template Library filters in the URL', () => {
  it('no params: the defaults (Location All, Game Type All, Duration All, Owner Master)', () => {
    expect(parse('')).toEqual(DEFAULT_LIBRARY_FILTERS);
    expect(paramsWithFilters(new URLSearchParams(), DEFAULT_LIBRARY_FILTERS).toString()).toBe('');
  });

  it('round-trips a selection and keeps other params', () => {
    const filters = parse('location=hybrid,virtual&duration=720&owner=all');
    expect(filters.location).toEqual({ all: false, inPerson: false, hybrid: true, virtual: true });
    expect(filters.owner).toEqual({ all: true, false: false, true: false });
    const params = paramsWithFilters(new URLSearchParams('tour=1'), filters);
    expect(params.get('tour')).toBe('1');
    expect(params.get('location')).toBe('hybrid,virtual');
    expect(params.get('duration')).toBe('720');
    expect(params.get('owner')).toBe('all');
    expect(params.has('gameType')).toBe(false);
    expect(changedGroups(filters, ['location', 'gameType', 'duration', 'owner'])).toEqual([
      'location',
      'duration',
      'owner',
    ]);
  });

  it('unknown values fall back to the default; "all" with others is only "All"; every option is "All"', () => {
    expect(parse('location=moon,mars').location).toEqual(DEFAULT_LIBRARY_FILTERS.location);
    expect(parse('location=all,virtual').location).toEqual({
      all: true,
      inPerson: false,
      hybrid: false,
      virtual: false,
    });
    expect(parse('gameType=quiz,location').gameType).toEqual({
      all: true,
      quiz: false,
      location: false,
    });
  });
});
