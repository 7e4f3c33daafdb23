/**
 * Property: two devices of one guest and the server converge, and no edit that should survive
 * is lost (issue 3, "A property test"). For each seed, a random sequence of edits on either
 * device (through the repository), network faults (offline, 500s, lost answers, duplicated
 * requests), engine restarts and "Sync now"; then both devices come online and sync, and:
 *
 * 1. both devices' local content and the server's content are deep-equal;
 * 2. a field whose live edits come from one device only holds that device's last edit;
 * 3. a field with live edits from both devices holds one of the two, and the other is in the
 *    conflict log of some device;
 * 4. a task is deleted when a deletion is live and nobody edited it unaware of the deletion; a
 *    task nobody deleted is there; deleted-and-edited comes back with the edits (merge rule 5:
 *    an edit beats a delete), and the deletion is logged.
 *    A task that comes back (an edit beat the deletion) may carry, for a field, the deleting
 *    device's own last value instead of the other device's live edit: the other device may have
 *    merged that value (a later edit) before the deletion reached it, and then edited the task
 *    as it showed it. The live edit it replaced must then be in a conflict log.
 *
 * An edit is "live" until a device that has seen it (its local value is that edit's value)
 * changes the same thing: then overwriting it was the organiser's intent, not a conflict.
 *
 * One server for every seed and two databases reused across seeds; each seed has a fresh guest
 * identity and a fresh template, so seeds are independent. SYNC_SEED=<n> runs one seed;
 * SYNC_SEEDS=<n> sets how many (default 200), from SYNC_SEED_START (default 1).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Step } from '../../../src/domain/schemas';
import { readConflictLog } from '../../../sync/conflictLog';
import { deepEqual, type TemplateContent } from '../../../sync/merge';
import {
  createClient,
  FaultyNetwork,
  serverContent,
  startLiveServer,
  type Client,
  type LiveServer,
} from './harness';

const ONE_SEED = process.env.SYNC_SEED ? Number(process.env.SYNC_SEED) : null;
const SEED_COUNT = ONE_SEED !== null ? 1 : Number(process.env.SYNC_SEEDS ?? 200);
const SEED_START = ONE_SEED ?? Number(process.env.SYNC_SEED_START ?? 1);

/** Quicker retries than the other engine tests: many seeds, each with several failures. */
const PROPERTY_TIMING = { pushDebounceMs: 2, backoffBaseMs: 8, backoffMaxMs: 60 };

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Device = 'A' | 'B';
const other = (d: Device): Device => (d === 'A' ? 'B' : 'A');

const SCALAR_KEYS = [
  'name',
  'description',
  'branding.headerColour',
  'branding.questionBackgroundColour',
  'branding.selfieBackgroundColour',
] as const;
type ScalarKey = (typeof SCALAR_KEYS)[number];
const STEP_FIELDS = ['text', 'points'] as const;
type StepField = (typeof STEP_FIELDS)[number];

const DELETED = Symbol('deleted');

function readKey(content: TemplateContent, key: ScalarKey): unknown {
  if (key === 'name' || key === 'description') return content[key];
  return content.branding[key.slice('branding.'.length) as 'headerColour'];
}

function writeKey(content: TemplateContent, key: ScalarKey, value: string) {
  if (key === 'name' || key === 'description') return { [key]: value };
  return { branding: { ...content.branding, [key.slice('branding.'.length)]: value } };
}

interface Edit {
  value: unknown;
  live: boolean;
}

/** What each device did, and which of its edits still stand (see the file comment). */
class Model {
  readonly edits: Record<Device, Map<string, Edit>> = { A: new Map(), B: new Map() };
  /** A device's own task-field edits that only its deletion of the task retired. */
  readonly retiredByDeletion: Record<Device, Map<string, unknown>> = { A: new Map(), B: new Map() };
  readonly stepIds = new Set<string>();

  /** `device` changed `key` to `value`; its local value before was `previous`. */
  edit(device: Device, key: string, value: unknown, previous: unknown) {
    const theirs = this.edits[other(device)].get(key);
    if (theirs?.live && deepEqual(theirs.value, previous)) theirs.live = false;
    this.edits[device].set(key, { value, live: true });
    // Editing a task this device had deleted means the deletion lost and it saw the task again.
    const step = /^steps\[(.+)\]\./.exec(key);
    const deletion = step ? this.edits[device].get(`steps[${step[1]}]`) : undefined;
    if (deletion) deletion.live = false;
  }

  deleteStep(device: Device, step: Step) {
    for (const field of STEP_FIELDS) {
      const key = `steps[${step.id}].${field}`;
      const theirs = this.edits[other(device)].get(key);
      if (theirs?.live && deepEqual(theirs.value, step[field])) theirs.live = false;
      const own = this.edits[device].get(key);
      if (own?.live) this.retiredByDeletion[device].set(key, own.value);
      if (own) own.live = false;
    }
    this.edits[device].set(`steps[${step.id}]`, { value: DELETED, live: true });
  }

  live(device: Device, key: string): Edit | null {
    const edit = this.edits[device].get(key);
    return edit?.live ? edit : null;
  }
}

interface SeedContext {
  seed: number;
  random: () => number;
  devices: Record<Device, Client>;
  templateId: string;
  /** The template as both devices held it before the operations. */
  initial: TemplateContent;
  model: Model;
  log: string[];
  counter: number;
}

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

async function localContent(client: Client, id: string): Promise<TemplateContent> {
  const doc = await client.db.templates.findOne(id).exec();
  if (!doc) throw new Error('the template is missing on the device');
  return doc.toMutableJSON().content;
}

function initialContent(random: () => number, tag: string): TemplateContent {
  const step = (i: number): Step => ({
    id: randomUUID(),
    name: `Task ${i}`,
    type: 'freeText',
    text: `${tag} initial text ${i}`,
    answers: [{ id: randomUUID(), value: 'Paris', correct: true }],
    media: null,
    points: 500 + i,
    locked: false,
  });
  return {
    name: `${tag} initial name`,
    description: `${tag} initial description`,
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
    steps: Array.from({ length: 2 + Math.floor(random() * 2) }, (_, i) => step(i + 1)),
  };
}

// ---------------------------------------------------------------------------------------------
// Operations

type Operation = (ctx: SeedContext) => Promise<string | null>;

const unique = (ctx: SeedContext) => ++ctx.counter;
const colourOf = (n: number, seed: number) =>
  `#${(((seed * 977) % 0xfff) * 0x1000 + n).toString(16).padStart(6, '0').slice(-6)}`;

function editScalar(key: ScalarKey): Operation {
  return async (ctx) => {
    const device = pick(ctx.random, ['A', 'B'] as const);
    const n = unique(ctx);
    const value = key.startsWith('branding.') ? colourOf(n, ctx.seed) : `${key} ${device}${n}`;
    let previous: unknown;
    await ctx.devices[device].repo.update(ctx.templateId, (content) => {
      previous = readKey(content, key);
      return writeKey(content, key, value);
    });
    ctx.model.edit(device, key, value, previous);
    return `${device}: ${key} = ${value}`;
  };
}

function editStep(field: StepField): Operation {
  return async (ctx) => {
    const device = pick(ctx.random, ['A', 'B'] as const);
    const steps = (await localContent(ctx.devices[device], ctx.templateId)).steps;
    if (steps.length === 0) return null;
    const stepId = pick(ctx.random, steps).id;
    const n = unique(ctx);
    const value = field === 'text' ? `text ${device}${n}` : n;
    let previous: unknown;
    let found = false;
    await ctx.devices[device].repo.update(ctx.templateId, (content) => {
      found = content.steps.some((s) => s.id === stepId);
      previous = content.steps.find((s) => s.id === stepId)?.[field];
      return {
        steps: content.steps.map((s) => (s.id === stepId ? { ...s, [field]: value } : s)),
      };
    });
    // The task may have gone between reading and writing (a pull merged a deletion).
    if (!found) return `${device}: steps[${stepId}].${field} (task gone, no edit)`;
    ctx.model.edit(device, `steps[${stepId}].${field}`, value, previous);
    return `${device}: steps[${stepId}].${field} = ${value}`;
  };
}

const addStep: Operation = async (ctx) => {
  const device = pick(ctx.random, ['A', 'B'] as const);
  const n = unique(ctx);
  const step: Step = {
    id: randomUUID(),
    name: `Added ${n}`,
    type: 'freeText',
    text: `added text ${device}${n}`,
    answers: [{ id: randomUUID(), value: 'Yes', correct: true }],
    media: null,
    points: n,
    locked: false,
  };
  const at = ctx.random();
  await ctx.devices[device].repo.update(ctx.templateId, (content) => {
    const steps = [...content.steps];
    steps.splice(Math.floor(at * (steps.length + 1)), 0, step);
    return { steps };
  });
  ctx.model.stepIds.add(step.id);
  return `${device}: add steps[${step.id}]`;
};

const deleteStep: Operation = async (ctx) => {
  const device = pick(ctx.random, ['A', 'B'] as const);
  const steps = (await localContent(ctx.devices[device], ctx.templateId)).steps;
  if (steps.length <= 1) return null;
  const stepId = pick(ctx.random, steps).id;
  let removed: Step | undefined;
  await ctx.devices[device].repo.update(ctx.templateId, (content) => {
    removed = content.steps.find((s) => s.id === stepId);
    return { steps: content.steps.filter((s) => s.id !== stepId) };
  });
  if (!removed) return `${device}: delete steps[${stepId}] (already gone)`;
  ctx.model.deleteStep(device, removed);
  return `${device}: delete steps[${stepId}]`;
};

const toggleNetwork: Operation = async (ctx) => {
  const device = pick(ctx.random, ['A', 'B'] as const);
  const client = ctx.devices[device];
  client.network.offline = !client.network.offline;
  client.engine.notify(client.network.offline ? 'offline' : 'online');
  return `${device}: ${client.network.offline ? 'offline' : 'online'}`;
};

const inject500s: Operation = async (ctx) => {
  const device = pick(ctx.random, ['A', 'B'] as const);
  const count = 1 + Math.floor(ctx.random() * 3);
  ctx.devices[device].network.failNext += count;
  return `${device}: next ${count} requests answer 500`;
};

const loseAnswer: Operation = async (ctx) => {
  const device = pick(ctx.random, ['A', 'B'] as const);
  ctx.devices[device].network.loseAnswers += 1;
  return `${device}: lose the next answer`;
};

const duplicate: Operation = async (ctx) => {
  const device = pick(ctx.random, ['A', 'B'] as const);
  ctx.devices[device].network.duplicateNext += 1;
  return `${device}: duplicate the next request`;
};

const restart: Operation = async (ctx) => {
  const device = pick(ctx.random, ['A', 'B'] as const);
  await ctx.devices[device].restartEngine();
  return `${device}: restart the engine`;
};

const syncNow: Operation = async (ctx) => {
  const device = pick(ctx.random, ['A', 'B'] as const);
  await ctx.devices[device].engine.syncNow();
  return `${device}: sync now`;
};

const pause: Operation = async (ctx) => {
  const ms = Math.floor(ctx.random() * 30);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return `wait ${ms} ms`;
};

const OPERATIONS: [Operation, number][] = [
  [editScalar('name'), 10],
  [editScalar('description'), 8],
  [editScalar('branding.headerColour'), 4],
  [editScalar('branding.questionBackgroundColour'), 3],
  [editScalar('branding.selfieBackgroundColour'), 3],
  [editStep('text'), 9],
  [editStep('points'), 7],
  [addStep, 5],
  [deleteStep, 4],
  [toggleNetwork, 12],
  [inject500s, 5],
  [loseAnswer, 6],
  [duplicate, 6],
  [restart, 5],
  [syncNow, 8],
  [pause, 5],
];
const TOTAL_WEIGHT = OPERATIONS.reduce((sum, [, w]) => sum + w, 0);

function pickOperation(random: () => number): Operation {
  let r = random() * TOTAL_WEIGHT;
  for (const [operation, weight] of OPERATIONS) {
    r -= weight;
    if (r < 0) return operation;
  }
  return OPERATIONS[0]![0];
}

// ---------------------------------------------------------------------------------------------
// Checks

/** A value anywhere inside a logged conflict value (a whole task holds its text and points). */
function holds(container: unknown, value: unknown): boolean {
  if (deepEqual(container, value)) return true;
  if (typeof container !== 'object' || container === null) return false;
  return Object.values(container).some((v) => holds(v, value));
}

async function runChecks(ctx: SeedContext, live: LiveServer): Promise<string[]> {
  const problems: string[] = [];
  const { A, B } = ctx.devices;
  const id = ctx.templateId;
  const remote = await serverContent(live, A, id);
  const a = await localContent(A, id);
  const b = await localContent(B, id);
  if (!remote) return ['the template is missing on the server'];
  if (!deepEqual(a, remote)) problems.push(`device A differs from the server`);
  if (!deepEqual(b, remote)) problems.push(`device B differs from the server`);
  for (const [name, client] of [
    ['A', A],
    ['B', B],
  ] as const) {
    const doc = (await client.db.templates.findOne(id).exec())?.toMutableJSON();
    if (doc?.syncState !== 'synced') problems.push(`device ${name} is ${doc?.syncState}`);
  }
  if (problems.length) {
    problems.push(
      `server: ${JSON.stringify(remote)}`,
      `A: ${JSON.stringify(a)}`,
      `B: ${JSON.stringify(b)}`,
    );
    return problems;
  }

  const conflicts = [...(await readConflictLog(A.db)), ...(await readConflictLog(B.db))]
    .filter((e) => e.templateId === id)
    .flatMap((e) => e.conflicts);
  const logged = (paths: string[], value: unknown) =>
    conflicts.some(
      (c) => paths.includes(c.path) && (holds(c.ours, value) || holds(c.theirs, value)),
    );
  const model = ctx.model;

  const checkField = (key: string, actual: unknown, initial: unknown, paths: string[]) => {
    const edits = (['A', 'B'] as const)
      .map((d) => [d, model.live(d, key)] as const)
      .filter(([, e]) => e !== null);
    const everEdited = model.edits.A.has(key) || model.edits.B.has(key);
    if (edits.length === 0) {
      if (!everEdited && !deepEqual(actual, initial))
        problems.push(`${key}: never edited, but ${JSON.stringify(actual)}`);
      return;
    }
    if (edits.length === 1) {
      const [device, edit] = edits[0]!;
      // A returning task may hold the deleter's own value, merged before the deletion (rule 4).
      const merged = model.retiredByDeletion[other(device)];
      if (
        !deepEqual(actual, edit!.value) &&
        merged.has(key) &&
        deepEqual(actual, merged.get(key)) &&
        logged(paths, edit!.value)
      )
        return;
      if (!deepEqual(actual, edit!.value))
        problems.push(
          `${key}: only ${device}'s edit ${JSON.stringify(edit!.value)} stands, but the result is ${JSON.stringify(actual)}`,
        );
      return;
    }
    const values = edits.map(([, e]) => e!.value);
    if (!values.some((v) => deepEqual(v, actual))) {
      problems.push(
        `${key}: ${JSON.stringify(actual)} is neither device's last edit ${JSON.stringify(values)}`,
      );
      return;
    }
    const loser = values.find((v) => !deepEqual(v, actual));
    if (loser !== undefined && !logged(paths, loser))
      problems.push(`${key}: the losing edit ${JSON.stringify(loser)} is in no conflict log`);
  };

  for (const key of SCALAR_KEYS) {
    checkField(key, readKey(remote, key), readKey(ctx.initial, key), [key]);
  }

  const initialSteps = new Map(ctx.initial.steps.map((s) => [s.id, s]));
  for (const stepId of model.stepIds) {
    const step = remote.steps.find((s) => s.id === stepId);
    const stepKey = `steps[${stepId}]`;
    const deleters = (['A', 'B'] as const).filter((d) => model.live(d, stepKey));
    const unawareEdits = (['A', 'B'] as const)
      .filter((d) => !deleters.includes(d))
      .flatMap((d) => STEP_FIELDS.map((f) => model.live(d, `${stepKey}.${f}`)))
      .filter((e): e is Edit => e !== null);
    if (deleters.length === 0) {
      if (!step) {
        problems.push(`${stepKey}: nobody deleted this task, but it is gone`);
        continue;
      }
    } else if (unawareEdits.length === 0) {
      // Merge rule 5 (and 9): a device whose edit of the task may not have reached the deleter
      // (a push whose answer never came) cannot tell that the deleter saw it, so its edit beats
      // the deletion; the deletion that lost is then logged.
      if (step && !conflicts.some((c) => c.path === stepKey))
        problems.push(`${stepKey}: deleted by ${deleters.join('+')}, but still there`);
      continue;
    } else if (!step) {
      // Merge rule 5: an edit beats a delete, whichever came later.
      problems.push(
        `${stepKey}: deleted by ${deleters.join('+')} over edits made without knowing of it (${unawareEdits.map((e) => String(e.value)).join(', ')}); an edit beats a delete`,
      );
      continue;
    } else if (!conflicts.some((c) => c.path === stepKey)) {
      problems.push(`${stepKey}: the deletion by ${deleters.join('+')} lost, and is not logged`);
    }
    const initialStep = initialSteps.get(stepId);
    for (const field of STEP_FIELDS) {
      const key = `${stepKey}.${field}`;
      if (!initialStep && !model.edits.A.has(key) && !model.edits.B.has(key)) continue;
      checkField(key, step![field], initialStep?.[field], [key, stepKey]);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The run

let live: LiveServer;
let devices: Record<Device, Client>;

beforeAll(async () => {
  live = await startLiveServer();
  // The library and the themes are static seed data (lists.test.ts covers them); thousands of
  // pulls here take them from a cache, so the server's time goes to templates.
  const cache = new Map<string, string>();
  for (const path of ['/v1/templates/library?full=true', '/v1/themes']) {
    cache.set(`${live.baseUrl}${path}`, (await live.server.request({ url: path })).body);
  }
  const networks = { A: new FaultyNetwork(), B: new FaultyNetwork() };
  for (const network of Object.values(networks))
    network.cachedGet = (url) => cache.get(url) ?? null;
  const identity = { token: null, anonId: randomUUID(), userId: null };
  devices = {
    A: await createClient({
      live,
      identity: { ...identity },
      network: networks.A,
      timing: PROPERTY_TIMING,
    }),
    B: await createClient({
      live,
      identity: { ...identity },
      network: networks.B,
      timing: PROPERTY_TIMING,
    }),
  };
});

afterAll(async () => {
  await devices?.A.close();
  await devices?.B.close();
  await live?.close();
});

/** A fresh guest on both devices: new identity, fresh engines, a healthy network. */
async function freshGuest() {
  const anonId = randomUUID();
  for (const device of [devices.A, devices.B]) {
    device.network.heal();
    device.identity.anonId = anonId;
    await device.restartEngine();
  }
}

async function runSeed(seed: number): Promise<void> {
  const random = mulberry32(seed);
  await freshGuest();
  const { A, B } = devices;
  const initial = initialContent(random, `s${seed}`);
  const created = await A.repo.create(A.owner(), initial);
  await A.engine.whenIdle();
  await B.engine.syncNow();
  await B.engine.whenIdle();
  const start = (await A.db.templates.findOne(created.id).exec())!.toMutableJSON().content;
  const ctx: SeedContext = {
    seed,
    random,
    devices,
    templateId: created.id,
    model: new Model(),
    log: [],
    counter: 0,
    initial: start,
  };
  for (const step of start.steps) ctx.model.stepIds.add(step.id);

  const fail = (message: string): never => {
    throw new Error(
      `seed ${seed} (rerun: SYNC_SEED=${seed} npx vitest run ${'tests/integration/sync/convergence.property.test.ts'}): ${message}\noperations:\n  ${ctx.log.join('\n  ')}`,
    );
  };
  if (!deepEqual(await localContent(B, created.id), start))
    fail('device B did not receive the new template');

  const count = 10 + Math.floor(random() * 16);
  try {
    for (let i = 0; i < count; i += 1) {
      const described = await pickOperation(random)(ctx);
      if (described) ctx.log.push(described);
    }
    for (const device of [A, B]) {
      device.network.heal();
      device.engine.notify('online');
    }
    for (const device of [A, B, A, B]) await device.engine.syncNow();
    await A.engine.whenIdle();
    await B.engine.whenIdle();
  } catch (error) {
    fail(`the run failed: ${(error as Error).message}`);
  }
  const problems = await runChecks(ctx, live);
  if (problems.length) fail(problems.join('\n'));
}

describe('convergence of two devices and the server', () => {
  it(`over ${SEED_COUNT} seeds of random edits, faults and restarts, every device and the server converge and no standing edit is lost`, async () => {
    const failures: string[] = [];
    for (let seed = SEED_START; seed < SEED_START + SEED_COUNT; seed += 1) {
      try {
        await runSeed(seed);
      } catch (error) {
        failures.push((error as Error).message);
        if (failures.length >= 5) break;
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 300_000);
});
