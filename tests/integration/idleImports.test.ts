/**
 * What an idle server holds in memory (docs/operations.md "The compiled server"): the heavy
 * packages that only some requests need are imported when the first such request comes, never
 * with the server. The built-in AI generator's NLP library alone was about 10 MB of heap, and a
 * static import anywhere on the server's path (a route, a service) loads it at start again.
 *
 * The check follows the server's static imports as esbuild resolves them (the same resolution
 * as scripts/build-server.mjs), from server/server.ts, and lists the packages reached.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENTRY = 'server/server.ts';

/** Packages only some requests need: loaded on first use. */
const LOADED_ON_FIRST_USE = [
  // the built-in AI generator (and the question bank's NLP)
  'compromise',
  // the AI model provider, only with AI_BASE_URL set
  'ai',
  '@ai-sdk/openai-compatible',
  // uploads on S3-compatible storage, only with S3_BUCKET set
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  // image checks and resizing
  'sharp',
  // telling an upload's type by its bytes
  'file-type',
];

/** The package an external import names: `@scope/name` or `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Every package reached from `entry` through static imports (dynamic ones are not followed). */
function staticPackages(metafile: Metafile, entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of metafile.inputs[file]?.imports ?? []) {
      if (imported.kind === 'dynamic-import') continue;
      if (imported.external) packages.add(packageOf(imported.path));
      else queue.push(imported.path);
    }
  }
  return packages;
}

describe('an idle server', () => {
  let reached: Set<string>;
  let dynamicallyReached: Set<string>;

  beforeAll(async () => {
    const result = await build({
      absWorkingDir: REPO_ROOT,
      entryPoints: [ENTRY],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      metafile: true,
      logLevel: 'silent',
      outdir: path.join(REPO_ROOT, 'test-results', 'idle-imports'),
    });
    reached = staticPackages(result.metafile, ENTRY);
    dynamicallyReached = new Set(
      Object.values(result.metafile.inputs).flatMap((input) =>
        input.imports.filter((i) => i.external).map((i) => packageOf(i.path)),
      ),
    );
  });

  it('reaches its usual packages through static imports (the check follows them)', () => {
    expect(reached).toContain('fastify');
    expect(reached).toContain('drizzle-orm');
  });

  it.each(LOADED_ON_FIRST_USE)('does not import %s until a request needs it', (name) => {
    // The package is used somewhere, or this line checks nothing.
    expect(dynamicallyReached).toContain(name);
    expect(reached).not.toContain(name);
  });
});
