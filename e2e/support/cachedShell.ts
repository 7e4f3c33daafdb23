/**
 * While the browser context is offline, Chromium fails every request of the page — a reload
 * too. A real device reloads from the service worker's cached shell; here a route does the same
 * for the page's own requests: the harness build's files answer, anything for the API fails as
 * offline. (A SharedWorker's requests are not routed, nor blocked by the offline switch: they
 * still go to the shell server, which fails them while the API server is down.)
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Route } from '@playwright/test';
import { HARNESS_DIST } from './harnessPage';

const API_PATH = /^\/(v1|uploads)(\/|$)/;

/** Routes the context's requests to `origin` to the built files; answers a function that stops. */
export async function serveShellFromCache(
  context: BrowserContext,
  origin: string,
  root: string = HARNESS_DIST,
): Promise<() => Promise<void>> {
  const handler = async (route: Route) => {
    const url = new URL(route.request().url());
    if (url.origin !== origin || API_PATH.test(url.pathname)) {
      await route.abort('internetdisconnected');
      return;
    }
    let file = path.join(root, path.normalize(decodeURIComponent(url.pathname)));
    if (!file.startsWith(root + path.sep) || !existsSync(file) || statSync(file).isDirectory()) {
      file = path.join(root, 'index.html');
    }
    await route.fulfill({ path: file });
  };
  await context.route('**/*', handler);
  return () => context.unroute('**/*', handler);
}
