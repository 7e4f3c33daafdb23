// Per-field edit stamps and their hybrid logical clock (src/domain/fieldStamps.ts).
import { describe, expect, it } from 'vitest';
import {
  changedPaths,
  createHybridClock,
  isStamp,
  isStampPath,
  laterStamp,
  maxStamp,
  pruneStamps,
  restamp,
  stampLocalEdit,
  stampsAfterAck,
  stampsAfterWrite,
  STEP_ORDER_PATH,
} from '../../../src/domain/fieldStamps';
import type { TemplateContent } from '../../../src/domain/templateContent';
import { fieldStampsSchema } from '../../../src/domain/schemas';
import { freeTextStep, multipleChoiceStep } from './fixtures';

function content(overrides: Partial<TemplateContent> = {}): TemplateContent {
  return {
    name: 'Quiz night',
    description: 'For the office',
    shortDescription: '',
    gameType: 'quiz',
    deliveryType: 'inPerson',
    duration: 60,
    selectedThemeId: null,
    branding: {
      id: 'br-1',
      logo: null,
      headerColour: '#FF6800',
      questionBackgroundColour: '#FFFFFF',
      selfieBackgroundColour: '#000000',
    },
    steps: [freeTextStep({ id: 'a' }), freeTextStep({ id: 'b' }), freeTextStep({ id: 'c' })],
    ...overrides,
  };
}

const at = (iso: string, counter = 0, node = 'n1') =>
  `${iso}~${String(counter).padStart(4, '0')}~${node}`;

describe('the hybrid logical clock', () => {
  it('stamps with the wall clock when it is ahead of everything seen', () => {
    const clock = createHybridClock({ node: 'n1', now: () => Date.parse('2026-11-26T10:00:00Z') });
    expect(clock.stamp()).toBe(at('2026-11-26T10:00:00.000Z'));
    expect(isStamp(clock.stamp())).toBe(true);
  });

  it('never stamps earlier than a stamp it was shown: a device whose clock runs behind still stamps after the change it saw (causality)', () => {
    const behind = createHybridClock({
      node: 'slow',
      now: () => Date.parse('2026-11-26T09:50:00Z'),
    });
    const seen = at('2026-11-26T10:00:00.000Z', 3, 'fast');
    const next = behind.stamp(seen);
    expect(next > seen).toBe(true);
    expect(next).toBe(at('2026-11-26T10:00:00.000Z', 4, 'slow'));
  });

  it('never goes backwards, even when the wall clock does', () => {
    let now = Date.parse('2026-11-26T10:00:00Z');
    const clock = createHybridClock({ node: 'n1', now: () => now });
    const first = clock.stamp();
    now -= 60_000;
    const second = clock.stamp();
    expect(second > first).toBe(true);
  });

  it('refuses a node id that would break the stamp format', () => {
    expect(() => createHybridClock({ node: 'has~tilde' })).toThrow();
  });
});

describe('which paths an edit changed', () => {
  it('names each changed scalar, branding value and task field by its merge path', () => {
    const before = content();
    const after = content({
      name: 'Renamed',
      branding: { ...before.branding, headerColour: '#000000' },
      steps: [freeTextStep({ id: 'a', text: 'New question?' }), before.steps[1]!, before.steps[2]!],
    });
    expect(changedPaths(before, after).sort()).toEqual(
      ['branding.headerColour', 'name', 'steps[a].text'].sort(),
    );
  });

  it('a type change is one path with its answers', () => {
    const before = content();
    const after = content({ steps: [multipleChoiceStep({ id: 'a' }), ...before.steps.slice(1)] });
    expect(changedPaths(before, after)).toContain('steps[a].type');
    expect(changedPaths(before, after).filter((p) => p.startsWith('steps[a]'))).not.toContain(
      'steps[a].answers',
    );
  });

  it('moving a task changes the order; adding or removing one does not', () => {
    const before = content();
    const [a, b, c] = before.steps;
    expect(changedPaths(before, content({ steps: [b!, a!, c!] }))).toEqual([STEP_ORDER_PATH]);
    const added = changedPaths(before, content({ steps: [a!, freeTextStep({ id: 'd' }), b!, c!] }));
    expect(added).not.toContain(STEP_ORDER_PATH);
    expect(added).toContain('steps[d].text');
    expect(changedPaths(before, content({ steps: [a!, c!] }))).toEqual([]);
  });
});

describe('restamping after an edit', () => {
  it('stamps only the changed paths, once, and drops a removed task’s stamps', () => {
    const before = content();
    const stamps = restamp(null, before, {}, () => at('2026-11-26T09:00:00.000Z'));
    let calls = 0;
    const after = content({ name: 'Renamed', steps: before.steps.slice(0, 2) });
    const next = restamp(before, after, stamps, () => {
      calls += 1;
      return at('2026-11-26T10:00:00.000Z');
    });
    expect(calls).toBe(1);
    expect(next.name).toBe(at('2026-11-26T10:00:00.000Z'));
    expect(next.description).toBe(at('2026-11-26T09:00:00.000Z'));
    expect(Object.keys(next).some((p) => p.startsWith('steps[c]'))).toBe(false);
  });

  it('an edit stamps later than every stamp the document or its server copy holds', () => {
    const before = content();
    const serverStamps = { description: at('2026-11-26T12:00:00.000Z', 0, 'srv') };
    const clock = createHybridClock({ node: 'dev', now: () => Date.parse('2026-11-26T08:00:00Z') });
    const next = stampLocalEdit(before, content({ name: 'x' }), {}, serverStamps, clock);
    expect(next.name! > serverStamps.description).toBe(true);
  });

  it('an edit that changes nothing keeps the stamps as they were', () => {
    const before = content();
    const stamps = { name: at('2026-11-26T09:00:00.000Z') };
    expect(restamp(before, content(), stamps, () => 'never')).toEqual(stamps);
  });
});

describe('the server’s stamps after a write', () => {
  it('a changed path takes the stamp sent with it, or the server’s own when none was sent; an unchanged path keeps the later of stored and sent', () => {
    const before = content();
    const after = content({ name: 'Renamed', description: 'Changed' });
    const stored = {
      name: at('2026-11-26T09:00:00.000Z'),
      duration: at('2026-11-26T09:00:00.000Z'),
    };
    const sent = {
      name: at('2026-11-26T10:00:00.000Z', 0, 'dev'),
      duration: at('2026-11-26T11:00:00.000Z'),
    };
    const result = stampsAfterWrite(before, after, stored, sent, (floor) => `${floor}-server`);
    expect(result.name).toBe(sent.name);
    expect(result.description).toBe(`${sent.duration}-server`);
    expect(result.duration).toBe(sent.duration);
  });
});

describe('the stamps of a local copy once the server confirmed a push', () => {
  it('a field the copy holds as the server does takes the server’s stamp (it may have replaced one too far ahead); a field edited since the push keeps its own', () => {
    const pushed = content({ name: 'Pushed' });
    const local = content({ name: 'Pushed', description: 'Typed since' });
    const localStamps = {
      name: at('2026-11-26T10:05:00.000Z', 0, 'dev'),
      description: at('2026-11-26T10:06:00.000Z', 0, 'dev'),
    };
    const serverStamps = {
      name: at('2026-11-26T10:00:30.000Z', 0, 'srv'),
      description: at('2026-11-26T09:00:00.000Z', 0, 'srv'),
    };
    const result = stampsAfterAck(local, localStamps, pushed, serverStamps);
    expect(result.name).toBe(serverStamps.name);
    expect(result.description).toBe(localStamps.description);
  });
});

describe('a stamp from a device whose clock runs ahead', () => {
  it('is not kept by the server when it is later than the server’s time plus the tolerance: the change gets the server’s stamp', () => {
    const before = content();
    const after = content({ name: 'Renamed' });
    const serverNow = Date.parse('2026-11-26T10:00:00.000Z');
    const sent = { name: at('2026-11-26T10:10:00.000Z', 0, 'ahead') };
    const result = stampsAfterWrite(
      before,
      after,
      {},
      sent,
      () => at('2026-11-26T10:00:00.000Z', 0, 'srv'),
      serverNow + 60_000,
    );
    expect(result.name).toBe(at('2026-11-26T10:00:00.000Z', 0, 'srv'));
    const near = { name: at('2026-11-26T10:00:30.000Z', 0, 'near') };
    expect(stampsAfterWrite(before, after, {}, near, () => 'srv', serverNow + 60_000).name).toBe(
      near.name,
    );
  });
});

describe('stamp helpers', () => {
  it('a missing stamp is older than any stamp', () => {
    expect(laterStamp(undefined, at('2026-01-01T00:00:00.000Z'))).toBe(
      at('2026-01-01T00:00:00.000Z'),
    );
    expect(maxStamp({})).toBeUndefined();
  });

  it('pruning keeps only the paths the content has', () => {
    expect(pruneStamps(content(), { name: 'x', 'steps[zz].text': 'y' })).toEqual({ name: 'x' });
  });

  it('the API accepts stamps of known paths only', () => {
    expect(isStampPath('steps[a].text')).toBe(true);
    expect(isStampPath('steps[a].answers')).toBe(false);
    expect(fieldStampsSchema.safeParse({ name: at('2026-11-26T10:00:00.000Z') }).success).toBe(
      true,
    );
    expect(fieldStampsSchema.safeParse({ nonsense: at('2026-11-26T10:00:00.000Z') }).success).toBe(
      false,
    );
    expect(fieldStampsSchema.safeParse({ name: 'yesterday' }).success).toBe(false);
  });
});
