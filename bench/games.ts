/**
 * Games load benchmark (issue 5): the real server in its own process on the embedded database,
 * driven over HTTP by N teams in one game, for 100, 500 and 2,000 teams:
 *
 * - a live event: every team joins within JOIN_WINDOW_S (everyone scans the QR code at the start)
 *   and then answers like teams do, one task every THINK_MIN_S–THINK_MAX_S seconds. Prints
 *   joins/s, answers/s, p50/p99 latency (target: p99 under 200 ms for 2,000 teams on this 2-core
 *   machine) and the delay until the live scoreboard (server-sent events) shows each answer;
 * - capacity: then the remaining answers are sent by 100 clients back to back (answers/s at
 *   saturation; latency there is mostly queueing).
 *
 * Figures, never assertions.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedDatabase } from '../server/seed/run';
import { setUserPlan } from '../server/services/users';
import { startApiServer } from '../e2e/support/apiServer';
import type { Scoreboard } from '../src/domain/games';
import type { Step } from '../src/domain/schemas';
import { reportLatency } from './support';

const TEAM_COUNTS = [100, 500, 2000];
/** Each team answers this many tasks at human pace, then CAPACITY_ANSWERS as fast as it can. */
const PACED_ANSWERS = 3;
const CAPACITY_ANSWERS = 3;
const ANSWERS_PER_TEAM = PACED_ANSWERS + CAPACITY_ANSWERS;
const JOIN_WINDOW_S = 20;
/** Concurrent clients of the capacity run. */
const CAPACITY_CLIENTS = 100;
/**
 * Time a team takes over one task: reading it out, agreeing as a team, typing. A quick
 * multiple-choice question takes a team well over ten seconds; a photo challenge, minutes. So
 * 10–30 s is a busy game: 2,000 teams send about 100 answers a second.
 */
const THINK_MIN_S = 10;
const THINK_MAX_S = 30;
const POINTS = 10;

const steps: Step[] = Array.from({ length: ANSWERS_PER_TEAM }, (_, i) => ({
  id: randomUUID(),
  name: `Question ${i + 1}`,
  type: 'freeText',
  text: `What is ${i} + ${i}?`,
  answers: [{ id: randomUUID(), value: String(i + i), correct: true }],
  media: null,
  points: POINTS,
  locked: false,
}));

/** Sign-up, the PRO plan (no teams limit) and the template, before the server process starts. */
async function prepare(dataDir: string): Promise<{ token: string; templateId: string }> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await seedDatabase(database.db);
  const app = await buildApp({ config, database, logger: false });
  const signUp = await app.inject({
    method: 'POST',
    url: '/v1/auth/sign-up',
    payload: {
      email: 'bench@example.com',
      password: 'correct horse battery staple',
      name: 'Bench',
    },
  });
  const { token, user } = signUp.json() as { token: string; user: { id: string } };
  await setUserPlan(database.db, user.id, 'PRO');
  const template = await app.inject({
    method: 'POST',
    url: '/v1/templates',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'Load test', steps, duration: 30 },
  });
  const { id: templateId } = template.json() as { id: string };
  await app.close();
  await database.close();
  return { token, templateId };
}

async function timed<T>(samples: number[], run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  samples.push(performance.now() - started);
  return result;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);

/**
 * Follows the game's scoreboard stream and measures, for every acknowledged answer, how long
 * until a scoreboard shows it (its total reaches the points acknowledged by then).
 */
function watchScoreboard(url: string) {
  const controller = new AbortController();
  const pending: { total: number; at: number }[] = [];
  const delays: number[] = [];
  let acknowledged = 0;
  void (async () => {
    const response = await fetch(url, { signal: controller.signal });
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (!block.includes('event: scoreboard') || !data) continue;
        const board = JSON.parse(data.slice(6)) as Scoreboard;
        const shown = board.rows.reduce((sum, row) => sum + row.score, 0);
        const now = performance.now();
        while (pending[0] && pending[0].total <= shown) delays.push(now - pending.shift()!.at);
      }
    }
  })().catch(() => undefined);
  return {
    acknowledged(points: number) {
      acknowledged += points;
      pending.push({ total: acknowledged, at: performance.now() });
    },
    delays,
    close: () => controller.abort(),
  };
}

async function runRound(
  origin: string,
  auth: Record<string, string>,
  templateId: string,
  teams: number,
) {
  const { gameStatusUrl } = (await post(
    `${origin}/v1/templates/${templateId}/publish`,
    {},
    auth,
  )) as {
    gameStatusUrl: string;
  };
  const status = (await (await fetch(gameStatusUrl, { headers: auth })).json()) as {
    code: string;
    scoreboardUrl: string;
  };
  const code = status.code;
  // The organiser's live screen gets every row (phones get the top 20 and their own).
  const screen = new URL(status.scoreboardUrl);
  const gameId = screen.pathname.split('/')[2]!;
  const screenEvents = `${origin}/v1/games/${gameId}/events?key=${screen.searchParams.get('key')}`;
  const answerOnce = (token: string, index: number) =>
    post(
      `${origin}/v1/play/${code}/answers`,
      { stepId: steps[index]!.id, clientId: randomUUID(), text: String(index + index) },
      { teamtoken: token },
    );

  // Everyone scans the code within the join window.
  const joinSamples: number[] = [];
  const joinStarted = performance.now();
  const tokens = await Promise.all(
    Array.from({ length: teams }, async (_, i) => {
      await sleep(between(0, JOIN_WINDOW_S * 1000));
      const joined = await timed(joinSamples, () =>
        post(`${origin}/v1/play/${code}/teams`, { name: `Team ${i}` }),
      );
      return joined.token as string;
    }),
  );
  const joinSeconds = (performance.now() - joinStarted) / 1000;

  // A live event: each team answers, thinks, answers again.
  const watcher = watchScoreboard(screenEvents);
  await sleep(200);
  const pacedSamples: number[] = [];
  const pacedStarted = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      for (let i = 0; i < PACED_ANSWERS; i++) {
        await sleep(between(THINK_MIN_S, THINK_MAX_S) * 1000);
        await timed(pacedSamples, () => answerOnce(token, i));
        watcher.acknowledged(POINTS);
      }
    }),
  );
  const pacedSeconds = (performance.now() - pacedStarted) / 1000;
  await sleep(1000); // the last scoreboard update
  watcher.close();

  // Capacity: the remaining answers sent by CAPACITY_CLIENTS clients back to back, as fast as the
  // server takes them (answers/s at saturation).
  const queue = tokens.flatMap((token) =>
    Array.from({ length: CAPACITY_ANSWERS }, (_, k) => ({ token, index: PACED_ANSWERS + k })),
  );
  const burstSamples: number[] = [];
  const burstStarted = performance.now();
  await Promise.all(
    Array.from({ length: CAPACITY_CLIENTS }, async () => {
      for (let next = queue.pop(); next; next = queue.pop()) {
        const { token, index } = next;
        await timed(burstSamples, () => answerOnce(token, index));
      }
    }),
  );
  const burstSeconds = (performance.now() - burstStarted) / 1000;

  console.log(`\n${teams} teams in one game`);
  reportLatency(
    `  join (${(teams / joinSeconds).toFixed(0)} joins/s over ${JOIN_WINDOW_S} s)`,
    joinSamples,
  );
  reportLatency(
    `  answer at human pace (${(pacedSamples.length / pacedSeconds).toFixed(0)} answers/s; target p99 < 200 ms)`,
    pacedSamples,
  );
  reportLatency('  answer → shown on the live scoreboard', watcher.delays);
  reportLatency(
    `  capacity: ${CAPACITY_CLIENTS} clients back to back (${(burstSamples.length / burstSeconds).toFixed(0)} answers/s)`,
    burstSamples,
  );
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamtrail-bench-games-'));
  try {
    const { token, templateId } = await prepare(dataDir);
    const server = await startApiServer({
      dataDir,
      env: { PLAY_RATE_LIMIT_PER_MINUTE: '1000000', AI_CONCURRENCY: '1' },
    });
    try {
      console.log(
        'Games load benchmark (server in its own process, embedded database, loopback HTTP)',
      );
      for (const teams of TEAM_COUNTS) {
        await runRound(server.origin, { authorization: `Bearer ${token}` }, templateId, teams);
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
