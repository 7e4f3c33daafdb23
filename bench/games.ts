/**
 * Games load benchmark: one live game of BENCH_TEAMS teams (2,000 by default) on the
 * real server as `npm start` runs it (compiled, in its own process), on the embedded database
 * and, when TEST_DATABASE_URL points at a PostgreSQL server, on PostgreSQL too. The shape of a
 * real event's worst moment:
 *
 * - every team joins within JOIN_WINDOW_S (everyone scans the QR code as the host says "go"),
 *   each phone from its own address (X-Forwarded-For, TRUST_PROXY=true, so the production
 *   per-address limits apply as they would behind a proxy) and then opens its live stream;
 * - the organiser's live screen follows the whole scoreboard;
 * - every team answers the same question within ANSWER_WINDOW_S.
 *
 * Prints join and stream-open p50/p99 (and how many were refused), answer acknowledgement
 * p50/p99, how long until the organiser's live screen shows every answer, lost answers
 * (acknowledged but never shown), the server's CPU time per answer, and its idle and peak RSS.
 * Targets on a 2-core machine: 0 joins refused, stream open p99 < 2 s, answer p99 < 500 ms, live
 * screen complete < 2 s, 0 lost. Figures, never assertions.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type DatabaseOptions } from '../server/db/client';
import { seedDatabase } from '../server/seed/run';
import { setUserPlan } from '../server/services/users';
import { startApiServer } from '../e2e/support/apiServer';
import {
  createFreshPostgresDatabase,
  TEST_DATABASE_URL,
} from '../tests/integration/support/postgres';
import type { Step } from '../src/domain/schemas';
import { buildCompiledServer, reportLatency } from './support';

const TEAMS = Number(process.env.BENCH_TEAMS ?? 2000);
const JOIN_WINDOW_S = 5;
const ANSWER_WINDOW_S = 1;
/** How long the live screen is given to show every answer before the rest count as lost. */
const LIVE_SCREEN_DEADLINE_MS = 30_000;
const POINTS = 10;

const question: Step = {
  id: randomUUID(),
  name: 'Question 1',
  type: 'freeText',
  text: 'What is 2 + 2?',
  answers: [{ id: randomUUID(), value: '4', correct: true }],
  media: null,
  points: POINTS,
  locked: false,
};

/** Sign-up, the PRO plan (no teams limit) and the template, before the server process starts. */
async function prepare(
  dataDir: string,
  databaseOptions: DatabaseOptions,
): Promise<{ token: string; templateId: string }> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const database = await openDatabase(databaseOptions);
  await seedDatabase(database.db);
  const app = await buildApp({ config, database, logger: false });
  const signUp = await app.inject({
    method: 'POST',
    url: '/v1/auth/sign-up',
    payload: { email: 'bench@example.com', password: 'correct horse battery staple', name: 'B' },
  });
  const { token, user } = signUp.json() as { token: string; user: { id: string } };
  await setUserPlan(database.db, user.id, 'PRO');
  const template = await app.inject({
    method: 'POST',
    url: '/v1/templates',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'Load test', steps: [question], duration: 30 },
  });
  const { id: templateId } = template.json() as { id: string };
  await app.close();
  await database.close();
  return { token, templateId };
}

/**
 * The phones reach the server through a reverse proxy (hence X-Forwarded-For and TRUST_PROXY):
 * the proxy keeps a pool of idle connections to the server and opens more when it needs them
 * (nginx's upstream `keepalive`), which is what this agent does. Each live stream is a
 * connection of its own.
 */
const proxyPool = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 256 });

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

function request(
  url: string,
  method: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const sent = http.request(
      url,
      {
        method,
        agent: proxyPool,
        headers: payload ? { 'content-type': 'application/json', ...headers } : headers,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let parsed: Record<string, unknown> = {};
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            // a proxy's or the kernel's refusal is no JSON
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

/**
 * An event stream: resolves once its first scoreboard has arrived (the phone shows the game),
 * then calls `onScoreboard` with each scoreboard's JSON text when asked to (the live screen
 * parses its boards; phones only count bytes, as a bench of 2,000 phones must stay light).
 */
function openStream(
  url: string,
  headers: Record<string, string>,
  onScoreboard?: (json: string) => void,
): Promise<{ close: () => void }> {
  return new Promise((resolve, reject) => {
    const sent = http.get(url, { headers, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`stream refused: ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      let opened = false;
      response.on('data', (chunk: string) => {
        if (opened && !onScoreboard) return;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.includes('event: scoreboard')) continue;
          if (!opened) {
            opened = true;
            resolve({ close: () => sent.destroy() });
          }
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (onScoreboard && data) onScoreboard(data.slice(6));
          if (!onScoreboard) buffer = '';
        }
      });
      response.on('error', () => undefined);
    });
    sent.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's CPU time so far (user + system), in milliseconds, from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A line of /proc/<pid>/status in megabytes: VmRSS (now) or VmHWM (the peak). */
function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? NaN) / 1024;
}

/** A phone's own address, 10.x.y.z, as a proxy in front would pass it on. */
const phoneAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function runGame(origin: string, pid: number, token: string, templateId: string) {
  const auth = { authorization: `Bearer ${token}` };
  const published = await request(`${origin}/v1/templates/${templateId}/publish`, 'POST', {}, auth);
  const status = await request(String(published.body.gameStatusUrl), 'GET', undefined, auth);
  const code = String(status.body.code);
  const screen = new URL(String(status.body.scoreboardUrl));
  const gameId = screen.pathname.split('/')[2]!;
  const idleRss = memoryMb(pid, 'VmRSS');

  // The organiser's live screen: every row; counts the answers it shows.
  let shownAnswers = 0;
  let onShown: (() => void) | null = null;
  const liveScreen = await openStream(
    `${origin}/v1/games/${gameId}/events?key=${screen.searchParams.get('key')}`,
    {},
    (json) => {
      const board = JSON.parse(json) as { rows: { answered: number }[] };
      shownAnswers = board.rows.reduce((sum, row) => sum + row.answered, 0);
      onShown?.();
    },
  );

  // Everyone scans the code within the join window, then the phone opens its live stream.
  const joinSamples: number[] = [];
  const streamSamples: number[] = [];
  const refusals = new Map<string, number>();
  const refuse = (what: string) => refusals.set(what, (refusals.get(what) ?? 0) + 1);
  const streams: { close: () => void }[] = [];
  const cpuBeforeJoins = cpuMs(pid);
  const phones = await Promise.all(
    Array.from({ length: TEAMS }, async (_, i) => {
      const headers = { 'x-forwarded-for': phoneAddress(i) };
      await sleep(Math.random() * JOIN_WINDOW_S * 1000);
      const joinStarted = performance.now();
      const joined = await request(
        `${origin}/v1/play/${code}/teams`,
        'POST',
        { name: `Team ${i}` },
        headers,
      ).catch((error: Error): Reply => ({ status: 0, body: { errorMessage: error.message } }));
      if (joined.status !== 201) {
        refuse(`join ${joined.status}: ${String(joined.body.errorMessage)}`);
        return null;
      }
      joinSamples.push(performance.now() - joinStarted);
      const team = joined.body.team as { id: string };
      const streamStarted = performance.now();
      try {
        streams.push(await openStream(`${origin}/v1/play/${code}/events?team=${team.id}`, headers));
        streamSamples.push(performance.now() - streamStarted);
      } catch (error) {
        refuse(`stream: ${(error as Error).message}`);
      }
      return { headers: { ...headers, teamtoken: String(joined.body.token) } };
    }),
  );
  const joinCpu = cpuMs(pid) - cpuBeforeJoins;
  await sleep(2000); // the join phase's last scoreboard updates

  // Every team answers within the answer window.
  const answerSamples: number[] = [];
  let acknowledged = 0;
  // Whether this process (the 2,000 phones) kept up: its own event loop's delay while answering.
  const clientLag = monitorEventLoopDelay({ resolution: 10 });
  clientLag.enable();
  const cpuBeforeAnswers = cpuMs(pid);
  const answersStarted = performance.now();
  await Promise.all(
    phones.map(async (phone) => {
      if (!phone) return;
      await sleep(Math.random() * ANSWER_WINDOW_S * 1000);
      const started = performance.now();
      const answered = await request(
        `${origin}/v1/play/${code}/answers`,
        'POST',
        { stepId: question.id, clientId: randomUUID(), text: '4' },
        phone.headers,
      ).catch((error: Error): Reply => ({ status: 0, body: { errorMessage: error.message } }));
      if (answered.status !== 200) {
        refuse(`answer ${answered.status}: ${String(answered.body.errorMessage)}`);
        return;
      }
      answerSamples.push(performance.now() - started);
      acknowledged++;
    }),
  );
  const lastAcknowledgedAt = performance.now();
  clientLag.disable();
  // The live screen is complete once it shows every acknowledged answer.
  await new Promise<void>((resolve) => {
    const check = () => {
      if (shownAnswers >= acknowledged) resolve();
    };
    onShown = check;
    check();
    setTimeout(resolve, LIVE_SCREEN_DEADLINE_MS);
  });
  const completeAt = performance.now();
  const answerCpu = cpuMs(pid) - cpuBeforeAnswers;
  const peakRss = memoryMb(pid, 'VmHWM');
  for (const stream of streams) stream.close();
  liveScreen.close();

  const joined = joinSamples.length;
  reportLatency(`  join (${joined} of ${TEAMS} within ${JOIN_WINDOW_S} s)`, joinSamples);
  reportLatency(`  live stream open (${streamSamples.length} of ${joined})`, streamSamples);
  reportLatency(
    `  answer acknowledged (${acknowledged} within ${ANSWER_WINDOW_S} s)`,
    answerSamples,
  );
  const lost = Math.max(0, acknowledged - shownAnswers);
  console.log(
    `  live screen shows every answer              ${((completeAt - lastAcknowledgedAt) / 1000).toFixed(2)} s after the last acknowledgement, ${((completeAt - answersStarted) / 1000).toFixed(2)} s after the first answer`,
  );
  console.log(`  lost answers (acknowledged, never shown)   ${lost}`);
  console.log(
    `  server CPU                                  ${(joinCpu / Math.max(1, joined)).toFixed(2)} ms per join, ${(answerCpu / Math.max(1, acknowledged)).toFixed(2)} ms per answer (with its scoreboard updates)`,
  );
  console.log(
    `  server RSS                                  ${idleRss.toFixed(0)} MB idle before the game, ${peakRss.toFixed(0)} MB peak`,
  );
  console.log(
    `  the phones' own event loop delay (answers)   p50 ${(clientLag.percentile(50) / 1e6).toFixed(0)} ms, max ${(clientLag.max / 1e6).toFixed(0)} ms (the phones kept up if small)`,
  );
  if (refusals.size === 0) console.log('  refused                                     none');
  for (const [what, n] of refusals) console.log(`  refused: ${n} × ${what}`);
}

async function runOn(label: string, onPostgres: boolean) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamtrail-bench-games-'));
  const postgres = onPostgres ? await createFreshPostgresDatabase() : null;
  try {
    const { token, templateId } = await prepare(
      dataDir,
      postgres
        ? { kind: 'postgres', url: postgres.url }
        : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    );
    const server = await startApiServer({
      dataDir,
      compiled: true,
      // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
      nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean),
      env: {
        TRUST_PROXY: 'true',
        // The production limits: each phone has its own address here, as behind a proxy.
        RATE_LIMIT_PER_MINUTE: '1200',
        AI_CONCURRENCY: '1',
        ...(process.env.PGLITE_DURABILITY
          ? { PGLITE_DURABILITY: process.env.PGLITE_DURABILITY }
          : {}),
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      },
    });
    try {
      console.log(`\n${TEAMS} teams in one game, ${label}`);
      await runGame(server.origin, server.pid!, token, templateId);
    } finally {
      await server.stop();
    }
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// The server as production runs it (`npm start`): compiled, with source maps.
buildCompiledServer();
console.log(
  'Games load benchmark (the compiled server in its own process, loopback HTTP; targets: 0 joins refused, stream open p99 < 2 s, answer p99 < 500 ms, live screen < 2 s, 0 lost)',
);
// BENCH_DATABASE=pglite or =postgres runs one of the two (a profile of one, say).
const only = process.env.BENCH_DATABASE;
if (only !== 'postgres') await runOn('embedded database (PGlite)', false);
if (only === 'pglite') console.log('\nPostgreSQL: skipped (BENCH_DATABASE=pglite)');
else if (TEST_DATABASE_URL) await runOn('PostgreSQL', true);
else console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL to a PostgreSQL server to run it)');
proxyPool.destroy();
