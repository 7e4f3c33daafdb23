import { describe, it, expect } from 'vitest';
import { parseRangeHeader } from '../../../server/services/uploads/range';

describe('parseRangeHeader', () => {
  it('ignores a missing, malformed or multi-range header (whole file, 200)', () => {
    expect(parseRangeHeader(undefined, 100)).toBeNull();
    expect(parseRangeHeader('items=0-5', 100)).toBeNull();
    expect(parseRangeHeader('bytes=0-5,10-20', 100)).toBeNull();
    expect(parseRangeHeader('bytes=-', 100)).toBeNull();
    expect(parseRangeHeader('bytes=9-3', 100)).toBeNull();
  });

  it('reads start-end, start- and -suffix ranges, clamping the end to the file', () => {
    expect(parseRangeHeader('bytes=0-1', 100)).toEqual({ start: 0, end: 1 });
    expect(parseRangeHeader('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRangeHeader('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRangeHeader('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRangeHeader('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('answers unsatisfiable (416) for a range that starts past the end', () => {
    expect(parseRangeHeader('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=0-', 0)).toBe('unsatisfiable');
  });
});
