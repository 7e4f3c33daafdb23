/**
 * The modules a browser entry loads at run time before anything lazy: its static imports,
 * followed through the project's files (type-only imports are erased by the build, and
 * `import()` makes a chunk of its own). A package appears by its name ('zod').
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const SRC = path.join(import.meta.dirname, '../../../src');

export function runtimeImports(...entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(
      /^(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'/gm,
    )) {
      const specifier = match[1]!;
      if (!specifier.startsWith('.')) {
        seen.add(specifier);
        continue;
      }
      const base = path.resolve(path.dirname(file), specifier);
      const resolved = ['.ts', '.tsx', '/index.ts', '/index.tsx']
        .map((ext) => base + ext)
        .find(existsSync);
      if (resolved) visit(resolved);
    }
  };
  for (const entry of entries) visit(entry);
  return seen;
}
