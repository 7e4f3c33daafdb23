/**
 * Rule 6 of sync/merge.ts: the order of a template's steps after a three-way merge. Kept apart
 * from the field merge because it works on id lists only and has its own placement rules.
 */

export type MergeSide = 'ours' | 'theirs';

export interface StepOrderInput {
  /** Step ids of the base in order; null when there is no base (rule 7). */
  base: readonly string[] | null;
  ours: readonly string[];
  theirs: readonly string[];
  /**
   * Ids that the per-step merge keeps. Ids both sides hold are always kept; an id only one side
   * holds is kept when it was added there, or when its edit beat the other side's deletion.
   */
  kept: ReadonlySet<string>;
  /** The side whose change is the later one (a tie is already resolved to theirs). */
  later: MergeSide;
  /**
   * Sides that moved tasks since the base although their order came back to the base's (merge
   * rule 10): they count as reordered.
   */
  movedBack?: Readonly<Record<MergeSide, boolean>>;
}

export interface StepOrderConflict {
  /** Each side's order of the ids both sides hold: exactly what was compared. */
  ours: string[];
  theirs: string[];
  kept: MergeSide;
}

export interface StepOrderResult {
  order: string[];
  conflict: StepOrderConflict | null;
}

/** Duplicates would break "each id exactly once"; a malformed list keeps the first occurrence. */
function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/**
 * Each id a side alone holds (and that is kept), grouped by the nearest id before it on that
 * side that both sides hold (null: nothing before it), in that side's order. Ids that are gone
 * are skipped, so a step added after a deleted one follows the deleted one's predecessor.
 */
function runsByAnchor(
  side: readonly string[],
  shared: ReadonlySet<string>,
  kept: ReadonlySet<string>,
): Map<string | null, string[]> {
  const runs = new Map<string | null, string[]>();
  let anchor: string | null = null;
  for (const id of side) {
    if (shared.has(id)) {
      anchor = id;
    } else if (kept.has(id)) {
      const run = runs.get(anchor);
      if (run) run.push(id);
      else runs.set(anchor, [id]);
    }
  }
  return runs;
}

export function mergeStepOrder(input: StepOrderInput): StepOrderResult {
  const ours = unique(input.ours);
  const theirs = unique(input.theirs);
  const oursSet = new Set(ours);
  const theirsSet = new Set(theirs);
  const oursShared = ours.filter((id) => theirsSet.has(id));
  const theirsShared = theirs.filter((id) => oursSet.has(id));

  // The skeleton: the order of the ids both sides hold. A side "reordered" when its order of
  // those ids differs from the base's. An id both sides added (not in the base) makes both
  // sides differ from the base, so differing placements of it are a conflict, as rule 7 wants.
  let skeleton: string[];
  let conflict: StepOrderConflict | null = null;
  const baseShared =
    input.base === null
      ? null
      : unique(input.base).filter((id) => oursSet.has(id) && theirsSet.has(id));
  if (sameList(oursShared, theirsShared)) {
    skeleton = theirsShared;
  } else if (baseShared !== null && sameList(oursShared, baseShared) && !input.movedBack?.ours) {
    skeleton = theirsShared;
  } else if (
    baseShared !== null &&
    sameList(theirsShared, baseShared) &&
    !input.movedBack?.theirs
  ) {
    skeleton = oursShared;
  } else {
    skeleton = input.later === 'ours' ? oursShared : theirsShared;
    conflict = { ours: oursShared, theirs: theirsShared, kept: input.later };
  }

  // Additions go after the step that precedes them on their side. Where both sides added after
  // the same step, the earlier side's come first (the order they were made in); naming the
  // sides by time rather than ours/theirs keeps the result independent of who calls it "ours".
  const shared = new Set(skeleton);
  const earlierRuns = runsByAnchor(input.later === 'ours' ? theirs : ours, shared, input.kept);
  const laterRuns = runsByAnchor(input.later === 'ours' ? ours : theirs, shared, input.kept);
  const order: string[] = [];
  const baseIndex = new Map((input.base ?? []).map((id, i) => [id, i]));
  const emitRuns = (anchor: string | null): void => {
    const run = [...(earlierRuns.get(anchor) ?? []), ...(laterRuns.get(anchor) ?? [])];
    // Tasks the base held (come back after a deletion on one side, say) keep the base's order
    // among themselves, whichever side holds them: otherwise the order of two returning tasks
    // would depend on which device pushed first. Added tasks keep their places.
    const slots = run.flatMap((id, i) => (baseIndex.has(id) ? [i] : []));
    const fromBase = slots
      .map((i) => run[i]!)
      .sort((a, b) => baseIndex.get(a)! - baseIndex.get(b)!);
    slots.forEach((slot, k) => (run[slot] = fromBase[k]!));
    order.push(...run);
  };
  emitRuns(null);
  for (const id of skeleton) {
    order.push(id);
    emitRuns(id);
  }
  return { order, conflict };
}
