/** The diagnostics panel's formatting: sizes, owners, relative times and the export's file name. */
import { describe, expect, it } from 'vitest';
import {
  describeOwner,
  fileTimestamp,
  formatBytes,
  formatRelative,
  shortId,
} from '../../src/ui/format';
import { toRedactedJson } from '../../src/features/diagnostics/downloadJson';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs);

describe('formatRelative', () => {
  it('says "just now" for a past event the page clock sees a moment ahead', () => {
    expect(formatRelative(at(800), NOW)).toBe('just now');
    expect(formatRelative(at(-3_000), NOW)).toBe('just now');
  });

  it('counts seconds, minutes and days either way', () => {
    expect(formatRelative(at(-12_000), NOW)).toBe('12 seconds ago');
    expect(formatRelative(at(-3 * 60_000), NOW)).toBe('3 minutes ago');
    expect(formatRelative(at(30_000), NOW, 'future')).toBe('in 30 seconds');
    expect(formatRelative(at(-24 * 3_600_000), NOW)).toBe('yesterday');
  });

  it('calls a scheduled time that has passed "due", not "ago"', () => {
    expect(formatRelative(at(2_000), NOW, 'future')).toBe('in a moment');
  });

  it('an event that happened after the page clock last ticked is "just now", never "in 7 seconds"', () => {
    expect(formatRelative(at(7_000), NOW)).toBe('just now');
    expect(formatRelative(at(14_000), NOW, 'past')).toBe('just now');
    expect(formatRelative(at(-60_000), NOW, 'future')).toBe('due 1 minute ago');
  });
});

describe('formatting', () => {
  it('shows sizes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(18_404_352)).toBe('17.6 MB');
    expect(formatBytes(null)).toBe('Unknown');
  });

  it('names owners and shortens ids', () => {
    expect(describeOwner('anon:0f6c2d7e-4b1a-4c55-9d0e-2a7f3b9c1e44')).toEqual({
      kind: 'Guest',
      id: '0f6c2d7e-4b1a-4c55-9d0e-2a7f3b9c1e44',
    });
    expect(describeOwner('user:u_1')).toEqual({ kind: 'User', id: 'u_1' });
    expect(shortId('0f6c2d7e-4b1a-4c55-9d0e-2a7f3b9c1e44')).toBe('0f6c2d7e');
  });

  it('stamps export files without characters file systems refuse', () => {
    expect(fileTimestamp(new Date('2026-11-21T17:59:16.123Z'))).toBe('2026-11-21T17-59-16Z');
  });

  it('leaves credentials out of an export, however deep', () => {
    const json = toRedactedJson({
      status: { owner: 'anon:x', token: 'secret-1' },
      conflicts: [{ ours: { Authorization: 'Bearer secret-2', name: 'kept' } }],
    });
    expect(json).not.toContain('secret');
    expect(json).toContain('kept');
  });
});
