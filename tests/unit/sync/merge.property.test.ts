// Properties of sync/merge.ts over random templates and random independent edits on both sides.
// Seeded (mulberry32), so a failure names the seed that reproduces it: set FIRST_SEED to it.
import { describe, it, expect } from 'vitest';
import { deepEqual, mergeTemplates } from '../../../sync/merge';
import type { MergeConflict, MergeInput, TemplateContent } from '../../../sync/merge';
import { DELIVERY_TYPES, DURATIONS, GAME_TYPES, STEP_TYPES } from '../../../src/domain/enums';
import type { StepType } from '../../../src/domain/enums';
import type { Answer, Logo, Step } from '../../../src/domain/schemas';
import { changeStepType } from '../../../src/domain/taskTypeChange';

const SEEDS = 600;
const FIRST_SEED = 1;

// ---------------------------------------------------------------------------------------------
// Randomness

type Rng = () => number;

/** mulberry32: a tiny, well-mixed 32-bit generator; enough for test data, not for secrets. */
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rng: Rng, n: number): number => Math.floor(rng() * n);
function pick<T>(rng: Rng, values: readonly T[]): T {
  const value = values[int(rng, values.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

// Small pools, so that both sides sometimes make the very same change (rule 1).
const NAMES = ['Quiz night', 'Summer trail', 'Team day', 'Kick-off'];
const TEXTS = ['Who?', 'What?', 'Where?', 'When?', 'Why?'];
const COLOURS = ['#FF6800', '#FFFFFF', '#000000', '#123ABC'];
const POINTS = [5, 10, 20, 50];
const THEMES = [null, 'theme-1', 'theme-2'];
const COLOUR_FIELDS = [
  'headerColour',
  'questionBackgroundColour',
  'selfieBackgroundColour',
] as const;

const logo = (url: string): Logo => ({
  url,
  filename: 'logo.png',
  mimeType: 'image/png',
  brandingId: 'br-1',
  default: false,
});

/** Fresh ids for one side, so the two sides never invent the same id by accident. */
function idMaker(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}

function answersFor(rng: Rng, type: StepType, newId: () => string): Answer[] {
  const count =
    type === 'multipleChoice' ? 2 + int(rng, 3) : type === 'freeText' ? 1 + int(rng, 2) : 0;
  return Array.from({ length: count }, (_, i) => ({
    id: newId(),
    value: pick(rng, TEXTS),
    correct: i === 0,
  }));
}

function randomStep(rng: Rng, id: string, newId: () => string): Step {
  const type = pick(rng, STEP_TYPES);
  return {
    id,
    name: pick(rng, NAMES),
    type,
    text: pick(rng, TEXTS),
    answers: answersFor(rng, type, newId),
    media: rng() < 0.2 ? { filename: 'm.jpg', mimeType: 'image/jpeg', url: '/m.jpg' } : null,
    points: pick(rng, POINTS),
    locked: rng() < 0.1,
  };
}

function randomTemplate(rng: Rng): TemplateContent {
  const newId = idMaker('ba');
  return {
    name: pick(rng, NAMES),
    description: pick(rng, TEXTS),
    shortDescription: pick(rng, TEXTS),
    gameType: pick(rng, GAME_TYPES),
    deliveryType: pick(rng, DELIVERY_TYPES),
    duration: pick(rng, DURATIONS),
    selectedThemeId: pick(rng, THEMES),
    branding: {
      id: 'br-1',
      logo: rng() < 0.3 ? logo('/base.png') : null,
      headerColour: pick(rng, COLOURS),
      questionBackgroundColour: pick(rng, COLOURS),
      selfieBackgroundColour: pick(rng, COLOURS),
    },
    steps: Array.from({ length: int(rng, 9) }, (_, i) => randomStep(rng, `b${i + 1}`, newId)),
  };
}

/** One random edit, made the way the builder makes it: a new object, the old one untouched. */
function randomEdit(rng: Rng, c: TemplateContent, newId: () => string): TemplateContent {
  const editStep = (edit: (s: Step) => Step): TemplateContent => {
    if (c.steps.length === 0) return c;
    const i = int(rng, c.steps.length);
    return { ...c, steps: c.steps.map((s, j) => (j === i ? edit(s) : s)) };
  };
  switch (int(rng, 14)) {
    case 0:
      return { ...c, name: pick(rng, NAMES) };
    case 1:
      return { ...c, description: pick(rng, TEXTS) };
    case 2:
      return { ...c, branding: { ...c.branding, [pick(rng, COLOUR_FIELDS)]: pick(rng, COLOURS) } };
    case 3:
      return editStep((s) => ({ ...s, text: pick(rng, TEXTS) }));
    case 4:
      return editStep((s) => ({ ...s, points: pick(rng, POINTS) }));
    case 5:
      return editStep((s) => ({ ...s, name: pick(rng, NAMES) }));
    case 6: {
      // Through the domain's own rule, so the answers are what a type change really leaves.
      const type = pick(rng, STEP_TYPES);
      return editStep((s) => changeStepType(s, type, newId));
    }
    case 7: {
      const at = int(rng, c.steps.length + 1);
      const steps = [...c.steps];
      steps.splice(at, 0, randomStep(rng, newId(), newId));
      return { ...c, steps };
    }
    case 8: {
      const at = int(rng, c.steps.length);
      return { ...c, steps: c.steps.filter((_, i) => i !== at) };
    }
    case 9: {
      const steps = [...c.steps];
      const [moved] = steps.splice(int(rng, steps.length), 1);
      if (moved) steps.splice(int(rng, steps.length + 1), 0, moved);
      return { ...c, steps };
    }
    case 10:
      return editStep((s) => ({ ...s, locked: !s.locked }));
    case 11:
      return {
        ...c,
        branding: {
          ...c.branding,
          logo: rng() < 0.3 ? null : logo(pick(rng, ['/a.png', '/b.png'])),
        },
      };
    case 12:
      switch (int(rng, 5)) {
        case 0:
          return { ...c, shortDescription: pick(rng, TEXTS) };
        case 1:
          return { ...c, gameType: pick(rng, GAME_TYPES) };
        case 2:
          return { ...c, deliveryType: pick(rng, DELIVERY_TYPES) };
        case 3:
          return { ...c, duration: pick(rng, DURATIONS) };
        default:
          return { ...c, selectedThemeId: pick(rng, THEMES) };
      }
    default:
      return editStep((s) =>
        s.media === null
          ? { ...s, media: { filename: 'n.png', mimeType: 'image/png', url: '/n.png' } }
          : { ...s, media: null },
      );
  }
}

function randomEdits(
  rng: Rng,
  base: TemplateContent,
  prefix: string,
  shared: Step | null,
): TemplateContent {
  const newId = idMaker(prefix);
  let c = base;
  // Sometimes both sides hold a step with the same id the base lacks (a retried push whose
  // first attempt did land): rule 5's "added on both sides".
  if (shared !== null) {
    const steps = [...c.steps];
    steps.splice(int(rng, steps.length + 1), 0, rng() < 0.5 ? shared : { ...shared, text: prefix });
    c = { ...c, steps };
  }
  const count = int(rng, 7);
  for (let i = 0; i < count; i++) c = randomEdit(rng, c, newId);
  return c;
}

interface Case {
  seed: number;
  base: TemplateContent;
  ours: TemplateContent;
  theirs: TemplateContent;
  oursChangedAt: string;
  theirsChangedAt: string;
}

function randomCase(seed: number): Case {
  const rng = mulberry32(seed);
  const base = randomTemplate(rng);
  const shared = rng() < 0.15 ? randomStep(rng, 'both-1', idMaker('sa')) : null;
  const ours = randomEdits(rng, base, 'o', shared);
  const theirs = randomEdits(rng, base, 't', shared);
  // Five possible minutes each: about one case in five is a tie.
  const start = Date.UTC(2025, 0, 1);
  const time = (): string => new Date(start + int(rng, 5) * 60_000).toISOString();
  return deepFreeze({ seed, base, ours, theirs, oursChangedAt: time(), theirsChangedAt: time() });
}

/** Freezes every object and array, so that any write by the merge throws (rule 8). */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// The oracle: what rules 1–7 say of each field, computed from the three states alone

type Side = 'ours' | 'theirs';

/** One thing the rules merge as a unit, with its value on each side and in the result. */
interface Slot {
  path: string;
  /** Absent when there is no base for it (rule 7, or a step both sides added). */
  base?: { value: unknown };
  ours: unknown;
  theirs: unknown;
  result: unknown;
}

const SCALARS = [
  'name',
  'description',
  'shortDescription',
  'gameType',
  'deliveryType',
  'duration',
  'selectedThemeId',
] as const;
const BRANDING = [...COLOUR_FIELDS, 'logo'] as const;
const STEP_FIELDS = ['name', 'text', 'points', 'media', 'locked'] as const;

const byId = (steps: readonly Step[]): Map<string, Step> => new Map(steps.map((s) => [s.id, s]));
const baseOf = (present: boolean, value: unknown) => (present ? { value } : undefined);

function slotsOf(
  base: TemplateContent | null,
  ours: TemplateContent,
  theirs: TemplateContent,
  merged: TemplateContent,
): Slot[] {
  const slots: Slot[] = [];
  for (const f of SCALARS) {
    slots.push({
      path: f,
      base: baseOf(!!base, base?.[f]),
      ours: ours[f],
      theirs: theirs[f],
      result: merged[f],
    });
  }
  for (const f of BRANDING) {
    slots.push({
      path: `branding.${f}`,
      base: baseOf(!!base, base?.branding[f]),
      ours: ours.branding[f],
      theirs: theirs.branding[f],
      result: merged.branding[f],
    });
  }
  const b = byId(base?.steps ?? []);
  const o = byId(ours.steps);
  const t = byId(theirs.steps);
  const r = byId(merged.steps);
  for (const id of new Set([...o.keys(), ...t.keys()])) {
    const os = o.get(id);
    const ts = t.get(id);
    const bs = b.get(id);
    const rs = r.get(id);
    if (os && ts) {
      for (const f of STEP_FIELDS) {
        slots.push({
          path: `steps[${id}].${f}`,
          base: baseOf(!!bs, bs?.[f]),
          ours: os[f],
          theirs: ts[f],
          result: rs?.[f],
        });
      }
      const kind = (s: Step | undefined) => s && { type: s.type, answers: s.answers };
      slots.push({
        path: `steps[${id}].type`,
        base: baseOf(!!bs, kind(bs)),
        ours: kind(os),
        theirs: kind(ts),
        result: kind(rs),
      });
    } else if (bs) {
      // In the base and on one side only: the other side deleted it.
      slots.push({
        path: `steps[${id}]`,
        base: { value: bs },
        ours: os ?? null,
        theirs: ts ?? null,
        result: rs ?? null,
      });
    }
  }
  return slots;
}

const restrict = (order: readonly string[], keep: ReadonlySet<string>): string[] =>
  order.filter((id) => keep.has(id));

/** Checks (c), (d) and (e) for one merge; `label` names the seed and the variant. */
function checkMerge(
  label: string,
  input: MergeInput,
  result: { merged: TemplateContent; conflicts: MergeConflict[] },
): void {
  const { base, ours, theirs } = input;
  const { merged, conflicts } = result;
  const later: Side =
    Date.parse(input.oursChangedAt) > Date.parse(input.theirsChangedAt) ? 'ours' : 'theirs';
  const byPath = new Map(conflicts.map((c) => [c.path, c]));
  expect(byPath.size, `${label}: one conflict per path`).toBe(conflicts.length);

  // (c) each id once; every step only one side holds and the base lacks (added there) is kept,
  // and so is every step both sides hold.
  const resultIds = merged.steps.map((s) => s.id);
  expect(new Set(resultIds).size, `${label}: ids unique in ${resultIds}`).toBe(resultIds.length);
  const baseIds = new Set(base?.steps.map((s) => s.id));
  const oursIds = new Set(ours.steps.map((s) => s.id));
  const theirsIds = new Set(theirs.steps.map((s) => s.id));
  for (const id of [...oursIds, ...theirsIds]) {
    const added = !baseIds.has(id);
    const onBoth = oursIds.has(id) && theirsIds.has(id);
    if (added || onBoth) expect(resultIds, `${label}: step ${id} kept`).toContain(id);
  }
  for (const id of resultIds) {
    expect(oursIds.has(id) || theirsIds.has(id), `${label}: ${id} comes from a side`).toBe(true);
  }

  // (d) and (e), field by field.
  const expectedPaths = new Set<string>();
  for (const slot of slotsOf(base, ours, theirs, merged)) {
    const at = `${label}: ${slot.path}`;
    const oursChanged = !slot.base || !deepEqual(slot.ours, slot.base.value);
    const theirsChanged = !slot.base || !deepEqual(slot.theirs, slot.base.value);
    if (deepEqual(slot.ours, slot.theirs)) {
      expect(slot.result, `${at} same on both`).toEqual(slot.theirs);
    } else if (!oursChanged) {
      expect(slot.result, `${at} only theirs changed`).toEqual(slot.theirs);
    } else if (!theirsChanged) {
      expect(slot.result, `${at} only ours changed`).toEqual(slot.ours);
    } else {
      expectedPaths.add(slot.path);
      const conflict = byPath.get(slot.path);
      // Rule 5: a task deleted on one side and edited on the other is kept with the edits,
      // whichever came later; elsewhere the later side wins (rule 2).
      const deletedVsEdited = /^steps\[[^\]]+\]$/.test(slot.path);
      const kept: Side = deletedVsEdited ? (slot.ours === null ? 'theirs' : 'ours') : later;
      expect(conflict, `${at} both changed: a conflict`).toEqual({
        path: slot.path,
        ours: slot.ours,
        theirs: slot.theirs,
        kept,
      });
      expect(slot.result, `${at} kept value is the result`).toEqual(conflict?.[kept]);
    }
  }

  // Rule 6 on the ids both sides hold: one side reordered → its order; both → the later's.
  const shared = new Set([...oursIds].filter((id) => theirsIds.has(id)));
  const o = restrict([...oursIds], shared);
  const t = restrict([...theirsIds], shared);
  const b = base
    ? restrict(
        base.steps.map((s) => s.id),
        shared,
      )
    : null;
  const r = restrict(resultIds, shared);
  if (deepEqual(o, t) || (b && deepEqual(o, b))) expect(r, `${label}: order`).toEqual(t);
  else if (b && deepEqual(t, b)) expect(r, `${label}: order`).toEqual(o);
  else {
    expectedPaths.add('steps.order');
    expect(byPath.get('steps.order'), `${label}: order conflict`).toEqual({
      path: 'steps.order',
      ours: o,
      theirs: t,
      kept: later,
    });
    expect(r, `${label}: order`).toEqual(later === 'ours' ? o : t);
  }
  // A step one side alone holds follows the shared step that precedes it on that side.
  for (const side of [ours, theirs]) {
    let anchor: string | null = null;
    for (const { id } of side.steps) {
      if (shared.has(id)) anchor = id;
      else if (resultIds.includes(id)) {
        const at = resultIds.indexOf(id);
        if (anchor === null) {
          expect(
            resultIds.slice(at).filter((x) => shared.has(x)),
            `${label}: ${id} first`,
          ).toEqual(r);
        } else {
          expect(resultIds.indexOf(anchor), `${label}: ${id} after ${anchor}`).toBeLessThan(at);
        }
      }
    }
  }

  expect(new Set(byPath.keys()), `${label}: no other conflicts`).toEqual(expectedPaths);
}

const swapped = (input: MergeInput): MergeInput => ({
  base: input.base,
  ours: input.theirs,
  theirs: input.ours,
  oursChangedAt: input.theirsChangedAt,
  theirsChangedAt: input.oursChangedAt,
});

const mirrored = (c: MergeConflict): MergeConflict => ({
  path: c.path,
  ours: c.theirs,
  theirs: c.ours,
  kept: c.kept === 'ours' ? 'theirs' : 'ours',
});

// ---------------------------------------------------------------------------------------------

describe(`merge properties over ${SEEDS} seeded random cases`, () => {
  const cases = Array.from({ length: SEEDS }, (_, i) => randomCase(FIRST_SEED + i));
  const times = (c: Case) => ({
    oursChangedAt: c.oursChangedAt,
    theirsChangedAt: c.theirsChangedAt,
  });

  it('(a) rule 1: with one side unchanged the result is the other side, untouched', () => {
    for (const c of cases) {
      const label = `seed ${c.seed}`;
      expect(
        mergeTemplates({ base: c.base, ours: c.base, theirs: c.theirs, ...times(c) }),
        label,
      ).toEqual({
        merged: c.theirs,
        conflicts: [],
        stamps: {},
      });
      expect(
        mergeTemplates({ base: c.base, ours: c.ours, theirs: c.base, ...times(c) }),
        label,
      ).toEqual({
        merged: c.ours,
        conflicts: [],
        stamps: {},
      });
    }
  });

  it('(b) rule 8: merging the result with itself gives the result', () => {
    for (const c of cases) {
      const { merged } = mergeTemplates({ ...c });
      const again = mergeTemplates({ base: merged, ours: merged, theirs: merged, ...times(c) });
      expect(again, `seed ${c.seed}`).toEqual({ merged, conflicts: [], stamps: {} });
    }
  });

  it('(c, d, e) rules 1, 2, 5, 6: ids once, additions kept, one-sided changes taken, conflicts reported', () => {
    for (const c of cases) {
      const input: MergeInput = { ...c };
      checkMerge(`seed ${c.seed}`, input, mergeTemplates(input));
    }
  });

  it('(c, d, e) rule 7: the same with no base', () => {
    for (const c of cases) {
      const input: MergeInput = { ...c, base: null };
      checkMerge(`seed ${c.seed} (no base)`, input, mergeTemplates(input));
    }
  });

  it('(f) rule 2: with different times, swapping the sides gives the same merge', () => {
    let compared = 0;
    for (const c of cases) {
      if (c.oursChangedAt === c.theirsChangedAt) continue;
      compared++;
      for (const input of [{ ...c }, { ...c, base: null }] satisfies MergeInput[]) {
        const label = `seed ${c.seed}${input.base ? '' : ' (no base)'}`;
        const direct = mergeTemplates(input);
        const other = mergeTemplates(swapped(input));
        expect(other.merged, label).toEqual(direct.merged);
        expect(other.conflicts, label).toEqual(direct.conflicts.map(mirrored));
      }
    }
    expect(compared).toBeGreaterThan(SEEDS / 2);
  });

  it('rule 8: the same input gives a deep-equal output', () => {
    for (const c of cases.slice(0, 50)) {
      expect(mergeTemplates({ ...c }), `seed ${c.seed}`).toEqual(mergeTemplates({ ...c }));
    }
  });

  it('the generator makes conflicts of every kind, so the properties are not vacuous', () => {
    const kinds = new Set<string>();
    for (const c of cases) {
      for (const { path } of mergeTemplates({ ...c }).conflicts) {
        kinds.add(path.replace(/^steps\[[^\]]+\]/, 'steps[]'));
      }
    }
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'name',
        'description',
        'branding.headerColour',
        'branding.logo',
        'steps.order',
        'steps[]',
        'steps[].text',
        'steps[].points',
        'steps[].type',
        'steps[].locked',
      ]),
    );
  });
});
