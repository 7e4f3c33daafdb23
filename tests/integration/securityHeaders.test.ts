/**
 * The security headers (helmet's set) are worked out once at start and set on every answer
 * (@fastify/helmet ran helmet on each request). This holds them to what helmet sent
 * before that change, byte for byte (names as sent, values, order, first in the head), on every
 * kind of answer: pages, files, API answers, errors, 404s, uploads and event streams, whose head
 * is written after reply.hijack().
 */
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';

/** Captured from the server with @fastify/helmet 13.2.0 (helmet 8.3.0), CSP_EXTRA_ORIGINS unset. */
const HELMET_HEADERS = [
  [
    'Content-Security-Policy',
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';media-src 'self' blob:;worker-src 'self' blob:;connect-src 'self';frame-src 'self'",
  ],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
].flat();

let server: TestServer;
let staticDir: string;
let port: string;
beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'teamtrail-static-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Teamtrail</title>');
  writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  server = await startTestServer({ env: { STATIC_DIR: staticDir } });
  port = new URL(await server.app.listen({ port: 0, host: '127.0.0.1' })).port;
});
afterAll(async () => {
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

/** The head of an answer as it came over the wire: [name, value, name, value, …]. */
function rawHeadOf(method: string, url: string, body?: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        resolve(response.rawHeaders);
        // An event stream never ends by itself.
        response.destroy();
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('security headers', () => {
  it.each([
    ['a page', 'GET', '/'],
    ['a client-side route', 'GET', '/builder/3f1c/tasks'],
    ['a file', 'GET', '/assets/app.js'],
    ['a missing file', 'GET', '/assets/missing.js'],
    ['an API answer', 'GET', '/v1/health'],
    ['a validation error', 'GET', '/v1/templates?limit=0'],
    ['an unreadable body', 'POST', '/v1/templates', '{not json'],
    ['an unknown API call', 'GET', '/v1/nothing-here'],
    ['a method without a route', 'DELETE', '/'],
    ['a missing upload', 'GET', '/uploads/missing.png'],
    ['an event stream', 'GET', '/v1/events'],
  ])('are sent first and unchanged on %s', async (_label, method, url, body?: string) => {
    const head = await rawHeadOf(method, url, body);
    expect(head.slice(0, HELMET_HEADERS.length)).toEqual(HELMET_HEADERS);
    // Once each: nothing else sets them.
    const names = head.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });
});
