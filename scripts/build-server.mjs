/**
 * `npm run build:server`: compiles the server to plain JavaScript in dist-server/, so production
 * runs it with `node` alone, without a TypeScript loader (ARCHITECTURE.md; docs/operations.md
 * "The compiled server" has what that saves).
 *
 * One bundle per program (server.js, admin.js) plus what they load by URL at run time, all in one
 * flat folder so that every `new URL('./…', import.meta.url)` of the sources finds its file next
 * to the bundle just as it does next to the source file:
 * - checks.js: the upload checks, which checkPool.ts hands to its worker threads;
 * - pgliteInitdbProcess.js: the child process that creates a new embedded database;
 * - pgliteThreadHost.js: the embedded database's side of its worker thread (db/pgliteThread.ts);
 * - checkWorker.mjs, passwordStrengthWorker.mjs, pgliteThreadWorker.mjs: the worker threads'
 *   entries;
 * - migrations/: the SQL migrations that db/client.ts applies at start;
 * - chunks of code the programs share or load lazily (esbuild's names, in the same folder).
 * Packages stay in node_modules (imported by name, not copied in): the bundle holds the project's
 * own code only.
 *
 * Plain JavaScript, so that it runs with `node` before anything is compiled.
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = (relative) => fileURLToPath(new URL(`../${relative}`, import.meta.url));
// `--outdir <folder>`: a build elsewhere (tests build their own, not under a running server). It
// must be inside the project, where Node finds node_modules from the bundle.
const { values: options } = parseArgs({ options: { outdir: { type: 'string' } } });
const OUT_DIR = options.outdir ? path.resolve(options.outdir) : root('dist-server');

/** What both builds share: ESM for the Node version the project supports. */
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  // Stack traces point at the TypeScript (`node --enable-source-maps`). The maps leave out the
  // sources' text, which sits beside them in server/: a third of the size, kept in memory.
  sourcemap: true,
  sourcesContent: false,
  outdir: OUT_DIR,
  logLevel: 'warning',
  // Functions and classes keep their source names where bundling renames colliding ones:
  // Fastify names plugins by them, and logs name errors by their class.
  keepNames: true,
};

const started = Date.now();
// The new build is written over the last one, never into an emptied folder: a server still
// running from it (PostgreSQL lets several run; `npm run admin` builds beside them) loads
// chunks and worker files from it long after its start. Chunks carry a hash of their content,
// so an older server's are left as they were; files no build writes any more just stay.
await Promise.all([
  build({
    ...common,
    entryPoints: [
      { in: root('server/server.ts'), out: 'server' },
      { in: root('server/admin.ts'), out: 'admin' },
      { in: root('server/services/uploads/checks.ts'), out: 'checks' },
      { in: root('server/db/pgliteInitdbProcess.ts'), out: 'pgliteInitdbProcess' },
      { in: root('server/db/pgliteThreadHost.ts'), out: 'pgliteThreadHost' },
    ],
    // Modules the server imports lazily (Better Auth, the AI generators, sharp) become chunks of
    // their own: bundled into one file, their packages would be imported at start.
    splitting: true,
  }),
  // The worker entries keep their .mjs names: that is how the sources point at them.
  build({
    ...common,
    entryPoints: [
      { in: root('server/services/uploads/checkWorker.mjs'), out: 'checkWorker' },
      {
        in: root('server/services/auth/passwordStrengthWorker.mjs'),
        out: 'passwordStrengthWorker',
      },
      { in: root('server/db/pgliteThreadWorker.mjs'), out: 'pgliteThreadWorker' },
    ],
    outExtension: { '.js': '.mjs' },
  }),
]);
cpSync(root('server/db/migrations'), `${OUT_DIR}/migrations`, { recursive: true });
console.log(
  `The server is compiled to ${path.relative(process.cwd(), OUT_DIR) || '.'}/ (${Date.now() - started} ms).`,
);
