/**
 * The AI assistant's limits hold under concurrency (docs/operations.md "Limits"): the
 * check and the insert of a request happen under one lock per owner (and per client address for
 * guests), so parallel requests cannot all slip past "3 at once"; fresh AnonIds from one address
 * meet the per-address guest limits. The atomic test runs on PGlite and, when TEST_DATABASE_URL
 * is set (CI), on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, inArray, or } from 'drizzle-orm';
import { startTestServer, type TestServer } from './support/testServer';
import { expectErrorMessage, guest, signUp, type Caller } from './support/clients';
import { TEST_DATABASE_URL } from './support/postgres';
import { aiContentRequests } from '../../server/db/schema';
import { createBuiltinGenerator } from '../../server/ai/builtin/builtinGenerator';
import type { ContentGenerator } from '../../server/ai/generator';
import {
  MAX_UNFINISHED_PER_GUEST_ADDRESS,
  MAX_UNFINISHED_PER_OWNER,
} from '../../server/services/aiContentRequests';

/** A generator whose jobs wait until the test lets them go: they stay unfinished meanwhile. */
function gatedGenerator(): ContentGenerator & { release(): void } {
  const builtin = createBuiltinGenerator();
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return {
    kind: 'builtin',
    release: () => open(),
    async generate(request) {
      await gate;
      return builtin.generate(request);
    },
  };
}

const shortForm = (caller: Caller) => ({
  requestorId: caller.userId ?? caller.anonId,
  topics: 'Fire safety and first aid',
});

function requestAi(server: TestServer, caller: Caller, remoteAddress: string) {
  return server.request({
    method: 'POST',
    url: '/v1/ai_content_requests',
    headers: caller.headers,
    payload: shortForm(caller),
    remoteAddress,
  });
}

/** Unfinished requests of these callers (guests by AnonId, users by id). */
async function unfinishedJobsOf(server: TestServer, callers: Caller[]): Promise<number> {
  const anonIds = callers.flatMap((c) => (c.userId ? [] : [c.anonId!]));
  const userIds = callers.flatMap((c) => (c.userId ? [c.userId] : []));
  const [row] = await server.database.db
    .select({ n: count() })
    .from(aiContentRequests)
    .where(
      and(
        inArray(aiContentRequests.status, ['queued', 'running']),
        or(
          anonIds.length ? inArray(aiContentRequests.ownerAnonId, anonIds) : undefined,
          userIds.length ? inArray(aiContentRequests.ownerUserId, userIds) : undefined,
        ),
      ),
    );
  return row!.n;
}

/** A server whose AI jobs wait (stay unfinished) until the describe block is done. */
function serverWithGatedJobs(options: { postgres?: boolean; env?: Record<string, string> }) {
  const generator = gatedGenerator();
  let server: TestServer | null = null;
  beforeAll(async () => {
    server = await startTestServer({ ...options, aiGenerator: generator });
  });
  afterAll(async () => {
    generator.release();
    await server?.close();
  });
  return () => server!;
}

/** Each test its own client address, so that the per-address limits of one do not meet another's. */
let addressCounter = 0;
const freshAddress = () => `198.51.100.${++addressCounter}`;

describe.each([
  { database: 'PGlite', postgres: false },
  { database: 'PostgreSQL', postgres: true },
])('AI limits are atomic on $database', ({ postgres }) => {
  describe.skipIf(postgres && !TEST_DATABASE_URL)('(needs TEST_DATABASE_URL on PostgreSQL)', () => {
    const server = serverWithGatedJobs({ postgres });
    const tight = serverWithGatedJobs({ postgres, env: { AI_REQUESTS_PER_HOUR: '2' } });

    it('20 parallel requests by one guest: exactly 3 accepted, the other 17 answered 429 with a message', async () => {
      const caller = guest();
      const address = freshAddress();
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => requestAi(server(), caller, address)),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 202)).toHaveLength(MAX_UNFINISHED_PER_OWNER);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20 - MAX_UNFINISHED_PER_OWNER);
      for (const refused of responses.filter((r) => r.statusCode === 429)) {
        expect(expectErrorMessage(refused)).toMatch(/activities being generated/);
        // One of the unfinished requests is done within a minute or so.
        expect(refused.headers['retry-after']).toBe('30');
      }
      expect(await unfinishedJobsOf(server(), [caller])).toBe(MAX_UNFINISHED_PER_OWNER);
    });

    it('20 parallel requests by one signed-in user: exactly 3 accepted', async () => {
      const user = await signUp(server());
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => requestAi(server(), user, freshAddress())),
      );
      expect(responses.filter((r) => r.statusCode === 202)).toHaveLength(MAX_UNFINISHED_PER_OWNER);
      expect(await unfinishedJobsOf(server(), [user])).toBe(MAX_UNFINISHED_PER_OWNER);
    });

    it('20 parallel requests by fresh AnonIds from one address: exactly the per-address number accepted', async () => {
      const address = freshAddress();
      const callers = Array.from({ length: 20 }, () => guest());
      const responses = await Promise.all(
        callers.map((caller) => requestAi(server(), caller, address)),
      );
      expect(responses.filter((r) => r.statusCode === 202)).toHaveLength(
        MAX_UNFINISHED_PER_GUEST_ADDRESS,
      );
      expect(await unfinishedJobsOf(server(), callers)).toBe(MAX_UNFINISHED_PER_GUEST_ADDRESS);
    });

    it('the hourly limit holds under 20 parallel requests: exactly AI_REQUESTS_PER_HOUR accepted', async () => {
      const user = await signUp(tight());
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => requestAi(tight(), user, freshAddress())),
      );
      expect(responses.filter((r) => r.statusCode === 202)).toHaveLength(2);
      const refused = responses.filter((r) => r.statusCode === 429);
      expect(refused).toHaveLength(18);
      expect(expectErrorMessage(refused[0]!)).toMatch(/in the last hour/);
    });
  });
});

describe('per-address limits for guests', () => {
  const server = serverWithGatedJobs({ env: { AI_GUEST_REQUESTS_PER_HOUR_PER_ADDRESS: '8' } });

  it('fresh AnonIds from one address are refused once the address has 6 unfinished requests; other addresses and signed-in users are not', async () => {
    const address = freshAddress();
    for (let i = 0; i < MAX_UNFINISHED_PER_GUEST_ADDRESS; i++) {
      expect((await requestAi(server(), guest(), address)).statusCode).toBe(202);
    }
    const next = await requestAi(server(), guest(), address);
    expect(next.statusCode).toBe(429);
    expect(expectErrorMessage(next)).toBe(
      `Guests on your network already have ${MAX_UNFINISHED_PER_GUEST_ADDRESS} activities being generated. Please wait for one to finish, or sign in, then try again.`,
    );

    expect((await requestAi(server(), guest(), freshAddress())).statusCode).toBe(202);
    const user = await signUp(server());
    expect((await requestAi(server(), user, address)).statusCode).toBe(202);
  });

  it('fresh AnonIds from one address meet the hourly per-address limit (AI_GUEST_REQUESTS_PER_HOUR_PER_ADDRESS), finished requests included', async () => {
    const address = freshAddress();
    const callers = Array.from({ length: 8 }, () => guest());
    for (const caller of callers) {
      expect((await requestAi(server(), caller, address)).statusCode).toBe(202);
      // Finished at once: only the hourly count can stop the next one.
      await server()
        .database.db.update(aiContentRequests)
        .set({ status: 'completed', completedAt: new Date() })
        .where(inArray(aiContentRequests.ownerAnonId, [caller.anonId!]));
    }
    const ninth = await requestAi(server(), guest(), address);
    expect(ninth.statusCode).toBe(429);
    expect(expectErrorMessage(ninth)).toBe(
      'Guests on your network have asked the AI Assistant for 8 activities in the last hour, the most it takes. Please sign in, or try again later.',
    );
    // A place frees up when the first of the eight turns an hour old: just under an hour.
    const retryAfter = Number(ninth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3600 - 120);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await requestAi(server(), guest(), freshAddress())).statusCode).toBe(202);
  });

  it('counts IPv6 guests by their /64 network: a fresh address in it does not get fresh limits', async () => {
    for (let i = 1; i <= MAX_UNFINISHED_PER_GUEST_ADDRESS; i++) {
      const address = `2001:db8:aa:bb::${i.toString(16)}`;
      expect((await requestAi(server(), guest(), address)).statusCode).toBe(202);
    }
    expect((await requestAi(server(), guest(), '2001:db8:aa:bb:ffff::1')).statusCode).toBe(429);
    expect((await requestAi(server(), guest(), '2001:db8:aa:bc::1')).statusCode).toBe(202);
  });

  it('keeps a keyed hash of the guest’s address, never the address itself', async () => {
    const address = '192.0.2.201';
    const caller = guest();
    expect((await requestAi(server(), caller, address)).statusCode).toBe(202);
    const rows = await server()
      .database.db.select()
      .from(aiContentRequests)
      .where(inArray(aiContentRequests.ownerAnonId, [caller.anonId!]));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(address);
    expect(rows[0]!.input).toHaveProperty('guestAddress', expect.stringMatching(/^[0-9a-f]{32}$/));
  });
});
