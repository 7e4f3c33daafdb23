/**
 * Three-way merge of a template's content, used when a PATCH answers 412 (the server moved on)
 * or a pull brings a server version while local edits are still pending (docs/sync.md).
 * RxDB's default handler (server wins) would drop offline edits; this merge keeps both sides'
 * changes and decides only where both changed the same thing.
 *
 * Rules (the tests in tests/unit/sync/merge*.test.ts are named after them):
 * 1. A field changed on one side only takes that side's value; unchanged on both stays; changed
 *    identically on both is no conflict.
 * 2. Changed differently on both sides: the later change wins, and a MergeConflict records both
 *    values and which was kept. Nothing is silently lost: the losing value is in the conflict.
 *    "Later" is decided per field by the field stamps (src/domain/fieldStamps.ts: one hybrid
 *    logical clock, so a change made after seeing the other is always later, whatever the
 *    device clocks say); a tie keeps theirs, the server's, so that every client resolves the
 *    same way. A field stamped on one side only counts as later there (the other side's
 *    change predates stamps). Where neither side has a stamp (edits made before stamps
 *    existed), the template's times decide as they used to: oursChangedAt vs theirsChangedAt.
 * 3. Scalar fields: name, description, shortDescription, gameType, deliveryType, duration,
 *    selectedThemeId.
 * 4. branding: merged per field (headerColour, questionBackgroundColour, selfieBackgroundColour,
 *    and logo as a whole value); branding.id is theirs.
 * 5. steps: merged per step by id, and within a step per field: name, text, points, media,
 *    locked, and {type, answers} as one unit (a type change rewrites the answers, SPEC §4). A step
 *    added on one side is kept. A step deleted on one side and unchanged on the other is deleted.
 *    Deleted on one side and edited on the other: the edit wins, whichever came later — the task
 *    comes back with the edits (an organiser who deleted a task can delete it again; edits thrown
 *    away are gone for good), and the conflict `steps[<id>]` records it (the deleted side's value
 *    is null, `kept` is the editing side) so that the builder can say so.
 *    Added on both sides with the same id: merged field by field with no base (rule 7).
 * 6. Step order (sync/mergeOrder.ts): over the ids both sides hold, a side whose order equals the
 *    base's takes the other side's order; both reordered differently: the later wins (conflict
 *    `steps.order`). A step only one side holds goes after the step preceding it on that side (or
 *    first); where both sides added after the same step, the earlier side's come first; tasks the base
 *    held (back after a deletion) keep the base's order among themselves. Each id appears
 *    exactly once.
 * 7. base === null (the local copy was never on the server): every field that differs is a
 *    both-changed field (rule 2); a step only one side holds counts as added there.
 * 8. Pure and deterministic: never mutates its inputs, no clock, no randomness; the same input
 *    gives a deep-equal output, and with different times, swapping ours and theirs (with their
 *    times and stamps) gives the same merged content. The result shares no objects with the
 *    inputs. The merged stamps are, per path of the merged content, the later of the two.
 * 9. The device's own unconfirmed pushes (baseWithEchoes): a push whose answer never came may
 *    have been applied, and the server stamps it later than edits made here while it travelled.
 *    Where the server's value equals a value this device sent, that value is the base (the local
 *    value descends from it), so a later local edit is not mistaken for the older side of a
 *    conflict with the device's own past. A task the server no longer holds keeps the base's
 *    version: a device cannot tell whether the deletion was made by someone who saw its
 *    unconfirmed edit (a push that failed while offline counts as unconfirmed too), so the edit
 *    beats the deletion (rule 5) and the deletion is logged.
 * 10. Changed and changed back (with base stamps): a value equal to the base's still counts as a
 *    change when that side's stamp of the field (or of the task order) is later than the base's,
 *    so a name set back to what it was after the other device renamed it, or tasks moved back,
 *    wins or loses by rule 2 like any change instead of giving way silently.
 */
import type { Branding, Step } from '../src/domain/schemas';
import {
  laterStamp,
  maxStamp,
  mergeStamps,
  SCALAR_STAMP_FIELDS,
  STEP_ORDER_PATH,
  stepsById,
  type FieldStamps,
} from '../src/domain/fieldStamps';
import { mergeStepOrder } from './mergeOrder';
import type { MergeSide } from './mergeOrder';

import { contentOf, type TemplateContent } from '../src/domain/templateContent';
import { cloneJson, deepEqual } from '../src/domain/jsonValue';

export { deepEqual };

export { contentOf, type TemplateContent };

// The scalar fields are the stamped ones: one list, so stamps and merge cannot drift apart.
const SCALAR_FIELDS = SCALAR_STAMP_FIELDS;

const ALL_CONTENT_FIELDS = [...SCALAR_FIELDS, 'branding', 'steps'] as const;

// Fails to compile when TemplateContent gains a field that the merge does not handle.
type Unhandled = Exclude<keyof TemplateContent, (typeof ALL_CONTENT_FIELDS)[number]>;
const allFieldsHandled: [Unhandled] extends [never] ? true : never = true;
void allFieldsHandled;

export const CONTENT_FIELDS: readonly (keyof TemplateContent)[] = ALL_CONTENT_FIELDS;

/** Every branding field but id, which is the server's (rule 4). */
type BrandingField = Exclude<keyof Branding, 'id'>;

export interface MergeConflict {
  /**
   * 'name', 'branding.headerColour', 'branding.logo', 'steps.order', 'steps[<stepId>].text',
   * 'steps[<stepId>]' (whole task deleted on one side, edited on the other; the deleted side's
   * value is null and the edited side is kept, rule 5), 'steps[<stepId>].type' (values are
   * {type, answers}, which move together) …
   */
  path: string;
  ours: unknown;
  theirs: unknown;
  kept: 'ours' | 'theirs';
}

export interface MergeInput {
  /** The server state the local copy was last based on; null = never seen. */
  base: TemplateContent | null;
  /** Local. */
  ours: TemplateContent;
  /** The server's current. */
  theirs: TemplateContent;
  /** ISO time of the last local edit. */
  oursChangedAt: string;
  /** The server's updatedAt. */
  theirsChangedAt: string;
  /** When each field last changed here / on the server (rule 2); absent: no stamps. */
  oursStamps?: Readonly<FieldStamps>;
  theirsStamps?: Readonly<FieldStamps>;
  /**
   * The stamps of the base, per path (rule 10): a side whose stamp of a path is later than the
   * base's changed it, even where the value came back to the base's. Absent: values alone decide.
   */
  baseStamps?: Readonly<FieldStamps>;
}

export interface MergeResult {
  merged: TemplateContent;
  conflicts: MergeConflict[];
  /** The stamps of the merged content: per path the later of the two sides'. */
  stamps: FieldStamps;
}

/** Picks exactly the content fields, so that a full Template can be passed in. */

// ---------------------------------------------------------------------------------------------
// Values

/** An unparsable time loses to a parsable one on either side, so the rule stays symmetric. */
function timeOf(iso: string): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/** Rule 2: the later change wins; a tie goes to the server so every client decides alike. */
function laterSide(oursChangedAt: string, theirsChangedAt: string): MergeSide {
  return timeOf(oursChangedAt) > timeOf(theirsChangedAt) ? 'ours' : 'theirs';
}

/** Rule 2 by stamps: the side whose stamp is later; null when neither side has one. */
function laterByStamp(ours: string | undefined, theirs: string | undefined): MergeSide | null {
  if (ours === undefined && theirs === undefined) return null;
  return laterStamp(ours, theirs) === ours && ours !== theirs ? 'ours' : 'theirs';
}

/** A base value, or NO_BASE when there is none (rule 7; also a step both sides added). */
type Base<T> = { readonly value: T } | null;
const NO_BASE = null;

interface MergeContext {
  /** The later side of the template as a whole: the fallback where a field has no stamps. */
  later: MergeSide;
  oursStamps: Readonly<FieldStamps>;
  theirsStamps: Readonly<FieldStamps>;
  baseStamps: Readonly<FieldStamps> | null;
  conflicts: MergeConflict[];
}

/**
 * Rule 10: the side changed `path` since the base although its value may equal the base's (it
 * was changed and changed back). Only where both the side and the base have a stamp.
 */
function restampedSinceBase(path: string, side: MergeSide, ctx: MergeContext): boolean {
  const baseStamp = ctx.baseStamps?.[path];
  const sideStamp = (side === 'ours' ? ctx.oursStamps : ctx.theirsStamps)[path];
  return baseStamp !== undefined && sideStamp !== undefined && sideStamp > baseStamp;
}

/** Rule 2: which side changed `path` later. */
function laterAt(path: string, ctx: MergeContext): MergeSide {
  return laterByStamp(ctx.oursStamps[path], ctx.theirsStamps[path]) ?? ctx.later;
}

/** Rules 1, 2 and 7 for one value. */
function mergeValue<T>(path: string, base: Base<T>, ours: T, theirs: T, ctx: MergeContext): T {
  if (deepEqual(ours, theirs)) return theirs;
  if (base !== NO_BASE) {
    if (deepEqual(ours, base.value) && !restampedSinceBase(path, 'ours', ctx)) return theirs;
    if (deepEqual(theirs, base.value) && !restampedSinceBase(path, 'theirs', ctx)) return ours;
  }
  const kept = laterAt(path, ctx);
  ctx.conflicts.push({ path, ours: cloneJson(ours), theirs: cloneJson(theirs), kept });
  return kept === 'ours' ? ours : theirs;
}

function baseOf<T>(base: T | undefined): Base<T> {
  return base === undefined ? NO_BASE : { value: base };
}

// ---------------------------------------------------------------------------------------------
// Steps

type StepKind = Pick<Step, 'type' | 'answers'>;
const kindOf = (step: Step): StepKind => ({ type: step.type, answers: step.answers });

/** Rule 5 for a step both sides hold. */
function mergeStep(
  id: string,
  base: Step | undefined,
  ours: Step,
  theirs: Step,
  ctx: MergeContext,
): Step {
  const at = (field: string): string => `steps[${id}].${field}`;
  const field = <K extends keyof Step>(key: K): Step[K] =>
    mergeValue(at(key), baseOf(base?.[key]), ours[key], theirs[key], ctx);
  const name = field('name');
  // Type and answers are one value: a type change rewrites the answers (SPEC §4), so taking
  // one side's type with the other side's answers could give answers the type cannot have.
  const kind = mergeValue(
    at('type'),
    base === undefined ? NO_BASE : { value: kindOf(base) },
    kindOf(ours),
    kindOf(theirs),
    ctx,
  );
  return {
    id,
    name,
    type: kind.type,
    text: field('text'),
    answers: kind.answers,
    media: field('media'),
    points: field('points'),
    locked: field('locked'),
  };
}

/**
 * A step only one side holds: added there (kept), or deleted by the other side (gone if this
 * side left it unchanged; if this side edited it, the edit wins over the deletion whichever
 * came later, and the conflict says so, rule 5).
 */
function mergeOneSidedStep(
  step: Step,
  base: Step | undefined,
  holder: MergeSide,
  ctx: MergeContext,
): Step | null {
  if (base === undefined) return step;
  if (deepEqual(step, base)) return null;
  const held = cloneJson(step);
  ctx.conflicts.push({
    path: `steps[${step.id}]`,
    ours: holder === 'ours' ? held : null,
    theirs: holder === 'theirs' ? held : null,
    kept: holder,
  });
  return step;
}

function mergeSteps(
  base: readonly Step[] | null,
  ours: readonly Step[],
  theirs: readonly Step[],
  ctx: MergeContext,
): Step[] {
  const baseById = base === null ? new Map<string, Step>() : stepsById(base);
  const oursById = stepsById(ours);
  const theirsById = stepsById(theirs);

  // Step conflicts are collected per id and reported in the merged order afterwards, so the
  // report reads like the task list.
  const stepConflicts = new Map<string, MergeConflict[]>();
  const merged = new Map<string, Step>();
  const visit = (id: string, run: (local: MergeContext) => Step | null): void => {
    const local: MergeContext = { ...ctx, conflicts: [] };
    const step = run(local);
    if (step !== null) merged.set(id, step);
    if (local.conflicts.length > 0) stepConflicts.set(id, local.conflicts);
  };
  for (const [id, o] of oursById) {
    const t = theirsById.get(id);
    const b = baseById.get(id);
    visit(id, (local) =>
      t === undefined ? mergeOneSidedStep(o, b, 'ours', local) : mergeStep(id, b, o, t, local),
    );
  }
  for (const [id, t] of theirsById) {
    if (!oursById.has(id))
      visit(id, (local) => mergeOneSidedStep(t, baseById.get(id), 'theirs', local));
  }

  const { order, conflict } = mergeStepOrder({
    base: base === null ? null : base.map((s) => s.id),
    ours: ours.map((s) => s.id),
    theirs: theirs.map((s) => s.id),
    kept: new Set(merged.keys()),
    later: laterAt(STEP_ORDER_PATH, ctx),
    movedBack: {
      ours: restampedSinceBase(STEP_ORDER_PATH, 'ours', ctx),
      theirs: restampedSinceBase(STEP_ORDER_PATH, 'theirs', ctx),
    },
  });
  if (conflict !== null) ctx.conflicts.push({ path: 'steps.order', ...conflict });

  for (const id of order) ctx.conflicts.push(...(stepConflicts.get(id) ?? []));
  // A step with conflicts is always kept (rule 5: an edit beats a deletion); should one ever be
  // left out of the order, its conflicts are still reported, in a fixed order.
  const gone = [...stepConflicts.keys()].filter((id) => !merged.has(id)).sort();
  for (const id of gone) ctx.conflicts.push(...(stepConflicts.get(id) ?? []));

  return order.map((id) => {
    const step = merged.get(id);
    if (step === undefined) throw new Error(`merge: step ${id} ordered but not merged`);
    return step;
  });
}

// ---------------------------------------------------------------------------------------------
// Rule 9: the device's own pushes echoed back

const sameIds = (a: readonly Step[], b: readonly Step[]) =>
  a.length === b.length && a.every((step, i) => step.id === b[i]!.id);

/**
 * The base to merge with when the server may hold pushes of this device that it never heard
 * back about (`sent`, oldest first). Per field, and per task field by id: a server value equal
 * to a value sent is taken as the base; elsewhere the base is `base`, or, for a template the
 * server never confirmed (base null), the first content sent, since its create came from one of
 * those. A task only the sent contents hold enters the base only where the server holds it too
 * (without that evidence, a task added here is never taken for one deleted there). Without
 * sends, the base is unchanged.
 */
export function baseWithEchoes(
  base: TemplateContent | null,
  sent: readonly TemplateContent[],
  theirs: TemplateContent,
): TemplateContent | null {
  const fallback = base ?? sent[0];
  if (sent.length === 0 || fallback === undefined) return base;
  const echo = <T>(theirsValue: T, otherwise: T, sentValues: readonly T[]): T =>
    sentValues.some((value) => deepEqual(value, theirsValue)) ? theirsValue : otherwise;
  const scalar = <K extends (typeof SCALAR_FIELDS)[number]>(key: K): TemplateContent[K] =>
    echo(
      theirs[key],
      fallback[key],
      sent.map((s) => s[key]),
    );
  const brandingField = <K extends BrandingField>(key: K): Branding[K] =>
    echo(
      theirs.branding[key],
      fallback.branding[key],
      sent.map((s) => s.branding[key]),
    );

  const fallbackById = stepsById(fallback.steps);
  const theirsById = stepsById(theirs.steps);
  const sentById = sent.map((s) => stepsById(s.steps));
  const ids = sent.some((s) => sameIds(s.steps, theirs.steps))
    ? [...theirsById.keys(), ...[...fallbackById.keys()].filter((id) => !theirsById.has(id))]
    : [...fallbackById.keys(), ...[...theirsById.keys()].filter((id) => !fallbackById.has(id))];
  const steps: Step[] = [];
  for (const id of ids) {
    const t = theirsById.get(id);
    const sentSteps = sentById.flatMap((byId) => byId.get(id) ?? []);
    const own = fallbackById.get(id) ?? sentSteps[0];
    if (t === undefined || sentSteps.length === 0 || own === undefined) {
      const known = fallbackById.get(id);
      if (known !== undefined) steps.push(known);
      continue;
    }
    const field = <K extends keyof Step>(key: K): Step[K] =>
      echo(
        t[key],
        own[key],
        sentSteps.map((s) => s[key]),
      );
    const kind = echo(kindOf(t), kindOf(own), sentSteps.map(kindOf));
    steps.push({
      id,
      name: field('name'),
      type: kind.type,
      text: field('text'),
      answers: kind.answers,
      media: field('media'),
      points: field('points'),
      locked: field('locked'),
    });
  }

  return cloneJson(assembleContent(scalar, brandingField, theirs.branding.id, () => steps));
}

/**
 * Builds template content field by field from a per-field rule. The one place that lists the
 * fields, so the merge and the echo adjustment cannot drift apart when a field is added. The
 * branding record belongs to the server: its id is never the organiser's to change.
 */
function assembleContent(
  scalar: <K extends (typeof SCALAR_FIELDS)[number]>(key: K) => TemplateContent[K],
  brandingField: <K extends BrandingField>(key: K) => Branding[K],
  brandingId: string,
  /** Called last, so that conflicts are recorded in field order: scalars, branding, steps. */
  steps: () => Step[],
): TemplateContent {
  return {
    name: scalar('name'),
    description: scalar('description'),
    shortDescription: scalar('shortDescription'),
    gameType: scalar('gameType'),
    deliveryType: scalar('deliveryType'),
    duration: scalar('duration'),
    selectedThemeId: scalar('selectedThemeId'),
    branding: {
      id: brandingId,
      headerColour: brandingField('headerColour'),
      questionBackgroundColour: brandingField('questionBackgroundColour'),
      selfieBackgroundColour: brandingField('selfieBackgroundColour'),
      logo: brandingField('logo'),
    },
    steps: steps(),
  };
}

// ---------------------------------------------------------------------------------------------
// Template

export function mergeTemplates(input: MergeInput): MergeResult {
  const { base, ours, theirs } = input;
  const oursStamps = input.oursStamps ?? {};
  const theirsStamps = input.theirsStamps ?? {};
  const ctx: MergeContext = {
    // The template's latest change on each side, on the one clock where both have stamps.
    later:
      laterByStamp(maxStamp(oursStamps), maxStamp(theirsStamps)) ??
      laterSide(input.oursChangedAt, input.theirsChangedAt),
    oursStamps,
    theirsStamps,
    baseStamps: input.baseStamps ?? null,
    conflicts: [],
  };
  const scalar = <K extends (typeof SCALAR_FIELDS)[number]>(key: K): TemplateContent[K] =>
    mergeValue(key, base === null ? NO_BASE : { value: base[key] }, ours[key], theirs[key], ctx);
  const brandingField = <K extends BrandingField>(key: K): TemplateContent['branding'][K] =>
    mergeValue(
      `branding.${key}`,
      base === null ? NO_BASE : { value: base.branding[key] },
      ours.branding[key],
      theirs.branding[key],
      ctx,
    );

  const merged = assembleContent(scalar, brandingField, theirs.branding.id, () =>
    mergeSteps(base === null ? null : base.steps, ours.steps, theirs.steps, ctx),
  );
  // The merged values were picked from the inputs; copying them means a caller editing the
  // result can never reach back into its inputs (rule 8).
  return {
    merged: cloneJson(merged),
    conflicts: ctx.conflicts,
    stamps: mergeStamps(merged, oursStamps, theirsStamps),
  };
}
