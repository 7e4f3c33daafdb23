/**
 * Property: two devices of one organiser and the server converge, field by field, and no edit
 * that should survive is lost (merge rules 1–9 in sync/merge.ts, stamps in
 * src/domain/fieldStamps.ts, docs/sync.md "One clock"). fast-check generates a case — per
 * device a clock skew (±10 minutes) and whether it stamps on the server's time, 2–3 starting
 * tasks, and a list of operations with explicit parameters — and runs it against the real server
 * and two devices (each its own IndexedDB, repository, hybrid logical clock and engine):
 *
 * - edits of scalar fields (name, description, branding colours) and of task fields (text,
 *   points, name); add a task at a position; delete a task; move a task (tasks are picked by
 *   their place in the device's list at that moment);
 * - go offline / online, the next N requests answer 500, lose the next answer, duplicate the
 *   next request, restart the engine, "Sync now" (awaited), move a device's clock on;
 * - sign in: the guest signs up on one device, and later signs in to that account on the other.
 *
 * Then both networks are healed; if one device signed in, the other signs in too (so at the end
 * both are the same user, or both the same guest); and A, B, A, B sync. The checks:
 *
 * 1. both devices' content and the server's are deep-equal, both documents synced and owned by
 *    the same owner;
 * 2. a field whose standing edits come from one device only holds that device's last edit,
 *    with that edit's stamp (rule 1);
 * 3. a field with standing edits from both devices holds the one with the later field stamp
 *    (each edit's stamp is read from the device's document right after the edit), and the other
 *    is in some device's conflict log (rule 2); the task order likewise, compared on the tasks
 *    both the edit and the result hold (adding or deleting a task is not a reorder, and a move
 *    among tasks the other device does not hold is no order of the other's to lose); a field
 *    nobody changed keeps its first value, and the tasks their first order;
 * 4. a task is deleted when a deletion is standing and nobody edited it unaware of the deletion
 *    (unless a device that could not know the deletion saw its edit kept it, rule 9: the
 *    deletion is then logged); a task nobody deleted is there; deleted-and-edited comes back with
 *    the edits (rule 5: an edit beats a delete) and the deletion is logged. A task that comes
 *    back may carry, for a field, the deleting device's own last value instead of the other
 *    device's standing edit: the other device may have merged that value (a later edit) before
 *    the deletion reached it, and then edited the task as it showed it. The standing edit it
 *    replaced must then be in a conflict log;
 * 5. the server's stamps equal both devices' stamps; every stamp is a valid stamp of one of the
 *    devices (the server never had to stamp a change itself); every path of the content has a
 *    stamp and no other path does.
 *
 * An edit "stands" until a device that has seen it (its local value is that edit's value)
 * changes the same thing: then overwriting it was the organiser's intent, not a conflict. After
 * every operation the model also looks at each device: a standing edit that its own device no
 * longer shows was replaced there by a merge or a pull, so it lost; the value that replaced it
 * must carry a later stamp (rule 2), and the lost edit must be in a conflict log at the end.
 *
 * Determinism, so that a failing case replays exactly: the engines never act by themselves
 * (debounce, back-off, periodic pull and health probe are all ~11 days, no event stream); an
 * operation that makes an engine work (sync, online, restart, sign-in) waits until the engine is
 * quiet again (no cycle running, no timer due). Time is virtual: the server's time is a fixed
 * epoch plus one second per operation (the network tells the engines that time in
 * `x-server-time`, so their clock offsets are exact); a device's clock adds its skew and its
 * generated advances. The device clock drives the repository's ISO clock, the engine's `now`
 * and the device's edit clock (src/localdb/editClock.ts, nodes 'devA' and 'devB'), which stamps on
 * the device clock plus the engine's measured offset, as the app does, or, for a device drawn
 * as not correcting, on the device clock alone (an app that has not heard the server's time).
 * The epoch lies years before the server's real clock, so its real `updatedAt` and its
 * tolerance for stamps ahead of it never decide anything. Ids are random, but nothing depends
 * on their order.
 *
 * One limit of the model: both devices share one guest id, which a real guest never does (a
 * guest id lives in one browser, docs/sync.md "The guest's identity"). So between one device's
 * sign-in and the other's, the device still a guest only works locally: its syncs, reconnects
 * and restarts are skipped (it would find the work moved to the account, a 404, and keep its
 * edits as a new activity, as for a template deleted elsewhere).
 *
 * Replay: a failure prints fast-check's seed and path, the shrunk case and the log of its run
 * (each operation with its stamps and the requests it made). Run exactly that case again with
 *   CONVERGENCE_SEED=<seed> CONVERGENCE_PATH=<path> npx vitest run tests/integration/sync/convergence.property.test.ts
 * CONVERGENCE_RUNS=<n> sets the number of cases (default 40, under a minute); CONVERGENCE_SEED
 * alone runs that many cases from that seed; CONVERGENCE_LOG=1 prints every case's log.
 *
 * One server for every case and two databases reused across cases; each case has a fresh guest
 * identity, fresh engines and clocks and a fresh template, so cases are independent.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Step, Template } from '../../../src/domain/schemas';
import { createEditClock, type EditClock } from '../../../src/localdb/editClock';
import {
  isStamp,
  isStampPath,
  stampedValues,
  STEP_ORDER_PATH,
} from '../../../src/domain/fieldStamps';
import { readConflictLog } from '../../../sync/conflictLog';
import type { SyncTiming } from '../../../sync/constants';
import type { SyncEngine } from '../../../sync/engine';
import { contentOf, deepEqual, type TemplateContent } from '../../../sync/merge';
import { signUp } from '../support/clients';
import {
  createClient,
  FaultyNetwork,
  localDoc,
  serverTemplate,
  startLiveServer,
  type Client,
  type LiveServer,
} from './harness';

const TEST_FILE = 'tests/integration/sync/convergence.property.test.ts';
const RUNS = Number(process.env.CONVERGENCE_RUNS ?? 40);
const REPLAY_SEED =
  process.env.CONVERGENCE_SEED !== undefined ? Number(process.env.CONVERGENCE_SEED) : undefined;
const REPLAY_PATH = process.env.CONVERGENCE_PATH || undefined;

/** Longer than any run, shorter than setTimeout's limit (2^31 − 1 ms): the engine never acts
 * by itself. */
const NEVER_MS = 1_000_000_000;
const QUIET_TIMING: Partial<SyncTiming> = {
  pushDebounceMs: NEVER_MS,
  backoffBaseMs: NEVER_MS,
  backoffMaxMs: NEVER_MS,
  periodicPullMs: NEVER_MS,
  probeIntervalMs: NEVER_MS,
  eventStreamRetryMs: NEVER_MS,
  requestTimeoutMs: 30_000,
};

/** The virtual clocks start here (long before the server's real clock, see above). */
const EPOCH = Date.UTC(2020, 0, 1);
/** Every operation moves the server's clock, and so every device's, on by this much. */
const STEP_MS = 1_000;
const MAX_SKEW_MS = 10 * 60_000;

type Device = 'A' | 'B';
const DEVICES: readonly Device[] = ['A', 'B'];
const other = (d: Device): Device => (d === 'A' ? 'B' : 'A');

const SCALAR_KEYS = [
  'name',
  'description',
  'branding.headerColour',
  'branding.questionBackgroundColour',
  'branding.selfieBackgroundColour',
] as const;
type ScalarKey = (typeof SCALAR_KEYS)[number];
const TASK_FIELDS = ['text', 'points', 'name'] as const;
type TaskField = (typeof TASK_FIELDS)[number];

// ---------------------------------------------------------------------------------------------
// Generated data

type Op =
  | { kind: 'edit'; device: Device; field: ScalarKey }
  | { kind: 'editTask'; device: Device; task: number; field: TaskField }
  | { kind: 'addTask'; device: Device; at: number }
  | { kind: 'deleteTask'; device: Device; task: number }
  | { kind: 'moveTask'; device: Device; from: number; to: number }
  | { kind: 'offline'; device: Device }
  | { kind: 'online'; device: Device }
  | { kind: 'fail500'; device: Device; count: number }
  | { kind: 'loseAnswer'; device: Device }
  | { kind: 'duplicate'; device: Device }
  | { kind: 'restart'; device: Device }
  | { kind: 'sync'; device: Device }
  | { kind: 'advanceClock'; device: Device; ms: number }
  | { kind: 'signIn'; device: Device };

interface Case {
  skew: Record<Device, number>;
  /** Whether the device stamps on the server's time (as the app does once the engine has
   * measured its clock's offset, src/localdb/editClock.ts) or on its own clock. */
  corrected: Record<Device, boolean>;
  tasks: number;
  ops: Op[];
}

const device = fc.constantFrom<Device>('A', 'B');
/** A task by its place in the device's list at that moment (modulo its length). */
const taskIndex = fc.nat({ max: 9 });

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 25,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      device,
      field: fc.constantFrom(...SCALAR_KEYS),
    }),
  },
  {
    weight: 20,
    arbitrary: fc.record({
      kind: fc.constant('editTask' as const),
      device,
      task: taskIndex,
      field: fc.constantFrom(...TASK_FIELDS),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('addTask' as const), device, at: taskIndex }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('deleteTask' as const), device, task: taskIndex }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('moveTask' as const),
      device,
      from: taskIndex,
      to: taskIndex,
    }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('offline' as const), device }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('online' as const), device }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('fail500' as const),
      device,
      count: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('loseAnswer' as const), device }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), device }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('restart' as const), device }) },
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('sync' as const), device }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('advanceClock' as const),
      device,
      ms: fc.integer({ min: 1, max: 15 * 60_000 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('signIn' as const), device }) },
);

const skew = fc.integer({ min: -MAX_SKEW_MS, max: MAX_SKEW_MS });
const caseArbitrary: fc.Arbitrary<Case> = fc.record({
  skew: fc.record({ A: skew, B: skew }),
  corrected: fc.record({ A: fc.boolean(), B: fc.boolean() }),
  tasks: fc.integer({ min: 2, max: 3 }),
  ops: fc.array(opArbitrary, { maxLength: 30, size: 'max' }),
});

// ---------------------------------------------------------------------------------------------
// The model: what each device did, and which of its edits still stand

const DELETED = Symbol('deleted');

interface Edit {
  value: unknown;
  live: boolean;
  /** The field stamp the edit got on its device (none for a deletion). */
  stamp: string | null;
  /** Set when a merge or a pull replaced the edit on its own device (see observe()). */
  lostTo?: { value: unknown; stamp: string | undefined; during: string };
}

/** `a` in its own order, keeping only the ids `b` holds too. */
const restrict = (a: readonly string[], b: readonly string[]) => a.filter((id) => b.includes(id));
/** Two task orders agree on the tasks both hold. */
const sameRelativeOrder = (a: readonly string[], b: readonly string[]) =>
  deepEqual(restrict(a, b), restrict(b, a));

class Model {
  readonly edits: Record<Device, Map<string, Edit>> = { A: new Map(), B: new Map() };
  /** A device's own task-field edits that only its deletion of the task retired. */
  readonly retiredByDeletion: Record<Device, Map<string, unknown>> = { A: new Map(), B: new Map() };
  readonly stepIds = new Set<string>();
  /** Keys changed in a way that is not an edit of the other device's to lose (see moveTask). */
  readonly touched = new Set<string>();
  /** Every value set by an edit, per key, with who set it and its stamp. */
  readonly history = new Map<string, { device: Device; value: unknown; stamp: string | null }[]>();
  /** Edits that a merge or a pull replaced on their own device: each must be in a log. */
  readonly lost: { device: Device; key: string; edit: Edit }[] = [];

  /** `device` changed `key` to `value`; its local value before was `previous`. */
  edit(device: Device, key: string, value: unknown, previous: unknown, stamp: string | null) {
    const theirs = this.edits[other(device)].get(key);
    const seen =
      theirs !== undefined &&
      (key === STEP_ORDER_PATH
        ? sameRelativeOrder(theirs.value as string[], previous as string[])
        : deepEqual(theirs.value, previous));
    if (theirs?.live && seen) theirs.live = false;
    this.edits[device].set(key, { value, live: true, stamp });
    this.history.set(key, [...(this.history.get(key) ?? []), { device, value, stamp }]);
    // Editing a task this device had deleted means the deletion lost and it saw the task again.
    const step = /^steps\[(.+)\]\./.exec(key);
    const deletion = step ? this.edits[device].get(`steps[${step[1]}]`) : undefined;
    if (deletion) deletion.live = false;
  }

  deleteStep(device: Device, step: Step) {
    for (const field of TASK_FIELDS) {
      const key = `steps[${step.id}].${field}`;
      const theirs = this.edits[other(device)].get(key);
      if (theirs?.live && deepEqual(theirs.value, step[field])) theirs.live = false;
      const own = this.edits[device].get(key);
      if (own?.live) this.retiredByDeletion[device].set(key, own.value);
      if (own) own.live = false;
    }
    this.edits[device].set(`steps[${step.id}]`, { value: DELETED, live: true, stamp: null });
    // The device's own task order no longer speaks of the task: should it come back (an edit
    // beat the deletion), it is placed where the device that kept it had it.
    const order = this.edits[device].get(STEP_ORDER_PATH);
    if (order) order.value = (order.value as string[]).filter((id) => id !== step.id);
  }

  live(device: Device, key: string): Edit | null {
    const edit = this.edits[device].get(key);
    return edit?.live ? edit : null;
  }

  everEdited(key: string): boolean {
    return this.edits.A.has(key) || this.edits.B.has(key) || this.touched.has(key);
  }
}

// ---------------------------------------------------------------------------------------------
// Devices, clocks and a quiet engine

let live: LiveServer;
let devices: Record<Device, Client>;

/** Virtual milliseconds since EPOCH on the server's clock; every operation moves it on. */
let serverElapsed = 0;
interface DeviceClock {
  /** How far the device's clock has moved on beyond the server's (advanceClock). */
  drift: number;
  skew: number;
  corrected: boolean;
  edit: EditClock;
}
let clocks: Record<Device, DeviceClock>;
const serverNow = () => EPOCH + serverElapsed;
const deviceNow = (d: Device) => serverNow() + clocks[d].drift + clocks[d].skew;

function resetClocks(input: Pick<Case, 'skew' | 'corrected'>) {
  serverElapsed = 0;
  const make = (d: Device): DeviceClock => ({
    drift: 0,
    skew: input.skew[d],
    corrected: input.corrected[d],
    edit: createEditClock(`dev${d}`, () => deviceNow(d)),
  });
  clocks = { A: make('A'), B: make('B') };
}

/** What the app does with the engine's measured clock offset (workers/syncHost.ts). */
function followClockOffsets() {
  for (const d of DEVICES) {
    const offset = devices[d].engine.getStatus().clockOffsetMs;
    if (clocks[d].corrected && offset !== null) clocks[d].edit.setServerOffset(offset);
  }
}

/** The engine's private scheduling state: read (never written) to know that it is quiet. */
interface EngineInternals {
  cycle: Promise<void> | null;
  timer: unknown;
  timerAt: number;
}

/** Waits until the engine runs no cycle and has none due within the hour. */
async function settle(engine: SyncEngine): Promise<void> {
  const inner = engine as unknown as EngineInternals;
  if (!('cycle' in inner && 'timer' in inner && 'timerAt' in inner))
    throw new Error('settle: the engine no longer has cycle/timer/timerAt; update this test');
  const deadline = Date.now() + 60_000;
  let quiet = 0;
  while (quiet < 3) {
    if (Date.now() > deadline)
      throw new Error('settle: the engine did not become quiet in a minute');
    if (inner.cycle) {
      quiet = 0;
      await inner.cycle.catch(() => undefined);
    } else if (inner.timer && inner.timerAt <= Date.now() + 60 * 60_000) {
      quiet = 0;
      // A cycle is due (a retry or a debounce): a turn of the clock until its timer fires.
      // Polled, not slept: the loop ends as soon as the engine is quiet.
      await new Promise((resolve) => setTimeout(resolve, 1));
    } else {
      quiet += 1;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// One run

interface Account {
  email: string;
  password: string;
  userId: string;
}

interface Run {
  templateId: string;
  /** The template as both devices held it before the operations. */
  initial: TemplateContent;
  model: Model;
  log: string[];
  labels: Map<string, string>;
  account: Account | null;
  signedIn: Record<Device, boolean>;
  /** Found while the operations ran (see observe()). */
  problems: string[];
}

async function localContent(client: Client, id: string): Promise<TemplateContent> {
  const doc = await localDoc(client, id);
  if (!doc) throw new Error('the template is missing on the device');
  return doc.content;
}

async function stampOf(client: Client, id: string, path: string): Promise<string | null> {
  return (await localDoc(client, id))?.stamps[path] ?? null;
}

function readKey(content: TemplateContent, key: ScalarKey): unknown {
  if (key === 'name' || key === 'description') return content[key];
  return content.branding[key.slice('branding.'.length) as 'headerColour'];
}

function writeKey(content: TemplateContent, key: ScalarKey, value: string) {
  if (key === 'name' || key === 'description') return { [key]: value };
  return { branding: { ...content.branding, [key.slice('branding.'.length)]: value } };
}

const colourOf = (n: number) => `#${(0xa00000 + n).toString(16)}`;

function newStep(label: string, text: string, points: number): Step {
  return {
    id: randomUUID(),
    name: label,
    type: 'freeText',
    text,
    answers: [{ id: randomUUID(), value: 'Paris', correct: true }],
    media: null,
    points,
    locked: false,
  };
}

function initialContent(tasks: number): TemplateContent {
  return {
    name: 'initial name',
    description: 'initial description',
    shortDescription: '',
    gameType: 'quiz',
    deliveryType: 'inPerson',
    duration: 60,
    selectedThemeId: null,
    branding: {
      id: randomUUID(),
      logo: null,
      headerColour: '#0393E3',
      questionBackgroundColour: '#FFFFFF',
      selfieBackgroundColour: '#8FD1FC',
    },
    steps: Array.from({ length: tasks }, (_, i) =>
      newStep(`Task ${i + 1}`, `initial text ${i + 1}`, 500 + i + 1),
    ),
  };
}

/** The device is a guest while the other device is signed in (see the file comment). */
const outOfStep = (run: Run, d: Device) => run.account !== null && !run.signedIn[d];

async function syncDevice(d: Device) {
  await devices[d].engine.syncNow();
  await settle(devices[d].engine);
}

async function signIn(run: Run, d: Device): Promise<string> {
  const client = devices[d];
  let token: string;
  let verb: string;
  if (!run.account) {
    const account = await signUp(live.server);
    run.account = { email: account.email, password: account.password, userId: account.userId! };
    token = account.token!;
    verb = 'signs up';
  } else {
    const response = await live.server.request({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email: run.account.email, password: run.account.password },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    token = (response.json() as { token: string }).token;
    verb = 'signs in';
  }
  // The page keeps the guest's AnonId and now also has a session (as in identity.test.ts).
  client.identity.token = token;
  client.identity.userId = run.account.userId;
  run.signedIn[d] = true;
  await client.engine.identityChanged();
  await settle(client.engine);
  return `${d}: ${verb}`;
}

const label = (run: Run, id: string) => run.labels.get(id) ?? id.slice(0, 8);

async function perform(run: Run, op: Op, n: number): Promise<string> {
  const d = op.device;
  const client = devices[d];
  const id = run.templateId;
  const model = run.model;
  const skipped = (why: string) => `${d}: ${op.kind} skipped (${why})`;
  switch (op.kind) {
    case 'edit': {
      const key = op.field;
      const value = key.startsWith('branding.') ? colourOf(n) : `${key} ${d}${n}`;
      let previous: unknown;
      await client.repo.update(id, (content) => {
        previous = readKey(content, key);
        return writeKey(content, key, value);
      });
      const stamp = await stampOf(client, id, key);
      model.edit(d, key, value, previous, stamp);
      return `${d}: ${key} = ${value} @${stamp}`;
    }
    case 'editTask': {
      const steps = (await localContent(client, id)).steps;
      if (steps.length === 0) return skipped('no task');
      const step = steps[op.task % steps.length]!;
      const value =
        op.field === 'text' ? `text ${d}${n}` : op.field === 'name' ? `Task ${d}${n}` : 600 + n;
      await client.repo.update(id, (content) => ({
        steps: content.steps.map((s) => (s.id === step.id ? { ...s, [op.field]: value } : s)),
      }));
      const key = `steps[${step.id}].${op.field}`;
      const stamp = await stampOf(client, id, key);
      model.edit(d, key, value, step[op.field], stamp);
      return `${d}: ${label(run, step.id)}.${op.field} = ${value} @${stamp}`;
    }
    case 'addTask': {
      const step = newStep(`Added ${n}`, `added text ${d}${n}`, 700 + n);
      run.labels.set(step.id, `new${n}`);
      let at = 0;
      await client.repo.update(id, (content) => {
        const steps = [...content.steps];
        at = op.at % (steps.length + 1);
        steps.splice(at, 0, step);
        return { steps };
      });
      model.stepIds.add(step.id);
      return `${d}: add new${n} at ${at}`;
    }
    case 'deleteTask': {
      const steps = (await localContent(client, id)).steps;
      if (steps.length <= 1) return skipped('last task');
      const step = steps[op.task % steps.length]!;
      await client.repo.update(id, (content) => ({
        steps: content.steps.filter((s) => s.id !== step.id),
      }));
      model.deleteStep(d, step);
      return `${d}: delete ${label(run, step.id)}`;
    }
    case 'moveTask': {
      const steps = (await localContent(client, id)).steps;
      const from = op.from % Math.max(steps.length, 1);
      const to = op.to % Math.max(steps.length, 1);
      if (steps.length < 2 || from === to) return skipped('no move');
      const previous = steps.map((s) => s.id);
      const order = [...previous];
      const [moved] = order.splice(from, 1);
      order.splice(to, 0, moved!);
      await client.repo.update(id, (content) => {
        const byId = new Map(content.steps.map((s) => [s.id, s]));
        return { steps: order.map((stepId) => byId.get(stepId)!) };
      });
      const stamp = await stampOf(client, id, STEP_ORDER_PATH);
      const text = `${d}: move ${label(run, moved!)} ${from}→${to} [${order.map((s) => label(run, s)).join(' ')}] @${stamp}`;
      // The merge orders the tasks both sides hold (sync/mergeOrder.ts) and places the others
      // by their neighbours: a move that changes nothing among the tasks the other device holds
      // only arranges this device's own new tasks, which is not an order of the other's to lose.
      const othersIds = (await localContent(devices[other(d)], id)).steps.map((s) => s.id);
      const shared = (ids: string[]) => ids.filter((stepId) => othersIds.includes(stepId));
      if (deepEqual(shared(order), shared(previous))) {
        model.touched.add(STEP_ORDER_PATH);
        // This device's own earlier order (of tasks the other device has deleted since) is
        // superseded by this move, not lost: its standing order is now this one, stamped anew.
        const own = model.live(d, STEP_ORDER_PATH);
        if (own) Object.assign(own, { value: order, stamp });
        return `${text} (only among tasks the other device does not hold)`;
      }
      model.edit(d, STEP_ORDER_PATH, shared(order), shared(previous), stamp);
      return text;
    }
    case 'offline':
      if (client.network.offline) return skipped('already offline');
      client.network.offline = true;
      client.engine.notify('offline');
      return `${d}: offline`;
    case 'online':
      if (!client.network.offline) return skipped('already online');
      if (outOfStep(run, d)) return skipped('a guest while the other device is signed in');
      client.network.offline = false;
      client.engine.notify('online');
      await settle(client.engine);
      return `${d}: online`;
    case 'fail500':
      client.network.failNext += op.count;
      return `${d}: the next ${op.count} requests answer 500`;
    case 'loseAnswer':
      client.network.loseAnswers += 1;
      return `${d}: lose the next answer`;
    case 'duplicate':
      client.network.duplicateNext += 1;
      return `${d}: duplicate the next request`;
    case 'restart':
      if (outOfStep(run, d)) return skipped('a guest while the other device is signed in');
      await client.restartEngine();
      await settle(client.engine);
      return `${d}: restart the engine`;
    case 'sync':
      if (outOfStep(run, d)) return skipped('a guest while the other device is signed in');
      await syncDevice(d);
      return `${d}: sync now`;
    case 'advanceClock':
      clocks[d].drift += op.ms;
      return `${d}: clock +${op.ms} ms`;
    case 'signIn':
      if (run.signedIn[d]) return skipped('already signed in');
      return signIn(run, d);
  }
}

/** The value at a model key in some content; `found` false when its task is not there. */
function valueAt(content: TemplateContent, key: string): { found: boolean; value: unknown } {
  if (key === STEP_ORDER_PATH) return { found: true, value: content.steps.map((s) => s.id) };
  const task = /^steps\[(.+)\]\.(\w+)$/.exec(key);
  if (!task) return { found: true, value: readKey(content, key as ScalarKey) };
  const step = content.steps.find((s) => s.id === task[1]);
  return step
    ? { found: true, value: step[task[2] as TaskField] }
    : { found: false, value: undefined };
}

/**
 * After each step of a run: a standing edit that its own device no longer shows was replaced
 * there by a merge or a pull. That must be the other device's later edit (rule 2: the stamp
 * the device holds now is later than the edit's), and the edit no longer stands: it is a
 * losing edit, which must be in a conflict log at the end.
 */
async function observe(run: Run, during: string) {
  for (const d of DEVICES) {
    const doc = await localDoc(devices[d], run.templateId);
    if (!doc) continue;
    for (const [key, edit] of run.model.edits[d]) {
      if (!edit.live || edit.value === DELETED) continue;
      const now = valueAt(doc.content, key);
      if (!now.found) continue; // the task is gone here: the final checks judge deletions
      const shown =
        key === STEP_ORDER_PATH
          ? sameRelativeOrder(now.value as string[], edit.value as string[])
          : deepEqual(now.value, edit.value);
      if (shown) continue;
      const stamp = doc.stamps[key];
      edit.live = false;
      edit.lostTo = { value: now.value, stamp, during };
      run.model.lost.push({ device: d, key, edit });
      const replaced = `${key}: ${d}'s edit ${showValue(run, edit.value)} @${edit.stamp} was replaced on ${d} by ${showValue(run, now.value)} (${during})`;
      if (key === STEP_ORDER_PATH) {
        // An order mixes both sides' tasks; the order's stamp on the device tells the winner.
        if (stamp === undefined || edit.stamp === null || !(stamp > edit.stamp))
          run.problems.push(`${replaced}, stamped ${stamp}, which is not later`);
        continue;
      }
      // Values are unique per edit: the one that replaced it tells whose edit won.
      const winner = run.model.history
        .get(key)
        ?.find((h) => h.device !== d && deepEqual(h.value, now.value));
      if (!winner) run.problems.push(`${replaced}, a value the other device never set`);
      else if (winner.stamp === null || edit.stamp === null || !(winner.stamp > edit.stamp))
        run.problems.push(
          `${replaced}, ${winner.device}'s edit @${winner.stamp}, which is not later`,
        );
    }
  }
}

const showValue = (run: Run, value: unknown) =>
  Array.isArray(value)
    ? `[${value.map((s) => label(run, String(s))).join(' ')}]`
    : JSON.stringify(value);

/** The requests a device made since `from`, briefly: "PATCH tpl 412". */
function requestsSince(run: Run, d: Device, from: number): string[] {
  return devices[d].network.requests.slice(from).map((r) => {
    const path = new URL(r.url).pathname.replace('/v1/', '').replace(run.templateId, 'tpl');
    return `${r.method} ${path} ${r.status}`;
  });
}

/** Runs one step of the case and adds it to the log, with the requests it made. */
async function logged<T>(
  run: Run,
  what: () => Promise<T>,
  text: (result: T) => string,
  failed: string,
) {
  const before = { A: devices.A.network.requests.length, B: devices.B.network.requests.length };
  const requests = () => {
    const made = DEVICES.flatMap((d) => requestsSince(run, d, before[d]).map((r) => `${d} ${r}`));
    return made.length ? `  [${made.join(', ')}]` : '';
  };
  let result: T;
  try {
    result = await what();
  } catch (error) {
    run.log.push(`${failed}: threw${requests()}`);
    throw error;
  }
  run.log.push(`${text(result)}${requests()}`);
  followClockOffsets();
  await observe(run, failed);
}

/** A fresh guest on both devices: new identity, fresh engines, a healthy network. */
async function freshGuest() {
  const anonId = randomUUID();
  for (const d of DEVICES) {
    const client = devices[d];
    client.network.heal();
    client.network.requests = [];
    client.identity.anonId = anonId;
    client.identity.token = null;
    client.identity.userId = null;
    await client.restartEngine();
    await settle(client.engine);
  }
}

async function runCase(input: Case): Promise<void> {
  resetClocks(input);
  await freshGuest();
  followClockOffsets();
  const { A, B } = devices;
  const created = await A.repo.create(A.owner(), initialContent(input.tasks));
  await syncDevice('A');
  await syncDevice('B');
  followClockOffsets();
  const start = await localContent(A, created.id);
  const run: Run = {
    templateId: created.id,
    initial: start,
    model: new Model(),
    log: [],
    labels: new Map(start.steps.map((s, i) => [s.id, `t${i + 1}`] as const)),
    account: null,
    signedIn: { A: false, B: false },
    problems: [],
  };
  for (const step of start.steps) run.model.stepIds.add(step.id);

  const fail = (message: string): never => {
    throw new Error(`${message}\nrun:\n  ${run.log.join('\n  ')}`);
  };
  if (!deepEqual(await localContent(B, created.id), start))
    fail('device B did not receive the new template');

  try {
    for (const [i, op] of input.ops.entries()) {
      serverElapsed += STEP_MS;
      await logged(
        run,
        () => perform(run, op, i + 1),
        (text) => `${i + 1}. ${text}`,
        `${i + 1}. ${describeOp(op)}`,
      );
    }
    // Heal (no fault left, online), bring both devices to the same identity, and sync A, B, A,
    // B ("Sync now" also ends any back-off).
    for (const d of DEVICES) devices[d].network.heal();
    for (const d of DEVICES) {
      if (run.account && !run.signedIn[d])
        await logged(
          run,
          () => signIn(run, d),
          (text) => `end: ${text}`,
          `end: ${d} signs in`,
        );
    }
    for (const d of ['A', 'B', 'A', 'B'] as const)
      await logged(
        run,
        () => syncDevice(d),
        () => `end: ${d} sync now`,
        `end: ${d} sync now`,
      );
  } catch (error) {
    fail(`the run failed: ${(error as Error).stack ?? String(error)}`);
  }
  const problems = await runChecks(run);
  if (process.env.CONVERGENCE_LOG) console.log(`case:\n  ${run.log.join('\n  ')}\n`);
  if (problems.length) fail(problems.join('\n'));
}

// ---------------------------------------------------------------------------------------------
// Checks

/** A value anywhere inside a logged conflict value (a whole task holds its text and points). */
function holds(container: unknown, value: unknown): boolean {
  if (deepEqual(container, value)) return true;
  if (typeof container !== 'object' || container === null) return false;
  return Object.values(container).some((v) => holds(v, value));
}

async function runChecks(run: Run): Promise<string[]> {
  const problems: string[] = [];
  const { A, B } = devices;
  const id = run.templateId;
  const remote = await serverTemplate(live, A, id);
  if (remote.status !== 200) return [`the template is missing on the server (${remote.status})`];
  const remoteTemplate = remote.body as Template;
  const remoteContent = contentOf(remoteTemplate);
  const docs = { A: await localDoc(A, id), B: await localDoc(B, id) };
  const owner = run.account ? `user:${run.account.userId}` : A.owner();

  // 1. Convergence.
  for (const d of DEVICES) {
    const doc = docs[d];
    if (!doc) {
      problems.push(`device ${d} no longer holds the template`);
      continue;
    }
    if (!deepEqual(doc.content, remoteContent))
      problems.push(`device ${d} differs from the server`);
    if (doc.syncState !== 'synced') problems.push(`device ${d} is ${doc.syncState}`);
    if (doc.owner !== owner)
      problems.push(`device ${d}'s document is ${doc.owner}'s, not ${owner}'s`);
  }
  if (problems.length) {
    problems.push(
      `server: ${JSON.stringify(remoteContent)}`,
      `A: ${JSON.stringify(docs.A?.content)}`,
      `B: ${JSON.stringify(docs.B?.content)}`,
    );
    return problems;
  }

  // 5. Stamps.
  const stamps = remoteTemplate.fieldStamps ?? {};
  for (const d of DEVICES) {
    const own = docs[d]!.stamps;
    const differing = [...new Set([...Object.keys(own), ...Object.keys(stamps)])]
      .filter((path) => own[path] !== stamps[path])
      .map((path) => `${path}: ${own[path] ?? 'none'} here, ${stamps[path] ?? 'none'} there`);
    if (differing.length)
      problems.push(`device ${d}'s stamps differ from the server's: ${differing.join('; ')}`);
  }
  for (const [path, stamp] of Object.entries(stamps)) {
    if (!isStampPath(path) || !isStamp(stamp)) problems.push(`invalid stamp ${path}: ${stamp}`);
    else if (!/~dev[AB]$/.test(stamp))
      problems.push(`${path} has a stamp no device made (${stamp}): the server stamped a change`);
  }
  const paths = [...stampedValues(remoteContent).keys()].sort();
  if (!deepEqual(Object.keys(stamps).sort(), paths))
    problems.push(
      `the stamped paths ${JSON.stringify(Object.keys(stamps).sort())} are not the content's ${JSON.stringify(paths)}`,
    );

  const conflicts = [...(await readConflictLog(A.db)), ...(await readConflictLog(B.db))]
    .filter((e) => e.templateId === id)
    .flatMap((e) => e.conflicts);
  const isLogged = (logPaths: string[], value: unknown) =>
    conflicts.some(
      (c) => logPaths.includes(c.path) && (holds(c.ours, value) || holds(c.theirs, value)),
    );
  const model = run.model;
  const show = (value: unknown) => showValue(run, value);
  problems.push(...run.problems);
  for (const { device: d, key, edit } of model.lost) {
    const task = /^(steps\[[^\]]+\])\./.exec(key);
    const found =
      key === STEP_ORDER_PATH
        ? conflicts.some((c) => c.path === STEP_ORDER_PATH)
        : isLogged(task ? [key, task[1]!] : [key], edit.value);
    if (!found)
      problems.push(
        `${key}: ${d}'s edit ${show(edit.value)} was replaced by ${show(edit.lostTo?.value)} (${edit.lostTo?.during}) and is in no conflict log`,
      );
  }

  /** 2 and 3 for one field; `same` compares a value with an edit's. */
  const checkField = (
    key: string,
    actual: unknown,
    initial: unknown,
    logPaths: string[],
    same: (actual: unknown, edit: unknown) => boolean = deepEqual,
  ) => {
    const edits = DEVICES.map((d) => [d, model.live(d, key)] as const).filter(
      (entry): entry is readonly [Device, Edit] => entry[1] !== null,
    );
    if (edits.length === 0) {
      if (!model.everEdited(key) && !same(actual, initial))
        problems.push(`${key}: never edited, but ${show(actual)}`);
      return;
    }
    if (edits.length === 1) {
      const [d, edit] = edits[0]!;
      // A returning task may hold the deleter's own value, merged before the deletion (rule 4).
      const merged = model.retiredByDeletion[other(d)];
      if (
        !same(actual, edit.value) &&
        merged.has(key) &&
        deepEqual(actual, merged.get(key)) &&
        isLogged(logPaths, edit.value)
      )
        return;
      if (!same(actual, edit.value)) {
        problems.push(
          `${key}: only ${d}'s edit ${show(edit.value)} stands, but the result is ${show(actual)}`,
        );
        return;
      }
      if (key !== STEP_ORDER_PATH && stamps[key] !== edit.stamp)
        problems.push(
          `${key}: holds ${d}'s edit, stamped ${edit.stamp}, but its stamp is ${stamps[key]}`,
        );
      return;
    }
    const [first, second] = edits as [readonly [Device, Edit], readonly [Device, Edit]];
    const [winner, loser] = first[1].stamp! > second[1].stamp! ? [first, second] : [second, first];
    if (!same(actual, winner[1].value)) {
      problems.push(
        `${key}: both devices' edits stand; ${winner[0]}'s ${show(winner[1].value)} @${winner[1].stamp} is later than ${loser[0]}'s ${show(loser[1].value)} @${loser[1].stamp}, but the result is ${show(actual)}`,
      );
      return;
    }
    if (same(actual, loser[1].value)) return; // both made the same change: nothing lost
    if (key === STEP_ORDER_PATH) {
      if (!conflicts.some((c) => c.path === STEP_ORDER_PATH))
        problems.push(
          `${key}: ${loser[0]}'s order ${show(loser[1].value)} lost and is in no conflict log`,
        );
    } else if (!isLogged(logPaths, loser[1].value)) {
      problems.push(`${key}: the losing edit ${show(loser[1].value)} is in no conflict log`);
    }
  };

  for (const key of SCALAR_KEYS) {
    checkField(key, readKey(remoteContent, key), readKey(run.initial, key), [key]);
  }
  const finalOrder = remoteContent.steps.map((s) => s.id);
  checkField(
    STEP_ORDER_PATH,
    finalOrder,
    run.initial.steps.map((s) => s.id),
    [STEP_ORDER_PATH],
    (actual, edit) => sameRelativeOrder(actual as string[], edit as string[]),
  );

  // 4. Tasks: deletions, and their fields.
  const initialSteps = new Map(run.initial.steps.map((s) => [s.id, s]));
  for (const stepId of model.stepIds) {
    const step = remoteContent.steps.find((s) => s.id === stepId);
    const stepKey = `steps[${stepId}]`;
    const name = `task ${label(run, stepId)}`;
    const deleters = DEVICES.filter((d) => model.live(d, stepKey));
    const unawareEdits = DEVICES.filter((d) => !deleters.includes(d))
      .flatMap((d) => TASK_FIELDS.map((f) => model.live(d, `${stepKey}.${f}`)))
      .filter((e): e is Edit => e !== null);
    if (deleters.length === 0) {
      if (!step) {
        problems.push(`${name}: nobody deleted this task, but it is gone`);
        continue;
      }
    } else if (unawareEdits.length === 0) {
      // Merge rule 5 (and 9): a device whose edit of the task may not have reached the deleter
      // (a push whose answer never came) cannot tell that the deleter saw it, so its edit beats
      // the deletion; the deletion that lost is then logged.
      if (step && !conflicts.some((c) => c.path === stepKey))
        problems.push(`${name}: deleted by ${deleters.join('+')}, but still there`);
      continue;
    } else if (!step) {
      problems.push(
        `${name}: deleted by ${deleters.join('+')} over edits made without knowing of it (${unawareEdits.map((e) => String(e.value)).join(', ')}); an edit beats a delete`,
      );
      continue;
    } else if (!conflicts.some((c) => c.path === stepKey)) {
      problems.push(`${name}: the deletion by ${deleters.join('+')} lost, and is not logged`);
    }
    const initialStep = initialSteps.get(stepId);
    for (const field of TASK_FIELDS) {
      const key = `${stepKey}.${field}`;
      if (!initialStep && !model.everEdited(key)) continue;
      checkField(key, step![field], initialStep?.[field], [key, stepKey]);
    }
  }
  return problems.map((p) =>
    p.replaceAll(/steps\[([^\]]+)\]/g, (_, sid: string) => `steps[${label(run, sid)}]`),
  );
}

// ---------------------------------------------------------------------------------------------
// The property

beforeAll(async () => {
  live = await startLiveServer();
  // The library and the themes are static seed data (lists.test.ts covers them); the many
  // pulls here take them from a cache, so the server's time goes to templates.
  const cache = new Map<string, string>();
  for (const path of ['/v1/templates/library?full=true', '/v1/themes']) {
    cache.set(`${live.baseUrl}${path}`, (await live.server.request({ url: path })).body);
  }
  resetClocks({ skew: { A: 0, B: 0 }, corrected: { A: false, B: false } });
  const make = async (d: Device) => {
    const network = new FaultyNetwork();
    network.cachedGet = (url) => cache.get(url) ?? null;
    network.serverTime = serverNow;
    return createClient({
      live,
      identity: { token: null, anonId: randomUUID(), userId: null },
      network,
      timing: QUIET_TIMING,
      random: () => 0.5,
      now: () => new Date(deviceNow(d)),
      clock: () => new Date(deviceNow(d)).toISOString(),
      // The clock object of the current run (a new one per run, so runs do not share state).
      stampClock: { stamp: (after) => clocks[d].edit.stamp(after) },
    });
  };
  devices = { A: await make('A'), B: await make('B') };
  await settle(devices.A.engine);
  await settle(devices.B.engine);
});

afterAll(async () => {
  await devices?.A.close();
  await devices?.B.close();
  await live?.close();
});

function describeOp(op: Op): string {
  const { kind, device: d, ...rest } = op;
  const params = Object.entries(rest)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
  return `${d}: ${kind}${params ? ` ${params}` : ''}`;
}

function report(details: fc.RunDetails<[Case]>): string {
  const [input] = details.counterexample ?? [];
  const error = details.errorInstance;
  const replay = `CONVERGENCE_SEED=${details.seed} CONVERGENCE_PATH=${details.counterexamplePath} npx vitest run ${TEST_FILE}`;
  return [
    fc.defaultReportMessage(details) ?? 'The property failed.',
    '',
    `Replay: ${replay}`,
    ...(input
      ? [
          `Shrunk case: skew A ${input.skew.A} ms, B ${input.skew.B} ms; stamps on the server's time: A ${input.corrected.A}, B ${input.corrected.B}; ${input.tasks} tasks; operations:`,
          ...input.ops.map((op, i) => `  ${i + 1}. ${describeOp(op)}`),
        ]
      : []),
    '',
    `What went wrong in the shrunk case: ${error instanceof Error ? error.message : String(error)}`,
  ].join('\n');
}

describe('convergence of two devices and the server', () => {
  it(
    'per-field merge by stamps: with clock skew, faults, restarts, deletes and sign-ins, both devices and the server converge, the later stamp wins each field, and no standing edit is lost',
    async () => {
      const replaying = REPLAY_PATH !== undefined;
      let cases = 0;
      await fc.assert(
        fc.asyncProperty(caseArbitrary, async (input) => {
          cases += 1;
          // A replay runs exactly the case on the path, nothing after it.
          if (replaying && cases > 1) return;
          await runCase(input);
        }),
        {
          numRuns: replaying ? 1 : RUNS,
          seed: REPLAY_SEED,
          path: REPLAY_PATH,
          endOnFailure: replaying,
          asyncReporter: async (details) => {
            if (details.failed) throw new Error(report(details));
          },
        },
      );
    },
    30 * 60_000,
  );
});
