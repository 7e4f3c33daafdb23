/**
 * API answers carry Cache-Control: no-store. Every /v1 answer is one person's data
 * of the moment, so none may be kept by a browser or a proxy, errors included; a route that
 * means to be cached (the QR code image) keeps its own header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';
import { guest } from './support/clients';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('Cache-Control on API answers', () => {
  it.each([
    ['a list of templates', '/v1/templates'],
    ['the health check', '/v1/health'],
    ['a 404', `/v1/templates/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`],
    ['a 400', '/v1/templates?limit=0'],
  ])('%s is answered with no-store', async (_label, url) => {
    const response = await server.request({ url, headers: guest().headers });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('the QR code image keeps its own, cacheable header', async () => {
    const response = await server.request({ url: '/v1/qr/ABCD2345.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400, immutable');
  });
});
