/**
 * Preloaded into the compiled server by compiledServer.test.ts (NODE_OPTIONS=--import, so its
 * worker threads and child processes load it too): registers refuseTypeScriptHooks.mjs, which
 * makes any TypeScript file, or tsx itself, fail to load. Production runs compiled JavaScript
 * with no TypeScript loader (ARCHITECTURE.md); this makes a lapse fail the test.
 */
import { register } from 'node:module';

register(new URL('./refuseTypeScriptHooks.mjs', import.meta.url));
