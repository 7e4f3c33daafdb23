/**
 * The server serves the built web app on the same port as the API: files from STATIC_DIR,
 * index.html for client-side routes (so a reload on /builder/… works), a JSON 404 for missing
 * files, and a Content-Security-Policy that still works over plain HTTP on a local network.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';

const APP_JS = `console.log(${JSON.stringify('app '.repeat(2000))})`;

let server: TestServer;
beforeAll(async () => {
  const staticDir = mkdtempSync(path.join(tmpdir(), 'teamtrail-static-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Teamtrail</title>');
  writeFileSync(path.join(staticDir, 'assets', 'app.js'), APP_JS);
  // What the build writes beside every text file (vite.config.ts `precompressed`).
  writeFileSync(path.join(staticDir, 'assets', 'app.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(path.join(staticDir, 'assets', 'app.js.gz'), gzipSync(APP_JS));
  writeFileSync(path.join(staticDir, 'play.html'), '<!doctype html><title>Play</title>');
  writeFileSync(path.join(staticDir, 'live.html'), '<!doctype html><title>Live</title>');
  writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  // The build's manifest (vite.config.ts): never served.
  mkdirSync(path.join(staticDir, '.vite'));
  writeFileSync(path.join(staticDir, '.vite', 'manifest.json'), '{}');
  server = await startTestServer({ env: { STATIC_DIR: staticDir } });
});
afterAll(async () => {
  await server.close();
});

describe('the built web app', () => {
  it('serves index.html at / and for client-side routes such as /builder/{id}/tasks', async () => {
    for (const url of ['/', '/builder/3f1c/tasks', '/activity/type']) {
      const response = await server.request({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<title>Teamtrail</title>');
    }
  });

  it('serves play.html for /play/… and live.html for /live/…', async () => {
    for (const [url, title] of [
      ['/play', 'Play'],
      ['/play/ABCD2345', 'Play'],
      ['/live/3f1c/board', 'Live'],
      ['/player', 'Teamtrail'],
    ]) {
      const response = await server.request({
        url: url!,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body, url).toContain(`<title>${title}</title>`);
    }
  });

  it('answers HEAD for pages and files, without a body', async () => {
    for (const url of ['/', '/assets/app.js']) {
      const response = await server.request({ method: 'HEAD', url });
      expect(response.statusCode, url).toBe(200);
      expect(Number(response.headers['content-length']), url).toBeGreaterThan(0);
      expect(response.body, url).toBe('');
    }
  });

  it('never serves what the build keeps in dot-folders, nor a file by a path no file has', async () => {
    for (const url of ['/.vite/manifest.json', '/assets//app.js']) {
      const response = await server.request({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ errorMessage: 'Not found.' });
    }
  });

  it('serves built assets, and a JSON 404 for a file that does not exist', async () => {
    const asset = await server.request({ url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    const missing = await server.request({ url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toHaveProperty('errorMessage');
  });

  it('sends the brotli or gzip copy to a browser that accepts it, the plain file otherwise', async () => {
    const br = await server.request({
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    // A cache in between keeps one copy per encoding.
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);
    const gzip = await server.request({
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await server.request({
      url: '/assets/app.js',
      headers: { 'accept-encoding': '' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('lets browsers keep hashed assets for good, but always asks again for pages', async () => {
    const asset = await server.request({ url: '/assets/app.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await server.request({ url: '/' });
    expect(String(page.headers['cache-control'])).not.toContain('immutable');
  });

  it('has browsers and proxies ask again for the service worker every time', async () => {
    const response = await server.request({ url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends a CSP that allows only its own scripts and does not force https (LAN play over http)', async () => {
    const response = await server.request({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown /v1 calls with a JSON 404, never with the web app', async () => {
    for (const [method, url] of [
      ['GET', '/v1/nothing-here'],
      ['GET', '/v1/nothing/here.js'],
      ['GET', '/v1'],
      ['HEAD', '/v1/nothing-here'],
      ['POST', '/v1/nothing-here'],
    ] as const) {
      const response = await server.request({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.headers['cache-control'], url).toBe('no-store');
      if (method !== 'HEAD') {
        expect(response.json()).toEqual({ errorMessage: `There is no ${method} ${url}.` });
      }
    }
  });

  it('leaves /uploads/… to the uploaded files, never the web app', async () => {
    const response = await server.request({ url: '/uploads/missing.png' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorMessage: 'There is no such file.' });
  });
});
