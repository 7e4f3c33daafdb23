/**
 * How a worker thread's entry (.mjs) loads the module it serves: compiled JavaScript (next to
 * the compiled server in dist-server/) is imported as it is; TypeScript (the server run from its
 * sources by tsx or Vitest) goes through tsx's scoped import API. A worker thread starts a fresh
 * module loader, so it cannot rely on the loader of the process that started it. tsx is imported
 * only for TypeScript, so the compiled server never loads a TypeScript compiler. Plain
 * JavaScript for the same reason as the entries that import it.
 */
export async function loadWorkerModule(href, parentUrl) {
  if (!/\.[cm]?ts$/.test(new URL(href).pathname)) return import(href);
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(href, parentUrl);
}
