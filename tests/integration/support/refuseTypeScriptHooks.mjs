/** Module hooks (refuseTypeScript.mjs registers them): a TypeScript file or tsx fails to load. */
const TYPESCRIPT = /\.[cm]?tsx?$/;
const TSX_PACKAGE = /\/node_modules\/tsx\//;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (TYPESCRIPT.test(new URL(resolved.url).pathname) || TSX_PACKAGE.test(resolved.url)) {
    throw new Error(`The compiled server loaded TypeScript at run time: ${resolved.url}`);
  }
  return resolved;
}
