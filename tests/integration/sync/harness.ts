/**
 * Test harness for the sync engine: the real server app (PGlite, in-process, listening on a
 * loopback port), browser-like clients each with their own fake IndexedDB (a "device") or
 * sharing one (two "tabs"), and a network between them that tests can break on purpose.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { randomUUID } from 'node:crypto';
import { createTeamtrailDatabase, type TeamtrailDatabase } from '../../../src/data/database';
import {
  createTemplateRepository,
  type TemplateRepository,
} from '../../../src/data/templateRepository';
import { SyncEngine } from '../../../sync/engine';
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

/** A network that tests can take down or make misbehave, between one client and the server. */
export class FaultyNetwork {
  offline = false;
  /** The next N requests answer 500 without reaching the server. */
  failNext = 0;
  /** The next N requests reach the server, but their answer is lost on the way back. */
  loseAnswers = 0;
  /** The next N requests are sent twice (a proxy retrying), the second answer is used. */
  duplicateNext = 0;
  /** Requests hang until released (to stop an engine mid-push). */
  hang = false;
  private hanging: (() => void)[] = [];
  requests: { method: string; url: string; status: number | 'network-error' }[] = [];

  readonly fetch: typeof fetch = async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const isStream = url.endsWith('/v1/events');
    if (this.hang && !isStream) await new Promise<void>((resolve) => this.hanging.push(resolve));
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
    const response = await fetch(input, init);
    this.requests.push({ method, url, status: response.status });
    if (this.loseAnswers > 0 && !isStream) {
      this.loseAnswers -= 1;
      await response.arrayBuffer();
      throw new TypeError('fetch failed (answer lost)');
    }
    return response;
  };

  release() {
    this.hang = false;
    for (const resolve of this.hanging.splice(0)) resolve();
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
  const makeEngine = () =>
    new SyncEngine({
      db,
      transport: createTransport({
        baseUrl: options.live.baseUrl,
        fetch: network.fetch,
        getIdentity: async () => ({ ...identity }),
        timeoutMs: TEST_TIMING.requestTimeoutMs!,
      }),
      timing: TEST_TIMING,
      eventStream: options.eventStream ?? false,
      random: options.random,
    });
  const client = {
    db,
    repo: createTemplateRepository(db),
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
      network.release();
      await client.engine.stop();
      await db.close();
    },
  };
  await client.engine.start();
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
