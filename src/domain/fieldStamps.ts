/**
 * Per-field edit stamps of a template (docs/sync.md, "One clock"). Every field an organiser can
 * change — each scalar, each branding value, each task's fields, the task order — carries the
 * stamp of its last change, so that a merge decides field by field which change came later,
 * instead of comparing one device's last edit of anything with the server's `updatedAt`.
 *
 * Stamps come from a hybrid logical clock (Kulkarni et al., as in CockroachDB and many CRDT
 * stores): the wall-clock time, pushed past every stamp the document already holds. So a change
 * made after seeing another change always stamps later, whatever the device clocks say; only
 * changes made without seeing each other are ordered by the clocks, with the node id breaking
 * exact ties so every device decides alike. A stamp reads
 * `2026-11-26T10:00:00.000Z~0003~tab7f3a`: time, counter, node. Stamps compare as strings.
 *
 * Shared by the browser (the repository stamps each local edit) and the server (which keeps the
 * stamps with the template and stamps a change sent without them).
 */
import type { Step } from './schemas';
import type { TemplateContent } from './templateContent';
import { deepEqual } from './jsonValue';
import { NODE_PATTERN, STAMP_PATH_PATTERN, STAMP_PATTERN } from './stampFormat';

/** Path → stamp. Paths are the merge's conflict paths: `name`, `branding.logo`,
 * `steps[<id>].text`, `steps.order`. */
export type FieldStamps = Record<string, string>;

export const SCALAR_STAMP_FIELDS = [
  'name',
  'description',
  'shortDescription',
  'gameType',
  'deliveryType',
  'duration',
  'selectedThemeId',
] as const satisfies readonly (keyof TemplateContent)[];

export const BRANDING_STAMP_FIELDS = [
  'headerColour',
  'questionBackgroundColour',
  'selfieBackgroundColour',
  'logo',
] as const;

/** A task's fields as the merge sees them: `type` stands for the type and its answers, which
 * change together (a type change rewrites the answers, SPEC §4). */
export const STEP_STAMP_FIELDS = ['name', 'type', 'text', 'media', 'points', 'locked'] as const;
export type StepStampField = (typeof STEP_STAMP_FIELDS)[number];

export const STEP_ORDER_PATH = 'steps.order';
export const stepPath = (stepId: string, field: StepStampField | null = null): string =>
  field === null ? `steps[${stepId}]` : `steps[${stepId}].${field}`;

export const isStamp = (value: string): boolean => STAMP_PATTERN.test(value);
export const isStampPath = (path: string): boolean => STAMP_PATH_PATTERN.test(path);

/** The later of two stamps; a missing stamp (a change made before stamps existed) is older. */
export function laterStamp(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a > b ? a : b;
}

/** The latest stamp of a document: every new edit of it must stamp later (causality). */
export function maxStamp(stamps: Readonly<FieldStamps> | undefined): string | undefined {
  let max: string | undefined;
  for (const stamp of Object.values(stamps ?? {})) max = laterStamp(max, stamp);
  return max;
}

// ---------------------------------------------------------------------------------------------
// The values a path stands for

const stepKind = (step: Step) => ({ type: step.type, answers: step.answers });

function stepFieldValue(step: Step, field: StepStampField): unknown {
  return field === 'type' ? stepKind(step) : step[field];
}

/**
 * The tasks by id, the first occurrence kept: a malformed list with a repeated id is read the
 * same way by the stamps and by the merge (sync/merge.ts, mergeStepOrder).
 */
export function stepsById(steps: readonly Step[]): Map<string, Step> {
  const byId = new Map<string, Step>();
  for (const step of steps) if (!byId.has(step.id)) byId.set(step.id, step);
  return byId;
}

/** Every stampable path of the content with its value. */
export function stampedValues(content: TemplateContent): Map<string, unknown> {
  const values = new Map<string, unknown>();
  for (const field of SCALAR_STAMP_FIELDS) values.set(field, content[field]);
  for (const field of BRANDING_STAMP_FIELDS)
    values.set(`branding.${field}`, content.branding[field]);
  const byId = stepsById(content.steps);
  values.set(STEP_ORDER_PATH, [...byId.keys()]);
  for (const [id, step] of byId) {
    for (const field of STEP_STAMP_FIELDS)
      values.set(stepPath(id, field), stepFieldValue(step, field));
  }
  return values;
}

/**
 * The order of the tasks both versions hold: adding or removing a task is not a reorder (the
 * merge places additions by their neighbours), moving one is.
 */
function sharedOrder(ids: readonly string[], other: ReadonlySet<string>): string[] {
  return ids.filter((id) => other.has(id));
}

/** The paths whose value differs between two versions of a template (all, when there is no
 * earlier version). Removed tasks have no paths left to stamp. */
export function changedPaths(before: TemplateContent | null, after: TemplateContent): string[] {
  const next = stampedValues(after);
  if (before === null) return [...next.keys()];
  const previous = stampedValues(before);
  const changed: string[] = [];
  for (const [path, value] of next) {
    if (path === STEP_ORDER_PATH) {
      const beforeIds = previous.get(path) as string[];
      const afterIds = value as string[];
      const beforeSet = new Set(beforeIds);
      const afterSet = new Set(afterIds);
      if (!deepEqual(sharedOrder(beforeIds, afterSet), sharedOrder(afterIds, beforeSet)))
        changed.push(path);
      continue;
    }
    if (!previous.has(path) || !deepEqual(previous.get(path), value)) changed.push(path);
  }
  return changed;
}

/** Only the stamps of paths the content still has (a removed task's stamps go with it). */
export function pruneStamps(
  content: TemplateContent,
  stamps: Readonly<FieldStamps> | undefined,
): FieldStamps {
  const kept: FieldStamps = {};
  if (!stamps) return kept;
  for (const path of stampedValues(content).keys()) {
    const stamp = stamps[path];
    if (stamp !== undefined) kept[path] = stamp;
  }
  return kept;
}

/**
 * The stamps after an edit from `before` to `after`: each changed path gets `stamp()` (called
 * once, only when something changed), the rest keep theirs, removed tasks lose theirs.
 */
export function restamp(
  before: TemplateContent | null,
  after: TemplateContent,
  stamps: Readonly<FieldStamps> | undefined,
  stamp: () => string,
): FieldStamps {
  const next = pruneStamps(after, stamps);
  const changed = changedPaths(before, after);
  if (changed.length === 0) return next;
  const at = stamp();
  for (const path of changed) next[path] = at;
  return next;
}

/** Per path the later stamp of the two (the merge's stamps, pruned to the merged content). */
export function mergeStamps(
  content: TemplateContent,
  a: Readonly<FieldStamps> | undefined,
  b: Readonly<FieldStamps> | undefined,
): FieldStamps {
  const merged: FieldStamps = {};
  for (const path of stampedValues(content).keys()) {
    const stamp = laterStamp(a?.[path], b?.[path]);
    if (stamp !== undefined) merged[path] = stamp;
  }
  return merged;
}

/**
 * The stamps of a local copy once the server has confirmed a push of it: where the local value
 * is the server's, the server's stamp (it may have replaced one too far ahead, storage rule S12,
 * and the copy must not keep claiming a later change than its base for a value it shares with
 * it, merge rule 10); elsewhere the local stamp, of an edit made since the push.
 */
export function stampsAfterAck(
  local: TemplateContent,
  localStamps: Readonly<FieldStamps> | undefined,
  server: TemplateContent,
  serverStamps: Readonly<FieldStamps> | undefined,
): FieldStamps {
  const serverValues = stampedValues(server);
  const result: FieldStamps = {};
  for (const [path, value] of stampedValues(local)) {
    const same = serverValues.has(path) && deepEqual(serverValues.get(path), value);
    const stamp = (same ? serverStamps?.[path] : undefined) ?? localStamps?.[path];
    if (stamp !== undefined) result[path] = stamp;
  }
  return result;
}

/** The time part of a stamp, in ms (NaN for something that is not a stamp). */
export function stampTime(stamp: string): number {
  return isStamp(stamp) ? Date.parse(stamp.slice(0, stamp.indexOf('~'))) : Number.NaN;
}

/**
 * The server's stamps after a write from `before` (null: a create) to `after`: a changed path
 * takes the stamp the client sent for it, or else `stamp()` (the server's clock, for API
 * clients that send none); an unchanged path keeps the later of the stored and the sent stamp.
 * A sent stamp later than `notAfterMs` (the server's time plus a tolerance) counts as not sent:
 * a device whose clock runs ahead and that has not heard the server's time yet would otherwise
 * keep a head start over every other device for as long as its clock is ahead.
 */
export function stampsAfterWrite(
  before: TemplateContent | null,
  after: TemplateContent,
  stored: Readonly<FieldStamps>,
  sentStamps: Readonly<FieldStamps> | undefined,
  stamp: (after: string | undefined) => string,
  notAfterMs = Number.POSITIVE_INFINITY,
): FieldStamps {
  const sent = sentStamps
    ? Object.fromEntries(
        Object.entries(sentStamps).filter(([, value]) => !(stampTime(value) > notAfterMs)),
      )
    : undefined;
  const changed = new Set(changedPaths(before, after));
  const result: FieldStamps = {};
  let serverStamp: string | undefined;
  for (const path of stampedValues(after).keys()) {
    const own = sent?.[path];
    if (changed.has(path)) {
      if (own !== undefined) result[path] = own;
      else {
        serverStamp ??= stamp(laterStamp(maxStamp(stored), maxStamp(sent)));
        result[path] = serverStamp;
      }
    } else {
      const kept = laterStamp(stored[path], own);
      if (kept !== undefined) result[path] = kept;
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The clock

const COUNTER_MAX = 9999;

function parseStamp(stamp: string): { ms: number; counter: number } | null {
  if (!isStamp(stamp)) return null;
  return { ms: stampTime(stamp), counter: Number(stamp.split('~')[1]) };
}

function formatStamp(ms: number, counter: number, node: string): string {
  return `${new Date(ms).toISOString()}~${String(counter).padStart(4, '0')}~${node}`;
}

export interface HybridClock {
  /** A stamp later than `after` (the document's latest stamp) and than every stamp this clock
   * made before. */
  stamp(after?: string): string;
}

export interface HybridClockOptions {
  /** Names this clock in its stamps (a tab, a worker, a server process); breaks exact ties. */
  node: string;
  /** Wall-clock milliseconds. */
  now?: () => number;
}

export function createHybridClock({ node, now = Date.now }: HybridClockOptions): HybridClock {
  if (!NODE_PATTERN.test(node)) throw new Error(`A clock node id is 1–24 letters: ${node}`);
  let last = { ms: 0, counter: 0 };
  return {
    stamp(after) {
      const seen = after === undefined ? null : parseStamp(after);
      let floor = last;
      if (seen && (seen.ms > floor.ms || (seen.ms === floor.ms && seen.counter > floor.counter)))
        floor = seen;
      const wall = Math.floor(now());
      let next: { ms: number; counter: number };
      if (wall > floor.ms) next = { ms: wall, counter: 0 };
      else if (floor.counter < COUNTER_MAX) next = { ms: floor.ms, counter: floor.counter + 1 };
      else next = { ms: floor.ms + 1, counter: 0 };
      last = next;
      return formatStamp(next.ms, next.counter, node);
    },
  };
}

/**
 * The stamps after a local edit from `before` to `after`: the changed paths get one stamp of
 * `clock`, later than every stamp the document and its server copy hold, so an edit made after
 * seeing a change always stamps later than it (causality), whatever this device's clock says.
 */
export function stampLocalEdit(
  before: TemplateContent,
  after: TemplateContent,
  stamps: Readonly<FieldStamps> | undefined,
  serverStamps: Readonly<FieldStamps> | undefined,
  clock: HybridClock,
): FieldStamps {
  return restamp(before, after, stamps, () =>
    clock.stamp(laterStamp(maxStamp(stamps), maxStamp(serverStamps))),
  );
}

/** A short random node id for a clock (a tab or a server process). */
export function randomClockNode(prefix: string): string {
  const bytes = new Uint8Array(5);
  globalThis.crypto.getRandomValues(bytes);
  return `${prefix}${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}
