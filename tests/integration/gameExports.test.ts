/**
 * The organiser's downloads (docs/games.md "Live screens"): the zip gives every team a
 * folder of its own and every file a name of its own, the CSV has every team that joined, and
 * the statistics count the photos and videos the zip holds.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { startTestServer, type TestServer } from './support/testServer';
import { json } from './support/clients';
import { multipartBody } from './support/multipart';
import { gameCalls } from './support/games';
import { games, submissions } from '../../server/db/schema';
import { mediaFiles, safeFileName } from '../../server/services/games/results';
import type { Statistics } from '../../src/domain/games';
import type { ActivityRow } from '../../src/domain/schemas';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const { request, launched, joined, answer, proUser } = gameCalls(() => server);

/** A small PNG of one colour, so each team's photos differ. */
async function png(colour: string): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  );
}

async function teamPhoto(code: string, token: string, colour: string) {
  const body = multipartBody([
    { field: 'photo', filename: 'us.png', contentType: 'image/png', bytes: await png(colour) },
  ]);
  const response = await request({
    method: 'POST',
    url: `/v1/play/${code}/team/photo`,
    headers: { teamtoken: token, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function taskPhoto(code: string, token: string, stepId: string, colour: string) {
  const body = multipartBody(
    [{ field: 'media', filename: 'x.png', contentType: 'image/png', bytes: await png(colour) }],
    { stepId, clientId: randomUUID() },
  );
  const response = await request({
    method: 'POST',
    url: `/v1/play/${code}/answers/media`,
    headers: { teamtoken: token, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ entry: { mediaUrl: string } }>(response).entry.mediaUrl;
}

/** A PRO launch (more than FREE's 3 teams) with its screen key. */
async function game() {
  const user = await proUser();
  const launch = await launched(user);
  const rows = json<ActivityRow[]>(
    await request({ method: 'GET', url: '/v1/my_games', headers: user.headers }),
  );
  const row = rows.find((r) => r.id === launch.template.id)!;
  return { ...launch, key: new URL(row.scoreboardUrl!).searchParams.get('key')! };
}

/**
 * The entries of a zip, read from its central directory (yazl writes sizes there, not in the
 * local headers); files are stored uncompressed, so the data is the bytes as they are.
 */
function zipEntries(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(-1);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    expect(zip.readUInt16LE(at + 10)).toBe(0); // stored
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, data: zip.subarray(start, start + size) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

async function downloadZip(gameId: string, key: string) {
  const response = await request({
    method: 'GET',
    url: `/v1/games/${gameId}/media.zip?key=${key}`,
  });
  expect(response.statusCode).toBe(200);
  return zipEntries(response.rawPayload);
}

async function uploaded(url: string): Promise<Buffer> {
  const response = await request({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe('the photos and videos zip: a folder per team, no file replaces another', () => {
  it('names that give the same folder ("Owls?", "Owls!", "OWLS.") are numbered in the order the teams joined, whatever the case', async () => {
    const { code, gameId, key, template } = await game();
    const photoStep = template.steps[2]!.id;
    const first = await joined(code, 'Owls?');
    const second = await joined(code, 'Owls!');
    const third = await joined(code, 'OWLS.');
    const colours = ['#FF0000', '#00FF00', '#0000FF'];
    const urls: Record<string, string> = {};
    for (const [i, team] of [first, second, third].entries()) {
      await teamPhoto(code, team.token, colours[i]!);
      urls[team.team.id] = await taskPhoto(code, team.token, photoStep, colours[i]!);
    }

    const entries = await downloadZip(gameId, key);
    expect(entries.map((e) => e.name)).toEqual([
      'Owls/team-photo.png',
      'Owls/03 Team photo.png',
      'Owls (2)/team-photo.png',
      'Owls (2)/03 Team photo.png',
      'OWLS (3)/team-photo.png',
      'OWLS (3)/03 Team photo.png',
    ]);
    // Each folder holds its own team's files, not another's written over them.
    const byName = new Map(entries.map((e) => [e.name, e.data]));
    expect(byName.get('Owls/03 Team photo.png')).toEqual(await uploaded(urls[first.team.id]!));
    expect(byName.get('Owls (2)/03 Team photo.png')).toEqual(await uploaded(urls[second.team.id]!));
    expect(byName.get('OWLS (3)/03 Team photo.png')).toEqual(await uploaded(urls[third.team.id]!));
    expect(byName.get('Owls/team-photo.png')).not.toEqual(byName.get('Owls (2)/team-photo.png'));

    // The same names on the next download: a folder depends only on the teams before it.
    expect((await downloadZip(gameId, key)).map((e) => e.name)).toEqual(entries.map((e) => e.name));
  });

  it('a team without files keeps its number: a later team’s folder does not change when it sends one', async () => {
    const { code, gameId, key, template } = await game();
    const quiet = await joined(code, 'Bees');
    const busy = await joined(code, 'bees!');
    await taskPhoto(code, busy.token, template.steps[2]!.id, '#123456');
    expect((await downloadZip(gameId, key)).map((e) => e.name)).toEqual([
      'bees (2)/03 Team photo.png',
    ]);
    await teamPhoto(code, quiet.token, '#654321');
    expect((await downloadZip(gameId, key)).map((e) => e.name)).toEqual([
      'Bees/team-photo.png',
      'bees (2)/03 Team photo.png',
    ]);
  });

  it('names with nothing a file name keeps ("!!!", "🦉") fall back to "untitled", numbered, without a 500', async () => {
    const { code, gameId, key } = await game();
    for (const [i, name] of ['!!!', '🦉', '???'].entries()) {
      const team = await joined(code, name);
      await teamPhoto(code, team.token, ['#111111', '#222222', '#333333'][i]!);
    }
    expect((await downloadZip(gameId, key)).map((e) => e.name)).toEqual([
      'untitled/team-photo.png',
      'untitled (2)/team-photo.png',
      'untitled (3)/team-photo.png',
    ]);
  });

  it('two files that would get the same name in a folder are numbered too', async () => {
    // Submissions for tasks the snapshot does not know are filed as task 1: two of them would
    // share "01 Capital.png".
    const { code, gameId, template } = await game();
    const team = await joined(code, 'Owls');
    const [gameRow] = await server.database.db.select().from(games).where(eq(games.id, gameId));
    for (const stepId of [randomUUID(), randomUUID()]) {
      await server.database.db.insert(submissions).values({
        id: randomUUID(),
        gameId,
        teamId: team.team.id,
        stepId,
        clientId: randomUUID(),
        kind: 'media',
        points: 0,
        mediaKey: `games/${gameId}/${randomUUID()}.png`,
        mediaType: 'image/png',
      });
    }
    const paths = (await mediaFiles(server.database.db, gameRow!)).map((f) => f.path);
    expect(paths).toEqual([
      `Owls/01 ${template.steps[0]!.name}.png`,
      `Owls/01 ${template.steps[0]!.name} (2).png`,
    ]);
  });

  it('a name cut to its length does not end in a space (Windows drops it)', () => {
    expect(safeFileName(`${'a'.repeat(59)} b`, 60, 'untitled')).toBe('a'.repeat(59));
    expect(safeFileName('?!', 60, 'untitled')).toBe('untitled');
  });

  it('a file name keeps every script and its dashes, drops what a file system refuses, and folds the spaces left', () => {
    expect(safeFileName('Łódź quiz — 東京', 80, 'Teamtrail')).toBe('Łódź quiz — 東京');
    expect(safeFileName('Q&A: "Team/Night" नमस्ते', 80, 'Teamtrail')).toBe('QA TeamNight नमस्ते');
  });
});

describe('the results CSV: every team that joined', () => {
  it('a team that has answered nothing has one row: its name and score, the task columns empty', async () => {
    const { code, gameId, key, template } = await game();
    const owls = await joined(code, 'Owls');
    await joined(code, 'Quiet ones');
    await answer(code, owls.token, { stepId: template.steps[0]!.id, text: 'Paris' });
    const response = await request({
      method: 'GET',
      url: `/v1/games/${gameId}/statistics.csv?key=${key}`,
    });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header!.startsWith('Team,Team score,Task number,Task,')).toBe(true);
    const columns = header!.split(',').length;
    expect(rows).toHaveLength(2);
    expect(rows[0]!.startsWith('Owls,10,1,Capital city,freeText,Paris,true,10,false')).toBe(true);
    // Same columns as the header, all but the team's name and score empty.
    expect(rows[1]).toBe(`Quiet ones,0${','.repeat(columns - 2)}`);
  });

  it('a game that no team joined has the header only', async () => {
    const { gameId, key } = await game();
    const response = await request({
      method: 'GET',
      url: `/v1/games/${gameId}/statistics.csv?key=${key}`,
    });
    expect(response.statusCode).toBe(200);
    expect(
      response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});

describe('statistics count what the zip holds', () => {
  it('"Photos and videos" (the tasks’ photos and videos, rejected ones too, and the team photos) equals the files in the zip', async () => {
    const { code, gameId, key, template } = await game();
    const photoStep = template.steps[2]!.id;
    const both = await joined(code, 'Both');
    const photoOnly = await joined(code, 'Team photo only');
    const rejected = await joined(code, 'Rejected');
    await joined(code, 'Nothing');
    await teamPhoto(code, both.token, '#AA0000');
    await taskPhoto(code, both.token, photoStep, '#AA0000');
    await teamPhoto(code, photoOnly.token, '#00AA00');
    await taskPhoto(code, rejected.token, photoStep, '#0000AA');

    const read = async () =>
      json<Statistics>(
        await request({ method: 'GET', url: `/v1/games/${gameId}/statistics?key=${key}` }),
      );
    const toJudge = (await read()).submissions.find((s) => s.teamId === rejected.team.id)!;
    const judged = await request({
      method: 'PATCH',
      url: `/v1/games/${gameId}/submissions/${toJudge.id}?key=${key}`,
      payload: { rejected: true },
    });
    expect(judged.statusCode, judged.body).toBe(200);

    // The figure as the statistics screen reckons it (StatisticsScreen.tsx).
    const stats = await read();
    const taskMedia = stats.submissions.filter((s) => s.mediaUrl !== null).length;
    const teamPhotos = stats.teams.filter((t) => t.team.photoUrl !== null).length;
    expect([taskMedia, teamPhotos]).toEqual([2, 2]);
    expect(await downloadZip(gameId, key)).toHaveLength(taskMedia + teamPhotos);
  });
});
