import { describe, it, expect } from 'vitest';
import {
  countsAsLiveActivity,
  deriveActivityStatus,
  isEditable,
  isNonEditable,
  isPlayable,
  rowActions,
  statusDot,
} from '../../../src/domain/status';
import type { LaunchInstance, RowActionContext } from '../../../src/domain/status';
import { ACTIVITY_STATUSES } from '../../../src/domain/schemas';
import type { ActivityStatus } from '../../../src/domain/schemas';

describe('Activity status groups', () => {
  it('Editable statuses (unpublished, editing, ready)', () => {
    expect(ACTIVITY_STATUSES.filter(isEditable)).toEqual(['unpublished', 'editing', 'ready']);
  });
  it('Playable statuses (published, ready)', () => {
    expect(ACTIVITY_STATUSES.filter(isPlayable).sort()).toEqual(['published', 'ready']);
  });
  it('Non-editable statuses (scheduled, published, complete, live)', () => {
    expect(ACTIVITY_STATUSES.filter(isNonEditable).sort()).toEqual([
      'complete',
      'live',
      'published',
      'scheduled',
    ]);
  });
});

describe('Status dot colour', () => {
  it('unpublished, editing, ready: warning colour', () => {
    for (const s of ['unpublished', 'editing', 'ready'] as const) {
      expect(statusDot(s)).toEqual({ colour: 'warning', variant: 'filled' });
    }
  });
  it('scheduled, published: success colour', () => {
    expect(statusDot('scheduled')).toEqual({ colour: 'success', variant: 'filled' });
    expect(statusDot('published')).toEqual({ colour: 'success', variant: 'filled' });
  });
  it('complete: success colour, outline icon', () => {
    expect(statusDot('complete')).toEqual({ colour: 'success', variant: 'outline' });
  });
  it('live: error colour', () => {
    expect(statusDot('live')).toEqual({ colour: 'error', variant: 'filled' });
  });
});

const urls = {
  scoreboardUrl: '/live/g1/scoreboard',
  presentationUrl: '/live/g1/presentation',
  statisticsUrl: '/live/g1/statistics',
};
const ctx = (overrides: Partial<RowActionContext> = {}): RowActionContext => ({
  name: 'Quiz Night',
  canScheduleActivity: true,
  ...urls,
  ...overrides,
});
const kinds = (status: ActivityStatus, overrides: Partial<RowActionContext> = {}): string[] =>
  rowActions(status, ctx(overrides)).map((a) => a.kind);

describe('Row actions in My Activities', () => {
  it('exact actions per status, with scheduling rights and every URL', () => {
    expect(kinds('unpublished')).toEqual(['edit', 'copy']);
    expect(kinds('editing')).toEqual(['edit', 'copy']);
    expect(kinds('ready')).toEqual(['edit', 'demo', 'play', 'schedule', 'copy']);
    expect(kinds('published')).toEqual([
      'demo',
      'play',
      'schedule',
      'scoreboard',
      'presentation',
      'statistics',
      'info',
      'copy',
    ]);
    expect(kinds('scheduled')).toEqual([
      'scoreboard',
      'presentation',
      'statistics',
      'info',
      'copy',
    ]);
    expect(kinds('live')).toEqual(['scoreboard', 'presentation', 'statistics', 'info', 'copy']);
    expect(kinds('complete')).toEqual(['scoreboard', 'presentation', 'statistics', 'copy']);
  });

  it('Editable statuses show "Edit"', () => {
    for (const s of ACTIVITY_STATUSES) {
      expect(kinds(s).includes('edit')).toBe(['unpublished', 'editing', 'ready'].includes(s));
    }
  });

  it('Playable: the demo icon, "Play a demo of …", styled inactive when the status is not editable', () => {
    const readyDemo = rowActions('ready', ctx()).find((a) => a.kind === 'demo');
    expect(readyDemo).toEqual({
      kind: 'demo',
      label: 'Play a demo of Quiz Night',
      inactive: false,
    });
    const publishedDemo = rowActions('published', ctx()).find((a) => a.kind === 'demo');
    expect(publishedDemo).toEqual({
      kind: 'demo',
      label: 'Play a demo of Quiz Night',
      inactive: true,
    });
  });

  it('Playable: "Play" with its hover text', () => {
    expect(rowActions('ready', ctx()).find((a) => a.kind === 'play')).toEqual({
      kind: 'play',
      label: 'Play',
      hoverText:
        'Will create a new instance of the activity that you can access immediately. Does not affect any currently live or scheduled instances',
    });
  });

  it('Playable: "Schedule" only if canScheduleActivity, with its hover text', () => {
    expect(rowActions('ready', ctx()).find((a) => a.kind === 'schedule')).toEqual({
      kind: 'schedule',
      label: 'Schedule',
      hoverText:
        'Will schedule a new instance of the activity. Does not affect any currently live or scheduled instances',
    });
    expect(kinds('ready', { canScheduleActivity: false })).toEqual([
      'edit',
      'demo',
      'play',
      'copy',
    ]);
  });

  it('Non-editable: scoreboard, presentation and statistics only when canScheduleActivity', () => {
    expect(kinds('live', { canScheduleActivity: false })).toEqual(['info', 'copy']);
    expect(kinds('published', { canScheduleActivity: false })).toEqual([
      'demo',
      'play',
      'info',
      'copy',
    ]);
  });

  it('Non-editable: each of those buttons only if its URL exists', () => {
    expect(kinds('live', { scoreboardUrl: null, statisticsUrl: '' })).toEqual([
      'presentation',
      'info',
      'copy',
    ]);
    expect(rowActions('live', ctx()).find((a) => a.kind === 'statistics')).toEqual({
      kind: 'statistics',
      label: 'Statistics',
      url: '/live/g1/statistics',
    });
  });

  it('Non-editable and not complete: an "Info" button', () => {
    expect(kinds('complete')).not.toContain('info');
    for (const s of ['scheduled', 'published', 'live'] as const) expect(kinds(s)).toContain('info');
    for (const s of ['unpublished', 'editing', 'ready'] as const) {
      expect(kinds(s)).not.toContain('info');
    }
  });

  it('Always: "Copy" ("Create a copy of …")', () => {
    for (const s of ACTIVITY_STATUSES) {
      const actions = rowActions(s, ctx({ canScheduleActivity: false }));
      expect(actions.at(-1)).toEqual({
        kind: 'copy',
        label: 'Copy',
        hoverText: 'Create a copy of Quiz Night',
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The lifecycle (docs/statuses.md)

const now = new Date(2025, 5, 15, 12, 0);
const at = (day: number, hour: number): Date => new Date(2025, 5, day, hour, 0);
const instance = (startsAt: Date, endsAt: Date, plays = 0): LaunchInstance => ({
  startsAt,
  endsAt,
  plays,
});
const facts = (
  overrides: Partial<Parameters<typeof deriveActivityStatus>[0]> = {},
): Parameters<typeof deriveActivityStatus>[0] => ({
  templateValid: false,
  changedSinceCreation: false,
  instances: [],
  ...overrides,
});

describe('deriveActivityStatus', () => {
  it('unpublished: never launched, invalid, not changed since creation (a fresh blank copy)', () => {
    expect(deriveActivityStatus(facts(), now)).toBe('unpublished');
  });

  it('editing: never launched, invalid, changed by its owner since creation', () => {
    expect(deriveActivityStatus(facts({ changedSinceCreation: true }), now)).toBe('editing');
  });

  it('ready: never launched and valid (a library copy is ready at once)', () => {
    expect(deriveActivityStatus(facts({ templateValid: true }), now)).toBe('ready');
    expect(
      deriveActivityStatus(facts({ templateValid: true, changedSinceCreation: true }), now),
    ).toBe('ready');
  });

  it('live: a launch instance is open now (startsAt ≤ now < endsAt)', () => {
    expect(deriveActivityStatus(facts({ instances: [instance(at(15, 9), at(16, 0))] }), now)).toBe(
      'live',
    );
    expect(deriveActivityStatus(facts({ instances: [instance(now, at(16, 0))] }), now)).toBe(
      'live',
    );
  });

  it('live wins over everything else, including an invalid template and other instances', () => {
    const instances = [
      instance(at(1, 9), at(1, 17), 4),
      instance(at(15, 9), at(15, 17)),
      instance(at(20, 9), at(20, 17)),
    ];
    expect(deriveActivityStatus(facts({ instances, templateValid: false }), now)).toBe('live');
  });

  it('an instance that ended exactly now is no longer open', () => {
    expect(deriveActivityStatus(facts({ instances: [instance(at(15, 9), now)] }), now)).toBe(
      'published',
    );
  });

  it('scheduled: nothing open now and an instance starts in the future', () => {
    expect(deriveActivityStatus(facts({ instances: [instance(at(20, 9), at(20, 17))] }), now)).toBe(
      'scheduled',
    );
    const playedAndUpcoming = [instance(at(1, 9), at(1, 17), 3), instance(at(20, 9), at(20, 17))];
    expect(deriveActivityStatus(facts({ instances: playedAndUpcoming }), now)).toBe('scheduled');
  });

  it('published: launched before, nothing open or upcoming, never played', () => {
    const instances = [instance(at(1, 9), at(2, 0)), instance(at(5, 9), at(6, 0))];
    expect(deriveActivityStatus(facts({ instances, templateValid: true }), now)).toBe('published');
  });

  it('complete: launched before, nothing open or upcoming, and teams played it', () => {
    const instances = [instance(at(1, 9), at(2, 0)), instance(at(5, 9), at(6, 0), 2)];
    expect(deriveActivityStatus(facts({ instances, templateValid: true }), now)).toBe('complete');
  });

  it('after launching, template validity and edits no longer matter', () => {
    const instances = [instance(at(1, 9), at(2, 0))];
    expect(
      deriveActivityStatus(
        facts({ instances, templateValid: false, changedSinceCreation: true }),
        now,
      ),
    ).toBe('published');
  });

  it('the same facts give a different status as time passes (now is injected)', () => {
    const f = facts({ instances: [instance(at(20, 9), at(20, 17), 5)] });
    expect(deriveActivityStatus(f, at(19, 9))).toBe('scheduled');
    expect(deriveActivityStatus(f, at(20, 10))).toBe('live');
    expect(deriveActivityStatus(f, at(21, 9))).toBe('complete');
  });
});

describe('countsAsLiveActivity: the FREE plan allows one live activity at a time', () => {
  it('true only while an instance is open', () => {
    const f = { instances: [instance(at(15, 9), at(16, 0))] };
    expect(countsAsLiveActivity(f, now)).toBe(true);
    expect(countsAsLiveActivity(f, at(16, 0))).toBe(false);
    expect(countsAsLiveActivity(f, at(15, 8))).toBe(false);
    expect(countsAsLiveActivity({ instances: [] }, now)).toBe(false);
  });
});
