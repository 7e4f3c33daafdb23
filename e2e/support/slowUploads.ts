/**
 * A phone on a slow connection, for the upload tests: a TCP proxy in front of the test server
 * that passes everything through, except that it stops reading a photo or video upload
 * (POST …/answers/media) after its first bytes until the test releases it. Unlike holding the
 * request in the browser (page.route), the phone really has sent part of the file, so its
 * upload progress shows a real, partial percent, as on a weak mobile connection.
 */
import net from 'node:net';

const UPLOAD = /^POST \/v1\/play\/[^ ]+\/answers\/media /;

export interface SlowUploads {
  /** The proxy's origin: open the phone's pages from it. */
  origin: string;
  /** How many uploads began (each held until release). */
  uploads: () => number;
  /** Resolves when the next held upload has begun. */
  started: Promise<void>;
  /** Lets every held upload through, and every later one at once. */
  release: () => void;
  close: () => Promise<void>;
}

export async function slowUploads(target: string): Promise<SlowUploads> {
  const { hostname, port } = new URL(target);
  let holding = true;
  let count = 0;
  const held: (() => void)[] = [];
  let onStart!: () => void;
  const started = new Promise<void>((resolve) => (onStart = resolve));
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    upstream.pipe(client);
    let waiting = false;
    client.on('data', (chunk: Buffer) => {
      const writable = upstream.write(chunk);
      if (UPLOAD.test(chunk.toString('latin1', 0, 120))) {
        count += 1;
        onStart();
        if (holding) {
          // The request line and the first bytes are through; the rest waits.
          waiting = true;
          client.pause();
          held.push(() => {
            waiting = false;
            client.resume();
          });
          return;
        }
      }
      if (!writable) {
        client.pause();
        upstream.once('drain', () => {
          if (!waiting) client.resume();
        });
      }
    });
    client.on('end', () => upstream.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;

  return {
    origin: `http://127.0.0.1:${address.port}`,
    uploads: () => count,
    started,
    release: () => {
      holding = false;
      for (const resume of held.splice(0)) resume();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
