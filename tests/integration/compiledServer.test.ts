/**
 * Production runs the server compiled to JavaScript (scripts/build-server.mjs), with
 * no TypeScript loader. This builds it into a folder of its own, starts it as `npm start` does
 * (`node --enable-source-maps …/server.js`) on a new DATA_DIR with the embedded database, and
 * checks what the compiled build must find by path at run time: the migrations, the child
 * process that creates the database, the database's own worker thread, the lazily loaded chunks (Better Auth, sharp), the upload
 * checks and the password strength estimator in their worker threads, and the built web app.
 * Any TypeScript file or tsx loaded meanwhile fails the test (support/refuseTypeScript.mjs).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../e2e/support/freePort';
import { DATA_DIR_LOCK_FILE } from '../../server/db/dataDirLock';
import { filePart } from './support/multipart';
import { CLEAN_SVG, makePng, utf8 } from '../unit/uploads/fixtures';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REFUSE_TYPESCRIPT = new URL('./support/refuseTypeScript.mjs', import.meta.url).href;
/** Creating the database (initdb) takes seconds, more on a busy machine. */
const START_TIMEOUT_MS = 90_000;
/** The server's shutdown grace is 10 s. */
const STOP_TIMEOUT_MS = 15_000;

/** A built web app of three marked pages, so the test needs no `vite build`. */
function webApp(dir: string): string {
  for (const page of ['index', 'play', 'live']) {
    writeFileSync(
      path.join(dir, `${page}.html`),
      `<!doctype html><title>${page}</title><p>the ${page} page</p>`,
    );
  }
  return dir;
}

describe('the compiled server, started as npm start starts it', () => {
  // Inside the project, where the bundle finds node_modules; never dist-server/, which a
  // developer's server may be running from.
  const outDir = path.join(REPO_ROOT, 'test-results', `compiled-server-${randomUUID()}`);
  const scratch = mkdtempSync(path.join(tmpdir(), 'teamtrail-compiled-'));
  const dataDir = path.join(scratch, 'data');
  let origin = '';
  let server: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;

  beforeAll(async () => {
    await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', '--outdir', outDir], {
      cwd: REPO_ROOT,
    });
    const staticDir = path.join(scratch, 'dist');
    mkdirSync(staticDir);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--enable-source-maps', path.join(outDir, 'server.js')], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_OPTIONS: `--import=${REFUSE_TYPESCRIPT}`,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        STATIC_DIR: webApp(staticDir),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8_000);
    };
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));

    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline && server.exitCode === null) {
      const response = await fetch(`${origin}/v1/health`).catch(() => null);
      if (response?.ok) return;
      // Only the pause between two asks: a process quiet at LOG_LEVEL warn says nothing on start.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`The compiled server did not start:\n${output}`);
  }, START_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    if (server?.exitCode === null) server.kill('SIGKILL');
    rmSync(outDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  it('answers /v1/health from the embedded database it created on first start', async () => {
    const response = await fetch(`${origin}/v1/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, database: 'pglite' });
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
  });

  it('serves the web app: the organiser app at /, its screens, the phone player', async () => {
    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await home.text()).toContain('the index page');
    expect(await (await fetch(`${origin}/builder/some-template`)).text()).toContain(
      'the index page',
    );
    expect(await (await fetch(`${origin}/play/ABC123`)).text()).toContain('the play page');
  });

  it('signs an organiser up and in (Better Auth and the password worker, loaded on first use)', async () => {
    const email = `compiled-${randomUUID().slice(0, 8)}@example.com`;
    const signUp = await fetch(`${origin}/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery staple', name: 'Olive' }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    const { token } = (await signUp.json()) as { token: string };
    const me = await fetch(`${origin}/v1/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email });
    // Better Auth's refusal is still told apart from other errors once loaded lazily.
    const wrong = await fetch(`${origin}/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'not the password at all' }),
    });
    expect(wrong.status).toBe(401);
  }, 30_000);

  it('checks uploads: SVGs in the check worker, photos with sharp (loaded on first use)', async () => {
    const headers = { anonid: randomUUID() };
    const created = await fetch(`${origin}/v1/templates`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Compiled' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const upload = (name: string, type: string, bytes: Uint8Array) => {
      const body = filePart('media', name, type, bytes);
      return fetch(`${origin}/v1/templates/${id}/steps/${randomUUID()}/media`, {
        method: 'POST',
        headers: { ...headers, ...body.headers },
        body: new Uint8Array(body.payload),
      });
    };

    expect((await upload('clean.svg', 'image/svg+xml', utf8(CLEAN_SVG))).status).toBe(201);
    const unsafe = await upload(
      'unsafe.svg',
      'image/svg+xml',
      utf8('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    expect(unsafe.status).toBe(400);
    expect(await unsafe.json()).toEqual({
      errorMessage: "This SVG contains a script, which isn't allowed.",
    });
    const photo = await upload('photo.png', 'image/png', await makePng(64, 48));
    expect(photo.status, await photo.clone().text()).toBe(201);
  }, 30_000);

  it(
    'loaded no TypeScript, and stops cleanly on SIGTERM',
    async () => {
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
      const code = await exited;
      clearTimeout(timer);
      expect(output).not.toContain('TypeScript at run time');
      expect(code).toBe(0);
      expect(existsSync(path.join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
    },
    STOP_TIMEOUT_MS + 5_000,
  );
});
