/**
 * Removing uploaded files that nothing uses (replaced and deleted files used to stay on disk
 * for ever; server/services/uploads/cleanup.ts, docs/operations.md "Unused uploaded files").
 * Files are uploaded through the real API and put into templates, games and teams as clients
 * do; time is moved by the `now` given to the cleanup, never by waiting. Each test names the
 * rule it checks. Runs on PGlite and, when TEST_DATABASE_URL is set (CI), on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startTestServer, type TestServer } from './support/testServer';
import { createTemplate, guest, json, signUp, type Caller } from './support/clients';
import { quizSteps } from '../fixtures/quiz';
import { gameCalls } from './support/games';
import { multipartBody } from './support/multipart';
import { TEST_DATABASE_URL } from './support/postgres';
import { makePng } from '../unit/uploads/fixtures';
import { aiContentRequests, templates, uploads } from '../../server/db/schema';
import { loadConfig } from '../../server/config';
import {
  cleanUpUploads,
  createUploadCleanupJob,
  type UploadCleanupResult,
} from '../../server/services/uploads/cleanup';
import type { FileStorage } from '../../server/services/uploads/storage';
import type { Asset, Step, Template } from '../../src/domain/schemas';

const DAY_MS = 24 * 60 * 60_000;
const GRACE_DAYS = 14;
/** A moment `days` from the real now: the cleanup's clock, moved forward instead of waited for. */
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);
const keyOf = (asset: { url: string }) => asset.url.replace(/^\/uploads\//, '');

describe.each([
  { database: 'PGlite', postgres: false },
  { database: 'PostgreSQL', postgres: true },
])('unused uploaded files on $database', ({ postgres }) => {
  describe.skipIf(postgres && !TEST_DATABASE_URL)('(needs TEST_DATABASE_URL on PostgreSQL)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ postgres });
    });
    afterAll(async () => {
      await server?.close();
    });

    const games = gameCalls(() => server);

    /** The cleanup as the server's job runs it, at `now`, with the default grace period. */
    const cleanUp = (now: Date, options: { batchSize?: number; maxBatches?: number } = {}) =>
      cleanUpUploads(server.app, now, { graceDays: GRACE_DAYS, ...options });

    /**
     * Removes what earlier tests left unused, far enough ahead that every such file is past
     * its grace period, so that a test's counts are its own. Files uploaded afterwards (at the
     * real now) are untouched by it.
     */
    const removeLeftovers = () => cleanUp(inDays(10 * GRACE_DAYS));

    const fileExists = async (key: string) => (await server.app.storage.head(key)) !== null;
    const rowExists = async (key: string) =>
      (await server.database.db.select().from(uploads).where(eq(uploads.key, key))).length === 1;

    /** The rule "the row and the file go together": both there, or both gone. */
    async function expectKept(...keys: string[]) {
      for (const key of keys) {
        expect({ key, file: await fileExists(key), row: await rowExists(key) }).toEqual({
          key,
          file: true,
          row: true,
        });
      }
    }
    async function expectRemoved(...keys: string[]) {
      for (const key of keys) {
        expect({ key, file: await fileExists(key), row: await rowExists(key) }).toEqual({
          key,
          file: false,
          row: false,
        });
      }
    }

    async function uploadMedia(caller: Caller, templateId: string, stepId: string) {
      const body = multipartBody([
        {
          field: 'media',
          filename: 'picture.png',
          contentType: 'image/png',
          bytes: await makePng(40, 30, { r: 20, g: 120, b: 200, alpha: 1 }),
        },
      ]);
      const response = await server.request({
        method: 'POST',
        url: `/v1/templates/${templateId}/steps/${stepId}/media`,
        headers: { ...caller.headers, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return json<Asset>(response);
    }

    async function uploadLogo(caller: Caller, templateId: string) {
      const body = multipartBody([
        {
          field: 'logo',
          filename: 'logo.png',
          contentType: 'image/png',
          bytes: await makePng(200, 50, { r: 255, g: 104, b: 0, alpha: 1 }),
        },
      ]);
      const response = await server.request({
        method: 'POST',
        url: `/v1/templates/${templateId}/branding/logo`,
        headers: { ...caller.headers, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return json<Asset>(response);
    }

    async function patchTemplate(caller: Caller, id: string, payload: Record<string, unknown>) {
      const response = await server.request({
        method: 'PATCH',
        url: `/v1/templates/${id}`,
        headers: caller.headers,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return json<Template>(response);
    }

    /** What the builder syncs after an upload: the asset put into the task (or a new text). */
    const withStep = (template: Template, index: number, change: Partial<Step>) =>
      template.steps.map((step, i) => (i === index ? { ...step, ...change } : step));

    const setMedia = (caller: Caller, template: Template, index: number, media: Asset | null) =>
      patchTemplate(caller, template.id, { steps: withStep(template, index, { media }) });

    async function copyOf(caller: Caller, template: Template) {
      const response = await server.request({
        method: 'POST',
        url: `/v1/templates/${template.id}/copy`,
        headers: caller.headers,
        payload: {},
      });
      expect(response.statusCode, response.body).toBe(201);
      return json<Template>(response);
    }

    async function deleteTemplate(caller: Caller, id: string) {
      const response = await server.request({
        method: 'DELETE',
        url: `/v1/templates/${id}`,
        headers: caller.headers,
      });
      expect(response.statusCode, response.body).toBe(204);
    }

    /** Moves an upload a month into the past: for tests where something else must be recent. */
    async function uploadedLongAgo(key: string) {
      await server.database.db
        .update(uploads)
        .set({ createdAt: new Date(Date.now() - 30 * DAY_MS) })
        .where(eq(uploads.key, key));
    }

    /** Moves the last change of a template a month into the past. */
    async function changedLongAgo(templateId: string) {
      await server.database.db
        .update(templates)
        .set({ updatedAt: new Date(Date.now() - 30 * DAY_MS) })
        .where(eq(templates.id, templateId));
    }

    /** A guest's template with one task, and a file uploaded for that task and put into it. */
    async function templateWithMedia() {
      const me = guest();
      const created = await createTemplate(server, me, {
        name: 'Cleanup quiz',
        steps: quizSteps(),
      });
      const asset = await uploadMedia(me, created.id, created.steps[0]!.id);
      const template = await setMedia(me, created, 0, asset);
      return { me, template, asset, key: keyOf(asset) };
    }

    it('rule: a replaced task file is removed once the grace period has passed, file and row together', async () => {
      await removeLeftovers();
      const { me, template, key: old } = await templateWithMedia();
      const replacement = await uploadMedia(me, template.id, template.steps[0]!.id);
      await setMedia(me, template, 0, replacement);
      const [row] = await server.database.db.select().from(uploads).where(eq(uploads.key, old));

      expect(await cleanUp(inDays(GRACE_DAYS - 1))).toEqual({ filesRemoved: 0, bytesFreed: 0 });
      await expectKept(old);

      expect(await cleanUp(inDays(GRACE_DAYS + 1))).toEqual({
        filesRemoved: 1,
        bytesFreed: row!.bytes,
      });
      await expectRemoved(old);
      expect((await server.request({ url: `/uploads/${old}` })).statusCode).toBe(404);
      // The file that replaced it is the task's now: kept.
      await expectKept(keyOf(replacement));
    });

    it('rule: files a template uses (task media, logo, a URL in a task text) are kept', async () => {
      const { me, template, key: media } = await templateWithMedia();
      const logo = await uploadLogo(me, template.id);
      const mentioned = await uploadMedia(me, template.id, template.steps[1]!.id);
      await patchTemplate(me, template.id, {
        branding: { logo: { ...logo, brandingId: template.branding.id, default: false } },
        steps: withStep(template, 1, { text: `Look at ${mentioned.url}.` }),
      });

      await cleanUp(inDays(GRACE_DAYS + 1));
      await expectKept(media, keyOf(logo), keyOf(mentioned));
    });

    it('rule: a file a copy of the template uses is kept after the original replaced it', async () => {
      const { me, template, key } = await templateWithMedia();
      const copy = await copyOf(me, template);
      expect(copy.steps[0]!.media?.url).toBe(`/uploads/${key}`);
      await setMedia(me, template, 0, null);

      await cleanUp(inDays(GRACE_DAYS + 1));
      await expectKept(key);
    });

    it("rule: a deleted template's files are kept for the grace period after the deletion, then removed", async () => {
      const { me, template, key } = await templateWithMedia();
      await uploadedLongAgo(key);
      await deleteTemplate(me, template.id); // the deletion is what is recent

      await cleanUp(inDays(GRACE_DAYS - 1));
      await expectKept(key);

      await cleanUp(inDays(GRACE_DAYS + 1));
      await expectRemoved(key);
    });

    it('rule: a deleted copy still counts as a reference within the grace period after its deletion', async () => {
      const { me, template, key } = await templateWithMedia();
      const copy = await copyOf(me, template);
      await setMedia(me, template, 0, null); // the original no longer uses it
      await deleteTemplate(me, copy.id); // and the copy that does is deleted
      await uploadedLongAgo(key);
      await changedLongAgo(template.id); // only the copy's deletion is recent

      await cleanUp(inDays(GRACE_DAYS - 1));
      await expectKept(key);

      await cleanUp(inDays(GRACE_DAYS + 1));
      await expectRemoved(key);
    });

    it("rule: a game's snapshot keeps the template's files after the template replaced them", async () => {
      const organiser = await signUp(server);
      const created = await games.validTemplate(organiser);
      const asset = await uploadMedia(organiser, created.id, created.steps[0]!.id);
      const template = await setMedia(organiser, created, 0, asset);
      await games.launched(organiser, 'publish', template);
      const replacement = await uploadMedia(organiser, template.id, template.steps[0]!.id);
      await setMedia(organiser, template, 0, replacement);

      await cleanUp(inDays(GRACE_DAYS + 1));
      await expectKept(keyOf(asset), keyOf(replacement));
    });

    it("rule: a team's photo and its photo answers are kept; a replaced photo and a removed team's files go", async () => {
      const organiser = await signUp(server);
      const game = await games.launched(organiser);
      const team = await games.joined(game.code, 'Owls');
      const photoStep = game.template.steps.find((step) => step.type === 'photoChallenge')!;

      const teamPhoto = async () => {
        const body = multipartBody([
          {
            field: 'photo',
            filename: 'us.png',
            contentType: 'image/png',
            bytes: await makePng(32, 32, { r: 1, g: 2, b: 3, alpha: 1 }),
          },
        ]);
        const response = await server.request({
          method: 'POST',
          url: `/v1/play/${game.code}/team/photo`,
          headers: { teamtoken: team.token, ...body.headers },
          payload: body.payload,
        });
        expect(response.statusCode, response.body).toBe(200);
        return keyOf({ url: json<{ photoUrl: string }>(response).photoUrl });
      };
      const firstPhoto = await teamPhoto();
      const photo = await teamPhoto(); // replaces the first
      const body = multipartBody(
        [
          {
            field: 'media',
            filename: 'selfie.png',
            contentType: 'image/png',
            bytes: await makePng(32, 32, { r: 9, g: 9, b: 9, alpha: 1 }),
          },
        ],
        { stepId: photoStep.id, clientId: randomUUID() },
      );
      const answered = await server.request({
        method: 'POST',
        url: `/v1/play/${game.code}/answers/media`,
        headers: { teamtoken: team.token, ...body.headers },
        payload: body.payload,
      });
      expect(answered.statusCode, answered.body).toBe(200);
      const answer = keyOf({ url: json<{ entry: { mediaUrl: string } }>(answered).entry.mediaUrl });

      await cleanUp(inDays(GRACE_DAYS + 1));
      await expectKept(photo, answer);
      await expectRemoved(firstPhoto);

      const removed = await server.request({
        method: 'DELETE',
        url: `/v1/games/${game.gameId}/teams/${team.team.id}`,
        headers: organiser.headers,
      });
      expect(removed.statusCode, removed.body).toBe(204);
      await cleanUp(inDays(GRACE_DAYS + 1));
      await expectRemoved(photo, answer);
    });

    it('rule: an AI result waiting for its organiser keeps the files it holds', async () => {
      const { me, template, key } = await templateWithMedia();
      await server.database.db.insert(aiContentRequests).values({
        id: randomUUID(),
        ownerAnonId: me.anonId,
        mode: 'existing',
        templateId: template.id,
        input: { topics: 'Anything', stepsCount: 4 },
        status: 'completed',
        result: template,
      });
      await setMedia(me, template, 0, null);

      await cleanUp(inDays(GRACE_DAYS + 1));
      await expectKept(key);
    });

    it('rule: a fresh file nothing uses yet is kept for the grace period after its upload', async () => {
      const me = guest();
      const template = await createTemplate(server, me, { name: 'Offline edits' });
      await changedLongAgo(template.id); // only the upload is recent
      const pending = await uploadMedia(me, template.id, randomUUID());

      await cleanUp(inDays(GRACE_DAYS - 1));
      await expectKept(keyOf(pending));

      await cleanUp(inDays(GRACE_DAYS + 1));
      await expectRemoved(keyOf(pending));
    });

    it('rule: a replaced file is kept for the grace period after its template last changed', async () => {
      const { me, template, key } = await templateWithMedia();
      await uploadedLongAgo(key);
      await setMedia(me, template, 0, null); // replaced now, uploaded a month ago

      await cleanUp(inDays(GRACE_DAYS - 1));
      await expectKept(key);
      await cleanUp(inDays(GRACE_DAYS + 1));
      await expectRemoved(key);
    });

    it('rule: running twice is harmless: the second run finds nothing and keeps what is used', async () => {
      await removeLeftovers();
      const { me, template, key: used } = await templateWithMedia();
      const unused = keyOf(await uploadMedia(me, template.id, template.steps[1]!.id));

      const first = await cleanUp(inDays(GRACE_DAYS + 1));
      expect(first.filesRemoved).toBe(1);
      expect(await cleanUp(inDays(GRACE_DAYS + 1))).toEqual({ filesRemoved: 0, bytesFreed: 0 });
      await expectKept(used);
      await expectRemoved(unused);
    });

    it('rule: runs at once (several instances) remove each file once and count it once', async () => {
      await removeLeftovers();
      const me = guest();
      const template = await createTemplate(server, me, { name: 'Many files' });
      const keys: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        keys.push(keyOf(await uploadMedia(me, template.id, randomUUID())));
      }

      const results = await Promise.all([
        cleanUp(inDays(GRACE_DAYS + 1)),
        cleanUp(inDays(GRACE_DAYS + 1)),
      ]);
      expect(results.reduce((sum, r) => sum + r.filesRemoved, 0)).toBe(4);
      await expectRemoved(...keys);
    });

    it('rule: work is done in bounded batches; what a run leaves, the next one finishes', async () => {
      await removeLeftovers();
      const me = guest();
      const template = await createTemplate(server, me, { name: 'Batches' });
      const keys: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        keys.push(keyOf(await uploadMedia(me, template.id, randomUUID())));
      }

      const first = await cleanUp(inDays(GRACE_DAYS + 1), { batchSize: 2, maxBatches: 2 });
      expect(first.filesRemoved).toBe(4);
      const second = await cleanUp(inDays(GRACE_DAYS + 1), { batchSize: 2, maxBatches: 2 });
      expect(second.filesRemoved).toBe(1);
      await expectRemoved(...keys);
    });

    it('rule: a row whose file is already gone (a crash between the two) is finished by the next run', async () => {
      await removeLeftovers();
      const me = guest();
      const template = await createTemplate(server, me, { name: 'Crash' });
      const key = keyOf(await uploadMedia(me, template.id, randomUUID()));
      await server.app.storage.delete(key); // the crash came after the file, before the row

      expect((await cleanUp(inDays(GRACE_DAYS + 1))).filesRemoved).toBe(1);
      await expectRemoved(key);
    });

    it('rule: a file storage fails to remove keeps its row, so a later run tries again', async () => {
      await removeLeftovers();
      const me = guest();
      const template = await createTemplate(server, me, { name: 'Storage down' });
      const stuck = keyOf(await uploadMedia(me, template.id, randomUUID()));
      const fine = keyOf(await uploadMedia(me, template.id, randomUUID()));
      const failing: FileStorage = {
        ...server.app.storage,
        delete: async (key) => {
          if (key === stuck) throw new Error('storage is unavailable');
          return server.app.storage.delete(key);
        },
      };
      const warnings: unknown[] = [];
      const deps = {
        db: server.app.db,
        dbKind: server.app.dbKind,
        storage: failing,
        log: { warn: (entry: unknown) => warnings.push(entry) },
      };

      const first = await cleanUpUploads(deps, inDays(GRACE_DAYS + 1), { graceDays: GRACE_DAYS });
      expect(first.filesRemoved).toBe(1);
      expect(warnings).toHaveLength(1);
      await expectKept(stuck);
      await expectRemoved(fine);

      expect((await cleanUp(inDays(GRACE_DAYS + 1))).filesRemoved).toBe(1);
      await expectRemoved(stuck);
    });

    it('rule: with a grace period of 0 (tests), an unused file goes at once and a used one stays', async () => {
      const { me, template, key: used } = await templateWithMedia();
      const unused = keyOf(await uploadMedia(me, template.id, template.steps[1]!.id));
      await cleanUpUploads(server.app, inDays(0.001), { graceDays: 0 });
      await expectKept(used);
      await expectRemoved(unused);
      const rows = await server.database.db
        .select()
        .from(uploads)
        .where(inArray(uploads.key, [used, unused]));
      expect(rows.map((row) => row.key)).toEqual([used]);
    });
  });
});

describe('the periodic job', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const freed: UploadCleanupResult = { filesRemoved: 2, bytesFreed: 300 };

  function jobWith(run: () => Promise<UploadCleanupResult>) {
    const log = { info: vi.fn(), error: vi.fn() };
    const calls: Date[] = [];
    const job = createUploadCleanupJob({
      log,
      intervalMs: 60 * 60_000,
      startDelayMs: 60_000,
      run: (now) => {
        calls.push(now);
        return run();
      },
    });
    return { job, log, calls };
  }

  it('rule: it runs after a short delay at start, then once every interval', async () => {
    vi.useFakeTimers();
    const { job, calls } = jobWith(async () => ({ filesRemoved: 0, bytesFreed: 0 }));
    job.start();
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(calls).toHaveLength(2);
    await job.stop();
  });

  it('rule: after stop() nothing runs any more, and stop() waits for a run under way', async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    let finished = false;
    const { job, calls } = jobWith(
      () =>
        new Promise((resolve) => {
          finish = () => {
            finished = true;
            resolve({ filesRemoved: 0, bytesFreed: 0 });
          };
        }),
    );
    job.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    const stopping = job.stop();
    finish();
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * 60 * 60_000);
    expect(calls).toHaveLength(1);
    expect(await job.runNow()).toBeNull();
  });

  it('rule: a failed run is logged, never thrown, and the next run still comes', async () => {
    vi.useFakeTimers();
    let fail = true;
    const { job, log, calls } = jobWith(async () => {
      if (fail) throw new Error('database unavailable');
      return freed;
    });
    job.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(log.error).toHaveBeenCalledTimes(1);
    fail = false;
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(calls).toHaveLength(2);
    await job.stop();
  });

  it('rule: a run that freed something logs one line with its counts; one that freed nothing stays quiet', async () => {
    let result: UploadCleanupResult = { filesRemoved: 0, bytesFreed: 0 };
    const { job, log } = jobWith(async () => result);
    await job.runNow();
    expect(log.info).not.toHaveBeenCalled();
    result = freed;
    await job.runNow();
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info.mock.calls[0]![0]).toMatchObject(freed);
    await job.stop();
  });

  it('rule: UPLOAD_CLEANUP_INTERVAL_MINUTES (60) and UPLOAD_CLEANUP_GRACE_DAYS (14, 0 allowed) are read', () => {
    const base = { DATA_DIR: '/tmp/teamtrail-config-test', AUTH_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).uploadCleanup).toEqual({ intervalMinutes: 60, graceDays: 14 });
    expect(
      loadConfig({
        ...base,
        UPLOAD_CLEANUP_INTERVAL_MINUTES: '5',
        UPLOAD_CLEANUP_GRACE_DAYS: '0',
      }).uploadCleanup,
    ).toEqual({ intervalMinutes: 5, graceDays: 0 });
    expect(() => loadConfig({ ...base, UPLOAD_CLEANUP_GRACE_DAYS: '-1' })).toThrow(
      /UPLOAD_CLEANUP_GRACE_DAYS/,
    );
    expect(() => loadConfig({ ...base, UPLOAD_CLEANUP_INTERVAL_MINUTES: '0' })).toThrow(
      /UPLOAD_CLEANUP_INTERVAL_MINUTES/,
    );
  });
});
