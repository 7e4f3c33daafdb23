/**
 * Request and header timeouts (slowloris). A client that sends its headers a byte at
 * a time, or opens a connection and sends nothing, cannot hold it for ever (server/app.ts,
 * HEADERS_TIMEOUT_MS, IDLE_TIMEOUT_MS). Short limits here; the test waits for the server to close
 * the connection, bounded only by the test's own timeout.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';

let server: TestServer;
let port = 0;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({
    env: { HEADERS_TIMEOUT_MS: '400', IDLE_TIMEOUT_MS: '1500' },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await server.close();
});

/** Opens a raw connection and answers what the server sent before it closed it. */
function rawConnection(): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  return { socket, closed };
}

describe('slow clients', () => {
  it('headers that never finish are answered 408 and the connection closed', async () => {
    const { socket, closed } = rawConnection();
    socket.write('GET /v1/health HTTP/1.1\r\nHost: teamtrail\r\nX-Slow: ');
    // One more byte now and then, as a slowloris client does to look alive.
    const drip = setInterval(() => socket.write('a'), 100);
    try {
      expect(await closed).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(drip);
    }
  });

  it('a connection that sends nothing is closed (answered 408: its headers never came)', async () => {
    const { closed } = rawConnection();
    expect(await closed).toMatch(/^(HTTP\/1\.1 408|$)/);
  });

  it('a request whose body stalls half-way is closed (a phone gone quiet mid-upload)', async () => {
    const { socket, closed } = rawConnection();
    socket.write(
      'POST /v1/templates HTTP/1.1\r\nHost: teamtrail\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"name":',
    );
    // Nothing more: without IDLE_TIMEOUT_MS it would wait for the rest for ever.
    await closed;
    expect(socket.destroyed).toBe(true);
  });

  it('a client that asks in time is answered as usual', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/v1/health`);
    expect(response.status).toBe(200);
  });
});
