/**
 * Creates a new embedded database in a short-lived child process (pgliteInitdbProcess.ts) rather
 * than in the server's own.
 *
 * Creating a database is PostgreSQL's initdb: PGlite runs it in a second WebAssembly instance
 * that grows to several hundred MB and copies the new database file by file. Once it is done,
 * that memory is garbage, but the server did not get it back: measured, a server that had just
 * created its database idled at 100-150 MB more than the same server restarted on it (the
 * instance is collected late and the process's malloc heap stays fragmented). A process that
 * exits gives it all back. The cost is one Node start (tenths of a second) on a first start that
 * takes seconds anyway.
 *
 * The child creates the database exactly as the server would have: the same PGlite, the same
 * durability (durablePgliteFs.ts: every file fsynced before the child reports success).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PgliteDurability } from './durablePgliteFs';

/** What of the child's error output the server's message keeps. */
const STDERR_KEPT_CHARS = 4_000;

/** Whether the folder holds no database yet (PGlite asks the same of PG_VERSION). */
export function needsInitdb(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * The child's command line: the compiled entry beside the compiled server (dist-server/, no
 * TypeScript at run time), or from the sources the TypeScript entry through tsx.
 */
function childArguments(): string[] {
  const compiled = new URL('./pgliteInitdbProcess.js', import.meta.url);
  if (existsSync(compiled)) return [fileURLToPath(compiled)];
  // Resolved from here, not from the working directory the server was started in.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return ['--import', tsx, fileURLToPath(new URL('./pgliteInitdbProcess.ts', import.meta.url))];
}

/** Creates the database in `dataDir` (a folder without one) and resolves once it is on disk. */
export async function runInitdbApart(dataDir: string, durability: PgliteDurability): Promise<void> {
  const child = spawn(process.execPath, [...childArguments(), dataDir, durability], {
    // The IPC channel closes when this process dies, which tells the child to stop.
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT_CHARS);
  });
  const outcome = await new Promise<{ code: number | null; signal: string | null }>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, signal) => resolve({ code, signal }));
    },
  );
  if (outcome.code !== 0) {
    throw new Error(
      `The embedded database could not be created in ${dataDir} (${
        outcome.signal ? `stopped by ${outcome.signal}` : `exit code ${outcome.code}`
      }):\n${stderr.trim()}`,
    );
  }
}
