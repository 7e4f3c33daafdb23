/**
 * Stands in for the app shell a service worker would serve from its cache: a small HTTP server
 * that always serves the harness build's files, and passes /v1 and /uploads (the event stream
 * included, streamed as it comes) to the API server. When the API server is down, the request
 * fails at the network level — the browser's socket is destroyed — so the sync engine sees
 * "no answer" exactly as it would offline. A 502 would not do: the engine counts any HTTP
 * answer as "online, with a server error".
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

const PROXIED = /^\/(v1|uploads)(\/|\?|$)/;

export interface ShellServer {
  readonly origin: string;
  close(): Promise<void>;
}

export interface ShellServerOptions {
  /** The folder of built files (index.html and assets/). */
  root: string;
  /** Where /v1 and /uploads go, e.g. http://127.0.0.1:41234. */
  apiOrigin: string;
}

export async function startShellServer(options: ShellServerOptions): Promise<ShellServer> {
  const api = new URL(options.apiOrigin);
  const root = path.resolve(options.root);

  function proxy(req: IncomingMessage, res: ServerResponse) {
    const upstream = httpRequest(
      {
        host: api.hostname,
        port: api.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        // A fresh connection each time: a pooled one would be dead after the API restarts.
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 500, answer.headers);
        res.flushHeaders();
        answer.pipe(res);
        // The API server went away mid-answer (a stream cut by its shutdown): cut ours too.
        answer.once('close', () => {
          if (!answer.complete) res.destroy();
        });
      },
    );
    upstream.once('error', () => {
      // No API server: drop the browser's connection, as an unreachable host would.
      if (res.headersSent) res.destroy();
      else req.socket.destroy();
    });
    // The browser gave up (an aborted fetch, a closed tab): give up upstream as well.
    res.once('close', () => upstream.destroy());
    req.pipe(upstream);
  }

  async function serveFile(req: IncomingMessage, res: ServerResponse) {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://shell').pathname);
    let file = path.join(root, path.normalize(pathname));
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    const info = await stat(file).catch(() => null);
    if (info?.isDirectory() || (!info && !path.extname(file))) file = path.join(root, 'index.html');
    else if (!info) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    createReadStream(file).pipe(res);
  }

  const server = createServer((req, res) => {
    if (PROXIED.test(req.url ?? '')) proxy(req, res);
    else
      serveFile(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
