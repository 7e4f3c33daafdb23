/**
 * Properties of sync/merge.ts over random templates and random independent edits on both sides.
 * fast-check generates a case as plain data with explicit parameters — a base template (0–8
 * tasks of every type, each with its answers), sometimes a task both sides hold with an id the
 * base lacks, up to six edits per side (every field of the template, its branding and its tasks;
 * a change of task type through the domain's own rule; add, delete and move a task; a task is
 * picked by its place in that side's list at that moment, modulo its length) and each side's
 * change time (one of five minutes, so about one case in five is a tie) — then builds both sides
 * from the base as the builder does (a new object per edit, the old one untouched) and
 * deep-freezes the case, so that any write by the merge throws (rule 8).
 *
 * Each property runs RUNS (600) cases from its own random seed (the determinism check 50); all
 * take a few seconds together.
 *
 * Replay: a failure prints fast-check's seed and path and the shrunk case. Run exactly that case
 * again with
 *   MERGE_SEED=<seed> MERGE_PATH=<path> npx vitest run tests/unit/sync/merge.property.test.ts
 * Every property draws from the same arbitrary, so a seed and path name the same case in each:
 * every property then runs that one case alone (the checks on how many cases of a kind the
 * generator made are skipped), and the one that failed fails at once, with the same
 * counterexample. MERGE_SEED alone runs RUNS cases from that seed.
 */
import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { deepEqual, mergeTemplates } from '../../../sync/merge';
import type { MergeConflict, MergeInput, TemplateContent } from '../../../sync/merge';
import { DELIVERY_TYPES, DURATIONS, GAME_TYPES, STEP_TYPES } from '../../../src/domain/enums';
import type { StepType } from '../../../src/domain/enums';
import type { Logo, Step } from '../../../src/domain/schemas';
import { changeStepType } from '../../../src/domain/taskTypeChange';

const TEST_FILE = 'tests/unit/sync/merge.property.test.ts';
const RUNS = 600;
const REPLAY_SEED =
  process.env.MERGE_SEED !== undefined ? Number(process.env.MERGE_SEED) : undefined;
const REPLAY_PATH = process.env.MERGE_PATH || undefined;
const replaying = REPLAY_PATH !== undefined;
/** The check that the generator makes every kind of conflict uses this fixed seed: some kinds
 * (a branding colour both sides changed) come up in one case in 500 or fewer, so that RUNS cases
 * from a random seed would miss one now and then. */
const GENERATOR_SEED = 1;

// ---------------------------------------------------------------------------------------------
// Generated data

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
type ColourField = (typeof COLOUR_FIELDS)[number];
/** How many answers a new task of each type has (a question type has at least one). */
const ANSWER_COUNTS: Record<StepType, readonly [min: number, max: number]> = {
  freeText: [1, 2],
  multipleChoice: [2, 4],
  standardChallenge: [0, 0],
  photoChallenge: [0, 0],
  videoChallenge: [0, 0],
};
/** Enough to pick any place in the longest list a side can have: 8 tasks, the shared one and
 * six additions. */
const MAX_PLACE = 8 + 1 + 6;

const logo = (url: string): Logo => ({
  url,
  filename: 'logo.png',
  mimeType: 'image/png',
  brandingId: 'br-1',
  default: false,
});

/** `value` in about `percent` % of the cases, else null (which is what it shrinks to). */
const sometimes = <T>(percent: number, value: fc.Arbitrary<T>): fc.Arbitrary<T | null> =>
  fc.oneof(
    { weight: 100 - percent, arbitrary: fc.constant(null) },
    { weight: percent, arbitrary: value },
  );
/** true in about `percent` % of the cases. */
const chance = (percent: number): fc.Arbitrary<boolean> =>
  sometimes(percent, fc.constant(true)).map((v) => v === true);

const name = fc.constantFrom(...NAMES);
const text = fc.constantFrom(...TEXTS);
const colour = fc.constantFrom(...COLOURS);
const points = fc.constantFrom(...POINTS);
/** A task by its place in a side's list at that moment (modulo its length, or length + 1 for
 * a place to insert at). */
const place = fc.nat({ max: MAX_PLACE });

/** A task as generated: its type with the values of its answers, and whether it has media.
 * toStep() builds it, with its ids. */
interface StepDraft {
  name: string;
  kind: { type: StepType; answers: string[] };
  text: string;
  media: boolean;
  points: number;
  locked: boolean;
}

const stepDraft: fc.Arbitrary<StepDraft> = fc.record({
  name,
  kind: fc.oneof(
    ...STEP_TYPES.map((type) =>
      fc.record({
        type: fc.constant(type),
        answers: fc.array(text, {
          minLength: ANSWER_COUNTS[type][0],
          maxLength: ANSWER_COUNTS[type][1],
          size: 'max',
        }),
      }),
    ),
  ),
  text,
  media: chance(20),
  points,
  locked: chance(10),
});

/** A template as generated: its logo by its url, its tasks as drafts. */
type TemplateDraft = Omit<TemplateContent, 'branding' | 'steps'> & {
  branding: Omit<TemplateContent['branding'], 'logo'> & { logo: string | null };
  steps: StepDraft[];
};

const templateDraft: fc.Arbitrary<TemplateDraft> = fc.record({
  name,
  description: text,
  shortDescription: text,
  gameType: fc.constantFrom(...GAME_TYPES),
  deliveryType: fc.constantFrom(...DELIVERY_TYPES),
  duration: fc.constantFrom(...DURATIONS),
  selectedThemeId: fc.constantFrom(...THEMES),
  branding: fc.record({
    id: fc.constant('br-1'),
    logo: sometimes(30, fc.constant('/base.png')),
    headerColour: colour,
    questionBackgroundColour: colour,
    selfieBackgroundColour: colour,
  }),
  steps: fc.array(stepDraft, { maxLength: 8, size: 'max' }),
});

/** One edit, with explicit parameters. */
type Edit =
  | { kind: 'template'; change: Partial<Omit<TemplateContent, 'branding' | 'steps'>> }
  | { kind: 'colour'; field: ColourField; value: string }
  | { kind: 'logo'; url: string | null }
  | { kind: 'task'; task: number; change: Partial<Pick<Step, 'name' | 'text' | 'points'>> }
  | { kind: 'type'; task: number; type: StepType }
  | { kind: 'lock'; task: number }
  | { kind: 'media'; task: number }
  | { kind: 'add'; at: number; step: StepDraft }
  | { kind: 'delete'; task: number }
  | { kind: 'move'; from: number; to: number };

const task = (change: fc.Arbitrary<Extract<Edit, { kind: 'task' }>['change']>) =>
  fc.record({ kind: fc.constant('task' as const), task: place, change });
const template = (change: fc.Arbitrary<Extract<Edit, { kind: 'template' }>['change']>) =>
  fc.record({ kind: fc.constant('template' as const), change });

/** The edits the builder makes, about equally likely; five template fields that are rarely
 * edited share one kind's weight. */
const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 5, arbitrary: template(fc.record({ name })) },
  { weight: 5, arbitrary: template(fc.record({ description: text })) },
  { weight: 1, arbitrary: template(fc.record({ shortDescription: text })) },
  { weight: 1, arbitrary: template(fc.record({ gameType: fc.constantFrom(...GAME_TYPES) })) },
  {
    weight: 1,
    arbitrary: template(fc.record({ deliveryType: fc.constantFrom(...DELIVERY_TYPES) })),
  },
  { weight: 1, arbitrary: template(fc.record({ duration: fc.constantFrom(...DURATIONS) })) },
  { weight: 1, arbitrary: template(fc.record({ selectedThemeId: fc.constantFrom(...THEMES) })) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('colour' as const),
      field: fc.constantFrom(...COLOUR_FIELDS),
      value: colour,
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('logo' as const),
      url: sometimes(70, fc.constantFrom('/a.png', '/b.png')),
    }),
  },
  { weight: 5, arbitrary: task(fc.record({ text })) },
  { weight: 5, arbitrary: task(fc.record({ points })) },
  { weight: 5, arbitrary: task(fc.record({ name })) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('type' as const),
      task: place,
      type: fc.constantFrom(...STEP_TYPES),
    }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('lock' as const), task: place }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('media' as const), task: place }) },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('add' as const), at: place, step: stepDraft }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('delete' as const), task: place }) },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('move' as const), from: place, to: place }),
  },
);

/** One side's changes to the base. */
interface SideDraft {
  /** Where the task both sides hold goes, if there is one; */
  sharedAt: number;
  /** and whether this side holds it as made, or with its own text. */
  sharedAsMade: boolean;
  edits: Edit[];
}

const sideDraft: fc.Arbitrary<SideDraft> = fc.record({
  sharedAt: place,
  sharedAsMade: fc.boolean(),
  edits: fc.array(edit, { maxLength: 6, size: 'max' }),
});

/** Fresh ids for one side, so the two sides never invent the same id by accident. */
function idMaker(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}

const media = (name: string, mimeType: string) => ({ filename: name, mimeType, url: `/${name}` });

/** A new task (new objects only: the case is frozen, and what fast-check generated is not). */
function toStep(draft: StepDraft, id: string, newId: () => string): Step {
  const { type, answers } = draft.kind;
  return {
    id,
    name: draft.name,
    type,
    text: draft.text,
    answers: answers.map((value, i) => ({ id: newId(), value, correct: i === 0 })),
    media: draft.media ? media('m.jpg', 'image/jpeg') : null,
    points: draft.points,
    locked: draft.locked,
  };
}

/** One edit, made the way the builder makes it: a new object, the old one untouched. */
function applyEdit(c: TemplateContent, e: Edit, newId: () => string): TemplateContent {
  const editStep = (at: number, change: (s: Step) => Step): TemplateContent => {
    if (c.steps.length === 0) return c;
    const i = at % c.steps.length;
    return { ...c, steps: c.steps.map((s, j) => (j === i ? change(s) : s)) };
  };
  switch (e.kind) {
    case 'template':
      return { ...c, ...e.change };
    case 'colour':
      return { ...c, branding: { ...c.branding, [e.field]: e.value } };
    case 'logo':
      return { ...c, branding: { ...c.branding, logo: e.url === null ? null : logo(e.url) } };
    case 'task':
      return editStep(e.task, (s) => ({ ...s, ...e.change }));
    case 'type':
      // Through the domain's own rule, so the answers are what a type change really leaves.
      return editStep(e.task, (s) => changeStepType(s, e.type, newId));
    case 'lock':
      return editStep(e.task, (s) => ({ ...s, locked: !s.locked }));
    case 'media':
      return editStep(e.task, (s) => ({
        ...s,
        media: s.media === null ? media('n.png', 'image/png') : null,
      }));
    case 'add': {
      const steps = [...c.steps];
      steps.splice(e.at % (steps.length + 1), 0, toStep(e.step, newId(), newId));
      return { ...c, steps };
    }
    case 'delete': {
      const at = e.task % Math.max(c.steps.length, 1);
      return { ...c, steps: c.steps.filter((_, i) => i !== at) };
    }
    case 'move': {
      const steps = [...c.steps];
      const [moved] = steps.splice(e.from % Math.max(steps.length, 1), 1);
      if (moved) steps.splice(e.to % (steps.length + 1), 0, moved);
      return { ...c, steps };
    }
  }
}

function applySide(
  base: TemplateContent,
  prefix: string,
  shared: Step | null,
  draft: SideDraft,
): TemplateContent {
  const newId = idMaker(prefix);
  let c = base;
  // Sometimes both sides hold a step with the same id the base lacks (a retried push whose
  // first attempt did land): rule 5's "added on both sides".
  if (shared !== null) {
    const steps = [...c.steps];
    steps.splice(
      draft.sharedAt % (steps.length + 1),
      0,
      draft.sharedAsMade ? shared : { ...shared, text: prefix },
    );
    c = { ...c, steps };
  }
  for (const e of draft.edits) c = applyEdit(c, e, newId);
  return c;
}

interface Case {
  base: TemplateContent;
  ours: TemplateContent;
  theirs: TemplateContent;
  oursChangedAt: string;
  theirsChangedAt: string;
}

const START = Date.UTC(2025, 0, 1);
/** Five possible minutes each: about one case in five is a tie. */
const minute = fc.nat({ max: 4 });
const at = (m: number): string => new Date(START + m * 60_000).toISOString();

/** The generated data, built into a deep-frozen case. */
const caseArbitrary: fc.Arbitrary<Case> = fc
  .record({
    base: templateDraft,
    shared: sometimes(15, stepDraft),
    ours: sideDraft,
    theirs: sideDraft,
    oursMinute: minute,
    theirsMinute: minute,
  })
  .map((d) => {
    const answerId = idMaker('ba');
    const base: TemplateContent = {
      ...d.base,
      branding: {
        ...d.base.branding,
        logo: d.base.branding.logo === null ? null : logo(d.base.branding.logo),
      },
      steps: d.base.steps.map((s, i) => toStep(s, `b${i + 1}`, answerId)),
    };
    const shared = d.shared === null ? null : toStep(d.shared, 'both-1', idMaker('sa'));
    return deepFreeze({
      base,
      ours: applySide(base, 'o', shared, d.ours),
      theirs: applySide(base, 't', shared, d.theirs),
      oursChangedAt: at(d.oursMinute),
      theirsChangedAt: at(d.theirsMinute),
    });
  });

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

/** Checks (c), (d) and (e) for one merge; `label` names the variant. */
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

function report(details: fc.RunDetails<[Case]>): string {
  const replay = `MERGE_SEED=${details.seed} MERGE_PATH=${details.counterexamplePath} npx vitest run ${TEST_FILE}`;
  const error = details.errorInstance;
  return [
    fc.defaultReportMessage(details) ?? 'The property failed.',
    '',
    `Replay: ${replay}`,
    '',
    `What went wrong in the shrunk case: ${error instanceof Error ? error.message : String(error)}`,
  ].join('\n');
}

/** Runs `check` on `runs` generated cases from `seed` (fast-check picks one when undefined),
 * or, when MERGE_PATH is set, on the replayed case alone. */
function forAllCases(
  check: (c: Case) => void,
  { runs = RUNS, seed = REPLAY_SEED }: { runs?: number; seed?: number } = {},
): void {
  let cases = 0;
  fc.assert(
    fc.property(caseArbitrary, (c) => {
      cases += 1;
      // A replay runs exactly the case on the path, nothing after it.
      if (replaying && cases > 1) return;
      check(c);
    }),
    {
      numRuns: replaying ? 1 : runs,
      seed: replaying ? REPLAY_SEED : seed,
      path: REPLAY_PATH,
      endOnFailure: replaying,
      reporter: (details) => {
        if (details.failed) throw new Error(report(details));
      },
    },
  );
}

const times = (c: Case) => ({
  oursChangedAt: c.oursChangedAt,
  theirsChangedAt: c.theirsChangedAt,
});

describe(`merge properties over ${RUNS} generated cases each`, () => {
  it('(a) rule 1: with one side unchanged the result is the other side, untouched', () => {
    forAllCases((c) => {
      expect(
        mergeTemplates({ base: c.base, ours: c.base, theirs: c.theirs, ...times(c) }),
        'ours unchanged',
      ).toEqual({
        merged: c.theirs,
        conflicts: [],
        stamps: {},
      });
      expect(
        mergeTemplates({ base: c.base, ours: c.ours, theirs: c.base, ...times(c) }),
        'theirs unchanged',
      ).toEqual({
        merged: c.ours,
        conflicts: [],
        stamps: {},
      });
    });
  });

  it('(b) rule 8: merging the result with itself gives the result', () => {
    forAllCases((c) => {
      const { merged } = mergeTemplates({ ...c });
      const again = mergeTemplates({ base: merged, ours: merged, theirs: merged, ...times(c) });
      expect(again).toEqual({ merged, conflicts: [], stamps: {} });
    });
  });

  it('(c, d, e) rules 1, 2, 5, 6: ids once, additions kept, one-sided changes taken, conflicts reported', () => {
    forAllCases((c) => {
      const input: MergeInput = { ...c };
      checkMerge('with base', input, mergeTemplates(input));
    });
  });

  it('(c, d, e) rule 7: the same with no base', () => {
    forAllCases((c) => {
      const input: MergeInput = { ...c, base: null };
      checkMerge('no base', input, mergeTemplates(input));
    });
  });

  it('(f) rule 2: with different times, swapping the sides gives the same merge', () => {
    let compared = 0;
    forAllCases((c) => {
      if (c.oursChangedAt === c.theirsChangedAt) return;
      compared++;
      for (const input of [{ ...c }, { ...c, base: null }] satisfies MergeInput[]) {
        const label = input.base ? 'with base' : 'no base';
        const direct = mergeTemplates(input);
        const other = mergeTemplates(swapped(input));
        expect(other.merged, label).toEqual(direct.merged);
        expect(other.conflicts, label).toEqual(direct.conflicts.map(mirrored));
      }
    });
    if (!replaying) expect(compared).toBeGreaterThan(RUNS / 2);
  });

  it('rule 8: the same input gives a deep-equal output', () => {
    forAllCases(
      (c) => {
        expect(mergeTemplates({ ...c })).toEqual(mergeTemplates({ ...c }));
      },
      { runs: 50 },
    );
  });

  it('the generator makes conflicts of every kind, so the properties are not vacuous', () => {
    const kinds = new Set<string>();
    forAllCases(
      (c) => {
        for (const { path } of mergeTemplates({ ...c }).conflicts) {
          kinds.add(path.replace(/^steps\[[^\]]+\]/, 'steps[]'));
        }
      },
      { seed: GENERATOR_SEED },
    );
    if (replaying) return;
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
