/**
 * Test harness for the sync engine: the real server app (PGlite, in-process, listening on a
 * loopback port), browser-like clients each with their own fake IndexedDB (a "device") or
 * sharing one (two "tabs"), and a network between them that tests can break on purpose.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTeamtrailDatabase, type TeamtrailDatabase } from '../../../src/localdb/database';
import {
  createTemplateRepository,
  type TemplateRepository,
} from '../../../src/localdb/templateRepository';
import { SyncEngine } from '../../../sync/engine';
import { createHybridClock, type HybridClock } from '../../../src/domain/fieldStamps';
import { contentOf, type TemplateContent } from '../../../sync/merge';
import type { Template } from '../../../src/domain/schemas';
import { createTransport, type Identity } from '../../../sync/transport';
import type { SyncTiming } from '../../../sync/constants';
import { startTestServer, type TestServer } from '../support/testServer';

/** Fast timings so that back-off and retries happen within a test. */
export const TEST_TIMING: Partial<SyncTiming> = {
  pushDebounceMs: 5,
  requestTimeoutMs: 1_000,
  backoffBaseMs: 20,
  backoffMaxMs: 200,
  periodicPullMs: 60_000,
  eventStreamRetryMs: 50,
};

export interface LiveServer {
  server: TestServer;
  baseUrl: string;
  close(): Promise<void>;
}

export async function startLiveServer(): Promise<LiveServer> {
  const server = await startTestServer();
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return { server, baseUrl: address, close: () => server.close() };
}

type NetworkRecord = {
  method: string;
  url: string;
  /** The HTTP status; 'network-error' when offline; 'timeout' when the caller gave up on a
   * held request; 'late' for the answer of a held request delivered after its caller gave up. */
  status: number | 'network-error' | 'timeout' | 'late';
};

/** A network that tests can take down or make misbehave, between one client and the server. */
export class FaultyNetwork {
  offline = false;
  /** The next N requests answer 500 without reaching the server. */
  failNext = 0;
  /** The next N requests reach the server, but their answer is lost on the way back. */
  loseAnswers = 0;
  /** The next N requests are sent twice (a proxy retrying), the second answer is used. */
  duplicateNext = 0;
  /**
   * Requests hang until released (to stop an engine mid-push). As with a real fetch, the
   * caller's signal (its timeout) still ends the wait; the request has left the device though,
   * so it reaches the server when released, and its answer goes nowhere.
   */
  hang = false;
  private hanging: (() => void)[] = [];
  /** Held requests whose caller gave up, delivered by release(); settled when they are done. */
  private late: Promise<void>[] = [];
  /**
   * Answers a GET from a cache instead of the server when this returns a body (for static data
   * such as the library in tests that repeat thousands of pulls); faults still apply.
   */
  cachedGet: ((url: string) => string | null) | null = null;
  /**
   * When set, every answer tells this as the server's time (`x-server-time`, which the engine
   * measures its clock offset from) instead of the server's real clock: for tests with virtual
   * clocks.
   */
  serverTime: (() => number) | null = null;
  requests: NetworkRecord[] = [];

  /** Requests waiting for release(). */
  get hangingCount(): number {
    return this.hanging.length;
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const isStream = url.endsWith('/v1/events');
    if (this.hang && !isStream) {
      const released = new Promise<void>((resolve) => this.hanging.push(resolve));
      const signal = init?.signal ?? null;
      const gaveUp = await new Promise<boolean>((resolve) => {
        void released.then(() => resolve(false));
        if (signal?.aborted) resolve(true);
        signal?.addEventListener('abort', () => resolve(true), { once: true });
      });
      if (gaveUp) {
        this.requests.push({ method, url, status: 'timeout' });
        this.late.push(
          released.then(async () => {
            if (this.offline) return;
            const response = await fetch(input, { ...init, signal: null }).catch(() => null);
            await response?.arrayBuffer().catch(() => undefined);
            this.requests.push({ method, url, status: 'late' });
          }),
        );
        throw signal!.reason;
      }
    }
    if (this.offline) {
      this.requests.push({ method, url, status: 'network-error' });
      throw new TypeError('fetch failed (offline)');
    }
    if (this.failNext > 0 && !isStream) {
      this.failNext -= 1;
      this.requests.push({ method, url, status: 500 });
      return new Response(JSON.stringify({ errorMessage: 'Injected failure' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    }
    if (this.duplicateNext > 0 && !isStream) {
      this.duplicateNext -= 1;
      await fetch(input, init)
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
    }
    const cached = method === 'GET' ? (this.cachedGet?.(url) ?? null) : null;
    const answer =
      cached !== null
        ? new Response(cached, { status: 200, headers: { 'content-type': 'application/json' } })
        : await fetch(input, init);
    const response = isStream ? answer : this.withServerTime(answer);
    this.requests.push({ method, url, status: response.status });
    if (this.loseAnswers > 0 && !isStream) {
      this.loseAnswers -= 1;
      await response.arrayBuffer();
      throw new TypeError('fetch failed (answer lost)');
    }
    return response;
  };

  private withServerTime(response: Response): Response {
    if (!this.serverTime) return response;
    const headers = new Headers(response.headers);
    headers.set('x-server-time', String(this.serverTime()));
    const noBody = [101, 204, 205, 304].includes(response.status);
    return new Response(noBody ? null : response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }

  /** Lets held requests go on, and resolves when those whose caller gave up have arrived. */
  async release(): Promise<void> {
    this.hang = false;
    for (const resolve of this.hanging.splice(0)) resolve();
    await Promise.all(this.late.splice(0));
  }

  /** Back to a healthy network: online, and no fault left to inject. */
  heal() {
    this.offline = false;
    this.failNext = 0;
    this.loseAnswers = 0;
    this.duplicateNext = 0;
    void this.release();
  }
}

export interface Client {
  db: TeamtrailDatabase;
  repo: TemplateRepository;
  engine: SyncEngine;
  network: FaultyNetwork;
  identity: Identity;
  owner(): string;
  /** Stops this client's engine and starts a new one on the same database (a worker restart). */
  restartEngine(): Promise<void>;
  close(): Promise<void>;
}

export interface ClientOptions {
  live: LiveServer;
  /** Share a device (IndexedDB) with another client: two tabs of one browser. */
  indexedDB?: IDBFactory;
  databaseName?: string;
  identity?: Identity;
  network?: FaultyNetwork;
  eventStream?: boolean;
  random?: () => number;
  /** Overrides of TEST_TIMING. */
  timing?: Partial<SyncTiming>;
  /** Off: the test starts the engine itself (or never, for a tab whose engine is elsewhere). */
  start?: boolean;
  /** The device's wall clock for the engine (conflict log times, retry times); default: real. */
  now?: () => Date;
  /** The repository's ISO clock (localChangedAt); default: real. */
  clock?: () => string;
  /** The repository's stamp clock; default: the context's editClock. */
  stampClock?: HybridClock;
}

export async function createClient(
  options: ClientOptions,
): Promise<Client & { indexedDB: IDBFactory; databaseName: string }> {
  const indexedDB = options.indexedDB ?? new IDBFactory();
  const databaseName = options.databaseName ?? `teamtrail-${randomUUID().slice(0, 8)}`;
  const db = await createTeamtrailDatabase({
    name: databaseName,
    indexedDB,
    IDBKeyRange,
    devMode: true,
  });
  const identity: Identity = options.identity ?? {
    token: null,
    anonId: randomUUID(),
    userId: null,
  };
  const network = options.network ?? new FaultyNetwork();
  const timing = { ...TEST_TIMING, ...options.timing };
  const makeEngine = () =>
    new SyncEngine({
      db,
      transport: createTransport({
        baseUrl: options.live.baseUrl,
        fetch: network.fetch,
        getIdentity: async () => ({ ...identity }),
        timeoutMs: timing.requestTimeoutMs!,
      }),
      timing,
      eventStream: options.eventStream ?? false,
      random: options.random,
      now: options.now,
    });
  const client = {
    db,
    repo: createTemplateRepository(db, options.clock, options.stampClock),
    engine: makeEngine(),
    network,
    identity,
    indexedDB,
    databaseName,
    owner: () => (identity.userId ? `user:${identity.userId}` : `anon:${identity.anonId}`),
    async restartEngine() {
      await client.engine.stop();
      client.engine = makeEngine();
      await client.engine.start();
    },
    async close() {
      void network.release();
      await client.engine.stop();
      await db.close();
    },
  };
  if (options.start ?? true) await client.engine.start();
  return client;
}

/** A small valid template content for tests. */
export function sampleContent(name = 'Team quiz') {
  return {
    name,
    description: '',
    shortDescription: '',
    gameType: 'quiz' as const,
    deliveryType: 'inPerson' as const,
    duration: 60 as const,
    selectedThemeId: null,
    branding: {
      id: randomUUID(),
      logo: null,
      headerColour: '#0393E3',
      questionBackgroundColour: '#FFFFFF',
      selfieBackgroundColour: '#8FD1FC',
    },
    steps: [
      {
        id: randomUUID(),
        name: 'Capital',
        type: 'freeText' as const,
        text: 'What is the capital of France?',
        answers: [{ id: randomUUID(), value: 'Paris', correct: true }],
        media: null,
        points: 10,
        locked: false,
      },
    ],
  };
}

/**
 * A wall clock for the devices of one test that moves only when the test moves it: two edits
 * made without seeing each other are ordered by it (`advance` between them), not by sleeping
 * until the real clock has moved. Each device stamps on a hybrid clock of its own over it, as
 * separate devices do (left alone, every client of this process shares the one edit clock).
 */
export function testClock(start = Date.now()) {
  let now = start;
  return {
    now: () => now,
    /** An edit after this stamps later than every edit before it, on any device. */
    advance(ms = 1) {
      now += ms;
    },
    /** Options of a client whose edits are stamped on this clock; `node` names it in stamps. */
    device(node: string): Pick<ClientOptions, 'stampClock'> {
      return { stampClock: createHybridClock({ node, now: () => now }) };
    },
  };
}

/** Waits until the condition holds; fails with the description after the timeout. */
export async function waitFor(
  description: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${description}`);
    // Only the pause between two looks at the condition: nothing tells when it comes true.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function serverTemplate(live: LiveServer, client: Client, id: string) {
  const response = await live.server.request({
    url: `/v1/templates/${id}`,
    headers: client.identity.token
      ? { authorization: `Bearer ${client.identity.token}` }
      : { anonid: client.identity.anonId! },
  });
  return {
    status: response.statusCode,
    body: response.statusCode === 200 ? response.json() : null,
  };
}

/** Headers that make a server request as the client's identity. */
export function identityHeaders(client: Client): Record<string, string> {
  const headers: Record<string, string> = {};
  if (client.identity.token) headers.authorization = `Bearer ${client.identity.token}`;
  if (client.identity.anonId) headers.anonid = client.identity.anonId;
  return headers;
}

/** GET /v1/templates (every live template) with the given headers. */
export async function serverList(
  live: LiveServer,
  headers: Record<string, string>,
): Promise<Template[]> {
  const response = await live.server.request({ url: '/v1/templates', headers });
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode}`);
  return (response.json() as { templates: Template[] }).templates;
}

/** The content of a template as the server holds it (null when it is gone). */
export async function serverContent(
  live: LiveServer,
  client: Client,
  id: string,
): Promise<TemplateContent | null> {
  const remote = await serverTemplate(live, client, id);
  return remote.status === 200 ? contentOf(remote.body as Template) : null;
}

/** The local document of a template on a client (null when there is none). */
export async function localDoc(client: Client, id: string) {
  return (await client.db.templates.findOne(id).exec())?.toMutableJSON() ?? null;
}

/**
 * One live server per test file, clients closed after each test. Use at the top of a file:
 * `const suite = useSyncSuite();` then `suite.live` and `await suite.client()` in tests.
 */
export function useSyncSuite() {
  let live: LiveServer | null = null;
  const clients: Client[] = [];
  beforeAll(async () => {
    live = await startLiveServer();
  });
  afterEach(async () => {
    for (const c of clients.splice(0).reverse()) await c.close();
  });
  afterAll(async () => {
    await live?.close();
  });
  return {
    get live(): LiveServer {
      if (!live) throw new Error('the live server has not started');
      return live;
    },
    async client(options: Partial<ClientOptions> = {}) {
      const c = await createClient({ live: this.live, ...options });
      clients.push(c);
      return c;
    },
  };
}
