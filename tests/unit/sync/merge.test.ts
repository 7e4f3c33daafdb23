// The rules of sync/merge.ts, one describe per rule, in the words of its header comment.
import { describe, it, expect } from 'vitest';
import {
  baseWithEchoes,
  CONTENT_FIELDS,
  contentOf,
  deepEqual,
  mergeTemplates,
} from '../../../sync/merge';
import type { MergeInput, TemplateContent } from '../../../sync/merge';
import type { Logo, Step, Template } from '../../../src/domain/schemas';
import { answer, challengeStep, freeTextStep, multipleChoiceStep } from '../domain/fixtures';

const EARLY = '2025-03-01T10:00:00.000Z';
const LATE = '2025-03-01T10:05:00.000Z';

const step = (id: string, overrides: Partial<Step> = {}): Step =>
  freeTextStep({ id, name: `Task ${id}`, text: `Question ${id}?`, ...overrides });

const logo = (url: string, filename = 'logo.png'): Logo => ({
  url,
  filename,
  mimeType: 'image/png',
  brandingId: 'br-1',
  default: false,
});

function content(overrides: Partial<TemplateContent> = {}): TemplateContent {
  return {
    name: 'Quiz night',
    description: 'A quiz for the whole office',
    shortDescription: 'Office quiz',
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
    steps: [step('a'), step('b'), step('c')],
    ...overrides,
  };
}

/** Ours changed later unless the test says otherwise. */
function merge(
  base: TemplateContent | null,
  ours: TemplateContent,
  theirs: TemplateContent,
  times: Partial<Pick<MergeInput, 'oursChangedAt' | 'theirsChangedAt'>> = {},
) {
  return mergeTemplates({
    base,
    ours,
    theirs,
    oursChangedAt: times.oursChangedAt ?? LATE,
    theirsChangedAt: times.theirsChangedAt ?? EARLY,
  });
}

const withStep = (c: TemplateContent, id: string, overrides: Partial<Step>): TemplateContent => ({
  ...c,
  steps: c.steps.map((s) => (s.id === id ? { ...s, ...overrides } : s)),
});
const ids = (c: TemplateContent): string[] => c.steps.map((s) => s.id);
const reorder = (c: TemplateContent, order: string[]): TemplateContent => ({
  ...c,
  steps: order.map((id) => {
    const found = c.steps.find((s) => s.id === id);
    if (!found) throw new Error(`no step ${id}`);
    return found;
  }),
});

describe('rule 1: a field changed on one side only takes that side', () => {
  it('takes each side’s one-sided change, with no conflict', () => {
    const base = content();
    const ours = { ...base, name: 'Friday quiz' };
    const theirs = { ...base, description: 'Now with prizes' };
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(merged).toEqual({ ...base, name: 'Friday quiz', description: 'Now with prizes' });
    expect(conflicts).toEqual([]);
  });

  it('keeps a field unchanged on both sides', () => {
    const base = content();
    expect(merge(base, base, base)).toEqual({ merged: base, conflicts: [], stamps: {} });
  });

  it('changed identically on both sides is no conflict', () => {
    const base = content();
    const ours = withStep({ ...base, name: 'Same' }, 'b', { text: 'Same text' });
    const theirs = withStep({ ...base, name: 'Same' }, 'b', { text: 'Same text' });
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(merged).toEqual(ours);
    expect(conflicts).toEqual([]);
  });

  it('a retried push whose first attempt succeeded finds nothing to do (docs/sync.md)', () => {
    const base = content();
    const ours = { ...base, name: 'Renamed', steps: [...base.steps, step('x')] };
    const theirs = { ...ours, description: 'Someone else edited this meanwhile' };
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(merged).toEqual(theirs);
    expect(conflicts).toEqual([]);
  });
});

describe('rule 2: changed differently on both sides, the later change wins', () => {
  const base = content();
  const ours = { ...base, name: 'Ours' };
  const theirs = { ...base, name: 'Theirs' };

  it('keeps ours when ours is later, and records both values', () => {
    const { merged, conflicts } = merge(base, ours, theirs, {
      oursChangedAt: LATE,
      theirsChangedAt: EARLY,
    });
    expect(merged.name).toBe('Ours');
    expect(conflicts).toEqual([{ path: 'name', ours: 'Ours', theirs: 'Theirs', kept: 'ours' }]);
  });

  it('keeps theirs when theirs is later; the losing value is in the conflict', () => {
    const { merged, conflicts } = merge(base, ours, theirs, {
      oursChangedAt: EARLY,
      theirsChangedAt: LATE,
    });
    expect(merged.name).toBe('Theirs');
    expect(conflicts).toEqual([{ path: 'name', ours: 'Ours', theirs: 'Theirs', kept: 'theirs' }]);
  });

  it('a tie keeps theirs, the server’s, so every client resolves alike', () => {
    const { merged, conflicts } = merge(base, ours, theirs, {
      oursChangedAt: LATE,
      theirsChangedAt: LATE,
    });
    expect(merged.name).toBe('Theirs');
    expect(conflicts[0]?.kept).toBe('theirs');
  });

  it('compares instants, not strings, across time-zone offsets', () => {
    // 10:30+02:00 is 08:30Z, earlier than 09:00Z although it sorts later as a string.
    const { merged } = merge(base, ours, theirs, {
      oursChangedAt: '2025-03-01T10:30:00.000+02:00',
      theirsChangedAt: '2025-03-01T09:00:00.000Z',
    });
    expect(merged.name).toBe('Theirs');
  });

  it('an unreadable time loses to a readable one, whichever side it is on', () => {
    expect(merge(base, ours, theirs, { oursChangedAt: 'garbage' }).merged.name).toBe('Theirs');
    expect(merge(base, ours, theirs, { theirsChangedAt: 'garbage' }).merged.name).toBe('Ours');
  });
});

describe('rule 2 by field stamps: each field is decided by when that field changed, on one clock', () => {
  const at = (iso: string, node = 'dev') => `${iso}~0000~${node}`;
  const base = content();

  it('an earlier offline edit of a task loses to a later edit of the same task field, although the offline device edited something else later still', () => {
    // The offline device renamed task a at 10:00 and changed the description at 10:20; the
    // other device renamed task a at 10:10. Whole-template times would let 10:20 win both.
    const ours = withStep({ ...base, description: 'Ours, later' }, 'a', { name: 'Ours 10:00' });
    const theirs = withStep(base, 'a', { name: 'Theirs 10:10' });
    const result = mergeTemplates({
      base,
      ours,
      theirs,
      oursChangedAt: '2026-11-26T10:20:00.000Z',
      theirsChangedAt: '2026-11-26T10:10:01.000Z',
      oursStamps: {
        'steps[a].name': at('2026-11-26T10:00:00.000Z', 'A'),
        description: at('2026-11-26T10:20:00.000Z', 'A'),
      },
      theirsStamps: { 'steps[a].name': at('2026-11-26T10:10:00.000Z', 'B') },
    });
    expect(result.merged.steps.find((s) => s.id === 'a')!.name).toBe('Theirs 10:10');
    expect(result.merged.description).toBe('Ours, later');
    expect(result.conflicts).toEqual([
      { path: 'steps[a].name', ours: 'Ours 10:00', theirs: 'Theirs 10:10', kept: 'theirs' },
    ]);
    expect(result.stamps['steps[a].name']).toBe(at('2026-11-26T10:10:00.000Z', 'B'));
    expect(result.stamps.description).toBe(at('2026-11-26T10:20:00.000Z', 'A'));
  });

  it('stamps decide over the template times in both directions, and swapping the sides gives the same content', () => {
    const ours = { ...base, name: 'Ours' };
    const theirs = { ...base, name: 'Theirs' };
    const oursStamps = { name: at('2026-11-26T10:05:00.000Z', 'A') };
    const theirsStamps = { name: at('2026-11-26T10:01:00.000Z', 'B') };
    const forward = mergeTemplates({
      base,
      ours,
      theirs,
      oursChangedAt: EARLY,
      theirsChangedAt: LATE,
      oursStamps,
      theirsStamps,
    });
    const swapped = mergeTemplates({
      base,
      ours: theirs,
      theirs: ours,
      oursChangedAt: LATE,
      theirsChangedAt: EARLY,
      oursStamps: theirsStamps,
      theirsStamps: oursStamps,
    });
    expect(forward.merged.name).toBe('Ours');
    expect(swapped.merged).toEqual(forward.merged);
    expect(swapped.stamps).toEqual(forward.stamps);
  });

  it('a field stamped on one side only counts as changed later there; with no stamps the template times decide', () => {
    const ours = { ...base, name: 'Ours' };
    const theirs = { ...base, name: 'Theirs' };
    const oneSided = mergeTemplates({
      base,
      ours,
      theirs,
      oursChangedAt: EARLY,
      theirsChangedAt: LATE,
      oursStamps: { name: at('2026-11-26T10:05:00.000Z') },
    });
    expect(oneSided.merged.name).toBe('Ours');
    expect(
      merge(base, ours, theirs, { oursChangedAt: EARLY, theirsChangedAt: LATE }).merged.name,
    ).toBe('Theirs');
  });

  it('a reorder on both sides is decided by the stamps of the task order', () => {
    const ours = reorder(base, ['c', 'a', 'b']);
    const theirs = reorder(base, ['b', 'a', 'c']);
    const result = mergeTemplates({
      base,
      ours,
      theirs,
      oursChangedAt: LATE,
      theirsChangedAt: EARLY,
      oursStamps: { 'steps.order': at('2026-11-26T10:00:00.000Z', 'A') },
      theirsStamps: { 'steps.order': at('2026-11-26T10:30:00.000Z', 'B') },
    });
    expect(ids(result.merged)).toEqual(['b', 'a', 'c']);
    expect(result.conflicts.find((c) => c.path === 'steps.order')?.kept).toBe('theirs');
  });
});

describe('rule 10: a field changed and changed back counts as a change, by its stamp', () => {
  const at = (iso: string, node = 'dev') => `${iso}~0000~${node}`;
  const base = content();
  const baseStamps = {
    name: at('2026-11-26T09:00:00.000Z', 'S'),
    'steps.order': at('2026-11-26T09:00:00.000Z', 'S'),
  };

  it('a name set back to the base value after the other device renamed it wins; before it, the rename wins and the conflict says so', () => {
    // Device A renamed to "Interim" and back to the base name at 10:20 (offline); device B
    // renamed to "Theirs" at 10:10. The values alone say A changed nothing.
    const theirs = { ...base, name: 'Theirs' };
    const input = {
      base,
      ours: base,
      theirs,
      oursChangedAt: EARLY,
      theirsChangedAt: LATE,
      theirsStamps: { ...baseStamps, name: at('2026-11-26T10:10:00.000Z', 'B') },
      baseStamps,
    };
    const later = mergeTemplates({
      ...input,
      oursStamps: { ...baseStamps, name: at('2026-11-26T10:20:00.000Z', 'A') },
    });
    expect(later.merged.name).toBe(base.name);
    expect(later.conflicts).toEqual([
      { path: 'name', ours: base.name, theirs: 'Theirs', kept: 'ours' },
    ]);
    const earlier = mergeTemplates({
      ...input,
      oursStamps: { ...baseStamps, name: at('2026-11-26T10:00:00.000Z', 'A') },
    });
    expect(earlier.merged.name).toBe('Theirs');
    expect(earlier.conflicts.map((c) => c.kept)).toEqual(['theirs']);
  });

  it('tasks moved back to the base order after the other device reordered them keep the base order', () => {
    const theirs = reorder(base, ['c', 'a', 'b']);
    const result = mergeTemplates({
      base,
      ours: base,
      theirs,
      oursChangedAt: EARLY,
      theirsChangedAt: LATE,
      oursStamps: { ...baseStamps, 'steps.order': at('2026-11-26T10:20:00.000Z', 'A') },
      theirsStamps: { ...baseStamps, 'steps.order': at('2026-11-26T10:10:00.000Z', 'B') },
      baseStamps,
    });
    expect(ids(result.merged)).toEqual(ids(base));
    expect(result.conflicts.find((c) => c.path === 'steps.order')?.kept).toBe('ours');
  });

  it('a stamp no later than the base’s, or no base stamps at all, leaves the values to decide (rule 1)', () => {
    const theirs = { ...base, name: 'Theirs' };
    const common = {
      base,
      ours: base,
      theirs,
      oursChangedAt: LATE,
      theirsChangedAt: EARLY,
      theirsStamps: { name: at('2026-11-26T10:10:00.000Z', 'B') },
    };
    const sameAsBase = mergeTemplates({ ...common, oursStamps: baseStamps, baseStamps });
    const noBaseStamps = mergeTemplates({
      ...common,
      oursStamps: { name: at('2026-11-26T10:20:00.000Z', 'A') },
    });
    for (const result of [sameAsBase, noBaseStamps]) {
      expect(result.merged.name).toBe('Theirs');
      expect(result.conflicts).toEqual([]);
    }
  });
});

describe('rule 3: scalar fields are merged one by one', () => {
  const changes: Partial<TemplateContent> = {
    name: 'New name',
    description: 'New description',
    shortDescription: 'New short',
    gameType: 'location',
    deliveryType: 'virtual',
    duration: 120,
    selectedThemeId: 'theme-2',
  };
  const fields = Object.keys(changes) as (keyof typeof changes)[];

  it.each(fields)('%s changed on one side merges with other fields changed on the other', (f) => {
    const base = content();
    const ours = { ...base, [f]: changes[f] };
    const others = Object.fromEntries(fields.filter((g) => g !== f).map((g) => [g, changes[g]]));
    const theirs = { ...base, ...others };
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(merged).toEqual({ ...base, ...changes });
    expect(conflicts).toEqual([]);
  });

  const otherChanges: Partial<TemplateContent> = {
    name: 'Other name',
    description: 'Other description',
    shortDescription: 'Other short',
    gameType: 'location',
    deliveryType: 'hybrid',
    duration: 30,
    selectedThemeId: 'theme-3',
  };

  it.each(fields)('%s changed differently on both sides is a conflict at its name', (f) => {
    const base = content({ gameType: 'quiz' });
    const ours = { ...base, [f]: changes[f] };
    const theirs = { ...base, [f]: otherChanges[f] };
    if (f === 'gameType') {
      // gameType has two values only, so two changes of it are always the same change.
      expect(merge(base, ours, theirs).conflicts).toEqual([]);
      return;
    }
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(merged[f]).toEqual(changes[f]);
    expect(conflicts).toEqual([
      { path: f, ours: changes[f], theirs: otherChanges[f], kept: 'ours' },
    ]);
  });
});

describe('rule 4: branding is merged per field', () => {
  it('merges colours and logo changed on different sides', () => {
    const base = content();
    const ours = { ...base, branding: { ...base.branding, headerColour: '#111111' } };
    const theirs = {
      ...base,
      branding: { ...base.branding, logo: logo('/l.png'), selfieBackgroundColour: '#222222' },
    };
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(merged.branding).toEqual({
      ...base.branding,
      headerColour: '#111111',
      logo: logo('/l.png'),
      selfieBackgroundColour: '#222222',
    });
    expect(conflicts).toEqual([]);
  });

  it('the same colour changed on both sides is a conflict at branding.<field>', () => {
    const base = content();
    const ours = { ...base, branding: { ...base.branding, questionBackgroundColour: '#111111' } };
    const theirs = { ...base, branding: { ...base.branding, questionBackgroundColour: '#222222' } };
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(merged.branding.questionBackgroundColour).toBe('#111111');
    expect(conflicts).toEqual([
      {
        path: 'branding.questionBackgroundColour',
        ours: '#111111',
        theirs: '#222222',
        kept: 'ours',
      },
    ]);
  });

  it('the logo is one value: edits to different parts of it still conflict', () => {
    const base = content({ branding: { ...content().branding, logo: logo('/a.png', 'a.png') } });
    const ours = { ...base, branding: { ...base.branding, logo: logo('/b.png', 'a.png') } };
    const theirs = { ...base, branding: { ...base.branding, logo: logo('/a.png', 'c.png') } };
    const { merged, conflicts } = merge(base, ours, theirs, { oursChangedAt: EARLY });
    expect(merged.branding.logo).toEqual(logo('/a.png', 'c.png'));
    expect(conflicts.map((c) => c.path)).toEqual(['branding.logo']);
  });

  it('branding.id is theirs', () => {
    const base = content();
    const ours = { ...base, branding: { ...base.branding, id: 'local-br' } };
    const theirs = { ...base, branding: { ...base.branding, id: 'server-br' } };
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(merged.branding.id).toBe('server-br');
    expect(conflicts).toEqual([]);
  });
});

describe('rule 5: steps are merged per step by id, and within a step per field', () => {
  it('merges different fields of one step edited on both sides', () => {
    const base = content();
    const ours = withStep(base, 'b', { text: 'Ours?', locked: true });
    const theirs = withStep(base, 'b', { points: 99, name: 'Theirs' });
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(merged.steps[1]).toEqual({
      ...step('b'),
      text: 'Ours?',
      locked: true,
      points: 99,
      name: 'Theirs',
    });
    expect(conflicts).toEqual([]);
  });

  it('the same field of one step edited on both sides conflicts at steps[<id>].<field>', () => {
    const base = content();
    const ours = withStep(base, 'b', { text: 'Ours?' });
    const theirs = withStep(base, 'b', { text: 'Theirs?' });
    const { merged, conflicts } = merge(base, ours, theirs, { oursChangedAt: EARLY });
    expect(merged.steps[1]?.text).toBe('Theirs?');
    expect(conflicts).toEqual([
      { path: 'steps[b].text', ours: 'Ours?', theirs: 'Theirs?', kept: 'theirs' },
    ]);
  });

  it('media is merged as one value', () => {
    const base = content();
    const media = { filename: 'm.jpg', mimeType: 'image/jpeg', url: '/m.jpg' };
    const { merged, conflicts } = merge(base, withStep(base, 'c', { media }), base);
    expect(merged.steps[2]?.media).toEqual(media);
    expect(conflicts).toEqual([]);
  });

  it('type and answers move together: a type change against an answer edit is one conflict', () => {
    const mc = multipleChoiceStep({ id: 'q' });
    const base = content({ steps: [mc] });
    // Ours turned the question into a challenge (SPEC §4 clears the answers)…
    const ours = withStep(base, 'q', { type: 'photoChallenge', answers: [] });
    // …while theirs corrected an answer of the multiple-choice question.
    const fixed = mc.answers.map((a) => (a.id === 'a2' ? { ...a, value: 'Saturn' } : a));
    const theirs = withStep(base, 'q', { answers: fixed });

    const oursWins = merge(base, ours, theirs);
    expect(oursWins.merged.steps[0]).toMatchObject({ type: 'photoChallenge', answers: [] });
    expect(oursWins.conflicts).toEqual([
      {
        path: 'steps[q].type',
        ours: { type: 'photoChallenge', answers: [] },
        theirs: { type: 'multipleChoice', answers: fixed },
        kept: 'ours',
      },
    ]);

    const theirsWin = merge(base, ours, theirs, { oursChangedAt: EARLY, theirsChangedAt: LATE });
    expect(theirsWin.merged.steps[0]).toMatchObject({ type: 'multipleChoice', answers: fixed });
  });

  it('an answer edit on one side only is taken with its type', () => {
    const base = content({ steps: [freeTextStep({ id: 'q' })] });
    const ours = withStep(base, 'q', { answers: [answer('a1', 'Lutetia', true)] });
    const { merged, conflicts } = merge(base, ours, base);
    expect(merged.steps[0]?.answers).toEqual([answer('a1', 'Lutetia', true)]);
    expect(conflicts).toEqual([]);
  });

  it('keeps a step added on one side, and steps added on both', () => {
    const base = content();
    const ours = { ...base, steps: [...base.steps, step('x')] };
    const theirs = { ...base, steps: [step('y'), ...base.steps] };
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(ids(merged)).toEqual(['y', 'a', 'b', 'c', 'x']);
    expect(conflicts).toEqual([]);
  });

  it('a step deleted on one side and unchanged on the other is deleted', () => {
    const base = content();
    const ours = { ...base, steps: base.steps.filter((s) => s.id !== 'b') };
    const theirs = withStep(base, 'a', { text: 'Edited a' });
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(ids(merged)).toEqual(['a', 'c']);
    expect(merged.steps[0]?.text).toBe('Edited a');
    expect(conflicts).toEqual([]);
  });

  it('a step deleted on both sides is deleted', () => {
    const base = content();
    const without = { ...base, steps: base.steps.filter((s) => s.id !== 'b') };
    expect(merge(base, without, without)).toEqual({ merged: without, conflicts: [], stamps: {} });
  });

  it('deleted on one side, edited on the later other side: the step stays with the edits', () => {
    const base = content();
    const ours = { ...base, steps: base.steps.filter((s) => s.id !== 'b') };
    const theirs = withStep(base, 'b', { text: 'Edited b' });
    const { merged, conflicts } = merge(base, ours, theirs, {
      oursChangedAt: EARLY,
      theirsChangedAt: LATE,
    });
    expect(ids(merged)).toEqual(['a', 'b', 'c']);
    expect(merged.steps[1]).toEqual({ ...step('b'), text: 'Edited b' });
    expect(conflicts).toEqual([
      { path: 'steps[b]', ours: null, theirs: { ...step('b'), text: 'Edited b' }, kept: 'theirs' },
    ]);
  });

  it('edited on one side, deleted on the later other side: an edit beats a delete, the step comes back with the edits and the conflict says so', () => {
    const base = content();
    const ours = withStep(base, 'b', { points: 77 });
    const theirs = { ...base, steps: base.steps.filter((s) => s.id !== 'b') };
    const { merged, conflicts } = merge(base, ours, theirs, {
      oursChangedAt: EARLY,
      theirsChangedAt: LATE,
    });
    expect(ids(merged)).toEqual(['a', 'b', 'c']);
    expect(merged.steps[1]).toEqual({ ...step('b'), points: 77 });
    expect(conflicts).toEqual([
      { path: 'steps[b]', ours: { ...step('b'), points: 77 }, theirs: null, kept: 'ours' },
    ]);
  });

  it('an edit beats a delete whichever came later: deleted later here, edited earlier there', () => {
    const base = content();
    const ours = { ...base, steps: base.steps.filter((s) => s.id !== 'c') };
    const theirs = withStep(base, 'c', { name: 'Renamed c' });
    const { merged, conflicts } = merge(base, ours, theirs, {
      oursChangedAt: LATE,
      theirsChangedAt: EARLY,
    });
    expect(ids(merged)).toEqual(['a', 'b', 'c']);
    expect(merged.steps[2]?.name).toBe('Renamed c');
    expect(conflicts).toEqual([
      {
        path: 'steps[c]',
        ours: null,
        theirs: { ...step('c'), name: 'Renamed c' },
        kept: 'theirs',
      },
    ]);
  });

  it('added on both sides with the same id: merged field by field with no base', () => {
    const base = content();
    const ours = { ...base, steps: [...base.steps, step('n', { text: 'Ours?', points: 5 })] };
    const theirs = { ...base, steps: [...base.steps, step('n', { text: 'Theirs?', points: 5 })] };
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(merged.steps[3]).toEqual(step('n', { text: 'Ours?', points: 5 }));
    expect(conflicts).toEqual([
      { path: 'steps[n].text', ours: 'Ours?', theirs: 'Theirs?', kept: 'ours' },
    ]);
  });
});

describe('rule 6: step order', () => {
  const base = content({
    steps: ['a', 'b', 'c', 'd'].map((id) => step(id)),
  });

  it('ours unchanged takes theirs’ order; theirs unchanged takes ours', () => {
    const moved = reorder(base, ['d', 'a', 'b', 'c']);
    expect(ids(merge(base, base, moved).merged)).toEqual(['d', 'a', 'b', 'c']);
    expect(ids(merge(base, moved, base).merged)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('one side’s reorder survives the other side’s edits and deletions', () => {
    const ours = reorder(base, ['c', 'b', 'a', 'd']);
    const theirs = withStep({ ...base, steps: base.steps.filter((s) => s.id !== 'd') }, 'a', {
      text: 'Edited',
    });
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(ids(merged)).toEqual(['c', 'b', 'a']);
    expect(merged.steps[2]?.text).toBe('Edited');
    expect(conflicts).toEqual([]);
  });

  it('both reordered differently: the later wins, conflict steps.order', () => {
    const ours = reorder(base, ['b', 'a', 'c', 'd']);
    const theirs = reorder(base, ['a', 'b', 'd', 'c']);
    const early = merge(base, ours, theirs, { oursChangedAt: EARLY, theirsChangedAt: LATE });
    expect(ids(early.merged)).toEqual(['a', 'b', 'd', 'c']);
    expect(early.conflicts).toEqual([
      {
        path: 'steps.order',
        ours: ['b', 'a', 'c', 'd'],
        theirs: ['a', 'b', 'd', 'c'],
        kept: 'theirs',
      },
    ]);
    expect(ids(merge(base, ours, theirs).merged)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('both reordered the same way is no conflict', () => {
    const moved = reorder(base, ['d', 'c', 'b', 'a']);
    expect(merge(base, moved, moved).conflicts).toEqual([]);
  });

  it('additions go after the step that precedes them on their side, even when reordered', () => {
    const ours = { ...base, steps: [step('a'), step('x'), step('b'), step('c'), step('d')] };
    // Theirs moved b to the end and added y after c.
    const theirs = { ...base, steps: [step('a'), step('c'), step('y'), step('d'), step('b')] };
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(ids(merged)).toEqual(['a', 'x', 'c', 'y', 'd', 'b']);
    expect(conflicts).toEqual([]);
  });

  it('an addition with nothing before it goes first', () => {
    const theirs = { ...base, steps: [step('y'), step('z'), ...base.steps] };
    const ours = reorder(base, ['b', 'a', 'c', 'd']);
    expect(ids(merge(base, ours, theirs).merged)).toEqual(['y', 'z', 'b', 'a', 'c', 'd']);
  });

  it('an addition after a step the other side deleted follows that step’s predecessor', () => {
    const ours = { ...base, steps: [step('a'), step('b'), step('x'), step('c'), step('d')] };
    const theirs = { ...base, steps: base.steps.filter((s) => s.id !== 'b') };
    expect(ids(merge(base, ours, theirs).merged)).toEqual(['a', 'x', 'c', 'd']);
  });

  it('additions after the same step: the earlier side’s first, whichever side is "ours"', () => {
    const ours = { ...base, steps: [step('a'), step('x1'), step('x2'), ...base.steps.slice(1)] };
    const theirs = { ...base, steps: [step('a'), step('y'), ...base.steps.slice(1)] };
    const oursLater = merge(base, ours, theirs, { oursChangedAt: LATE, theirsChangedAt: EARLY });
    expect(ids(oursLater.merged)).toEqual(['a', 'y', 'x1', 'x2', 'b', 'c', 'd']);
    const swapped = merge(base, theirs, ours, { oursChangedAt: EARLY, theirsChangedAt: LATE });
    expect(swapped.merged).toEqual(oursLater.merged);
  });

  it('the result has each id exactly once, even from a list with a duplicate id', () => {
    const ours = { ...base, steps: [...base.steps, step('a', { text: 'dup' })] };
    const { merged } = merge(base, ours, base);
    expect(ids(merged)).toEqual(['a', 'b', 'c', 'd']);
    expect(merged.steps[0]?.text).toBe(step('a').text);
  });
});

describe('rule 6: tasks that come back keep the base order', () => {
  it('two tasks each deleted on one side and edited on the other come back in the base order, whichever side pushed first', () => {
    const base = content({ steps: [step('a'), step('b')] });
    // Ours deleted a and edited b; theirs deleted b and edited a: both come back (rule 5).
    const ours = { ...base, steps: [{ ...step('b'), text: 'b edited' }] };
    const theirs = { ...base, steps: [{ ...step('a'), text: 'a edited' }] };
    const forward = merge(base, ours, theirs, { oursChangedAt: EARLY, theirsChangedAt: LATE });
    const swapped = merge(base, theirs, ours, { oursChangedAt: LATE, theirsChangedAt: EARLY });
    expect(ids(forward.merged)).toEqual(['a', 'b']);
    expect(ids(swapped.merged)).toEqual(['a', 'b']);
  });
});

describe('rule 7: with no base, every field that differs is a both-changed field', () => {
  it('decides each difference by time and records it', () => {
    const ours = content({ name: 'Offline A', steps: [step('a'), step('o')] });
    const theirs = content({
      name: 'Offline B',
      duration: 90,
      steps: [step('a', { text: 'Other?' }), step('t')],
    });
    const { merged, conflicts } = merge(null, ours, theirs, {
      oursChangedAt: EARLY,
      theirsChangedAt: LATE,
    });
    expect(merged.name).toBe('Offline B');
    expect(merged.duration).toBe(90);
    expect(merged.steps[0]?.text).toBe('Other?');
    // A step only one side holds counts as added there: nothing is dropped.
    expect(ids(merged)).toEqual(['a', 'o', 't']);
    expect(conflicts.map((c) => [c.path, c.kept])).toEqual([
      ['name', 'theirs'],
      ['duration', 'theirs'],
      ['steps[a].text', 'theirs'],
    ]);
  });

  it('fields that are equal on both sides are no conflict', () => {
    const same = content();
    expect(merge(null, same, contentOf(same))).toEqual({ merged: same, conflicts: [], stamps: {} });
  });

  it('orders that differ are a steps.order conflict', () => {
    const ours = content();
    const theirs = reorder(ours, ['c', 'b', 'a']);
    const { merged, conflicts } = merge(null, ours, theirs);
    expect(ids(merged)).toEqual(['a', 'b', 'c']);
    expect(conflicts.map((c) => c.path)).toEqual(['steps.order']);
  });
});

/** Freezes every object and array of a value, so that a write anywhere throws. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

describe('rule 8: pure and deterministic', () => {
  const base = content();
  const ours = withStep(
    { ...reorder(base, ['c', 'a', 'b']), name: 'Ours', steps: [...base.steps, step('x')] },
    'a',
    { text: 'Ours?' },
  );
  const theirs = withStep(
    { ...base, name: 'Theirs', steps: base.steps.filter((s) => s.id !== 'c') },
    'a',
    { text: 'Theirs?', type: 'photoChallenge', answers: [] },
  );
  const input: MergeInput = {
    base,
    ours,
    theirs,
    oursChangedAt: EARLY,
    theirsChangedAt: LATE,
  };

  it('never mutates its inputs', () => {
    const snapshot = structuredClone(input);
    deepFreeze(input);
    expect(() => mergeTemplates(input)).not.toThrow();
    expect(input).toEqual(snapshot);
  });

  it('the same input gives a deep-equal output', () => {
    expect(mergeTemplates(input)).toEqual(mergeTemplates(input));
  });

  it('the result shares no objects with the inputs', () => {
    const { merged, conflicts } = mergeTemplates(input);
    const snapshot = structuredClone(input);
    for (const s of merged.steps) {
      s.text = 'changed';
      s.answers.push(answer('z', 'z'));
    }
    merged.branding.headerColour = '#123456';
    for (const c of conflicts)
      if (typeof c.theirs === 'object' && c.theirs) Object.assign(c.theirs, { x: 1 });
    expect(input).toEqual(snapshot);
  });
});

describe("rule 9: the device's own unconfirmed pushes are the base where the server echoes them", () => {
  // The device pushed `sent` at `base` and never heard back; the server applied it (stamped
  // LATE), and meanwhile the organiser typed more here (EARLY: before the server's stamp).
  it('a later local edit of a field wins over the same field pushed earlier from this device', () => {
    const base = content();
    const sent = content({ name: 'First edit' });
    const ours = content({ name: 'Second edit' });
    const theirs = contentOf(sent);
    const times = { oursChangedAt: EARLY, theirsChangedAt: LATE };
    // Without rule 9 the device's own past wins, because the server stamped it later.
    expect(merge(base, ours, theirs, times).merged.name).toBe('First edit');
    const { merged, conflicts } = merge(baseWithEchoes(base, [sent], theirs), ours, theirs, times);
    expect(merged.name).toBe('Second edit');
    expect(conflicts).toEqual([]);
  });

  it("another device's change on top of the echoed push still merges field by field", () => {
    const base = content();
    const sent = content({ name: 'First edit' });
    const ours = content({ name: 'Second edit' });
    const theirs = content({ name: 'First edit', description: 'From the other device' });
    const echoBase = baseWithEchoes(base, [sent], theirs);
    const { merged, conflicts } = merge(echoBase, ours, theirs, {
      oursChangedAt: EARLY,
      theirsChangedAt: LATE,
    });
    expect(merged).toMatchObject({ name: 'Second edit', description: 'From the other device' });
    expect(conflicts).toEqual([]);
  });

  it('a value the server does not echo keeps the old base, so a real conflict is still one', () => {
    const base = content();
    const sent = content({ name: 'First edit' });
    const ours = content({ name: 'Second edit' });
    const theirs = content({ name: 'Renamed elsewhere' });
    const echoBase = baseWithEchoes(base, [sent], theirs);
    expect(echoBase?.name).toBe(base.name);
    const { merged, conflicts } = merge(echoBase, ours, theirs, {
      oursChangedAt: EARLY,
      theirsChangedAt: LATE,
    });
    expect(merged.name).toBe('Renamed elsewhere');
    expect(conflicts.map((c) => [c.path, c.ours, c.kept])).toEqual([
      ['name', 'Second edit', 'theirs'],
    ]);
  });

  it('tasks: an echoed task field is the base, and a task deleted here after pushing it stays deleted', () => {
    const base = content();
    const sent = {
      ...withStep(base, 'a', { text: 'Pushed?' }),
      steps: [...withStep(base, 'a', { text: 'Pushed?' }).steps, step('x')],
    };
    const ours = {
      ...withStep(base, 'a', { text: 'Typed later?' }),
      steps: withStep(base, 'a', { text: 'Typed later?' }).steps,
    };
    const theirs = contentOf(sent);
    const echoBase = baseWithEchoes(base, [sent], theirs);
    const { merged, conflicts } = merge(echoBase, ours, theirs, {
      oursChangedAt: EARLY,
      theirsChangedAt: LATE,
    });
    expect(ids(merged)).toEqual(['a', 'b', 'c']);
    expect(merged.steps[0]?.text).toBe('Typed later?');
    expect(conflicts).toEqual([]);
  });

  it('a task added here that the server does not hold is not taken for one deleted there', () => {
    const base = content();
    const sent = { ...base, steps: [...base.steps, step('x')] };
    const theirs = content({ description: 'Changed elsewhere' });
    const echoBase = baseWithEchoes(base, [sent], theirs);
    expect(ids(echoBase!)).toEqual(['a', 'b', 'c']);
    expect(ids(merge(echoBase, sent, theirs).merged)).toEqual(['a', 'b', 'c', 'x']);
  });

  it('with no base (never confirmed), the first content sent is the base where nothing is echoed', () => {
    const first = content({ name: 'Created', description: 'Created here' });
    const ours = content({ name: 'Typed later', description: 'Created here' });
    const theirs = content({ name: 'Created', description: 'Changed elsewhere' });
    const echoBase = baseWithEchoes(null, [first], theirs);
    expect(echoBase).toMatchObject({ name: 'Created', description: 'Created here' });
    const { merged, conflicts } = merge(echoBase, ours, theirs, {
      oursChangedAt: EARLY,
      theirsChangedAt: LATE,
    });
    expect(merged).toMatchObject({ name: 'Typed later', description: 'Changed elsewhere' });
    expect(conflicts).toEqual([]);
  });

  it('without sends the base is unchanged, and the inputs are never modified', () => {
    const base = deepFreeze(content());
    const theirs = deepFreeze(content({ name: 'Elsewhere' }));
    expect(baseWithEchoes(base, [], theirs)).toBe(base);
    expect(baseWithEchoes(null, [], theirs)).toBeNull();
    const sent = deepFreeze(content({ name: 'Elsewhere' }));
    const echoBase = baseWithEchoes(base, [sent], theirs);
    expect(echoBase?.name).toBe('Elsewhere');
    expect(echoBase?.steps[0]).not.toBe(base.steps[0]);
  });
});

describe('contentOf and CONTENT_FIELDS', () => {
  const template: Template = {
    id: 't-1',
    ...content(),
    theme: null,
    stepValidationErrors: [],
    master: false,
    thumbnail: null,
    comingSoon: false,
    revision: 3,
    createdAt: EARLY,
    updatedAt: LATE,
  };

  it('picks exactly the content fields', () => {
    const picked = contentOf(template);
    expect(Object.keys(picked).sort()).toEqual([...CONTENT_FIELDS].sort());
    expect(picked).toEqual(content());
  });

  it('does not share the steps array', () => {
    const picked = contentOf(template);
    picked.steps.push(challengeStep({ id: 'late' }));
    expect(template.steps).toHaveLength(3);
  });

  it('deepEqual ignores key order and undefined-valued keys, as JSON would', () => {
    expect(deepEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(deepEqual({ a: null }, { a: undefined })).toBe(false);
    expect(deepEqual([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
  });
});
