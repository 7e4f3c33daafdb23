/**
 * A network the tests can cut, the way users lose it: a TCP proxy between the browser and a
 * server. While it is cut, connections already open are dropped (reset) and new ones are
 * refused, for every client alike — the page, a SharedWorker, a service worker's own fetches —
 * whereas Playwright's `setOffline` reaches only the page, and a reload under it no longer
 * leaves `navigator.onLine` false in current Chromium. As with a server restart, a VPN or a
 * captive portal, the browser is not told: `navigator.onLine` stays true and no `online` event
 * fires when the network comes back, so the app has to notice by itself.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface NetworkCut {
  /** The proxy's origin: open this instead of the server's own. */
  readonly origin: string;
  readonly port: number;
  readonly isCut: boolean;
  /** Drops every open connection and refuses new ones until restore(). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** Puts a cuttable proxy in front of `target` (an origin such as http://127.0.0.1:41234). */
export async function startNetworkCut(target: string): Promise<NetworkCut> {
  const upstream = new URL(target);
  const open = new Set<Socket>();
  let isCut = false;

  // A reset (RST), not a polite close: to the browser the connection failed, as it does when a
  // route disappears, instead of an empty answer it might take for a server error.
  const drop = (socket: Socket) => {
    if (!socket.destroyed) socket.resetAndDestroy();
  };

  const server: Server = createServer((client) => {
    if (isCut) {
      drop(client);
      return;
    }
    const server = connect({ host: upstream.hostname, port: Number(upstream.port) });
    open.add(client);
    open.add(server);
    client.pipe(server);
    server.pipe(client);
    const forget = () => {
      open.delete(client);
      open.delete(server);
      drop(client);
      drop(server);
    };
    client.once('error', forget);
    server.once('error', forget);
    client.once('close', forget);
    server.once('close', forget);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    get isCut() {
      return isCut;
    },
    cut() {
      isCut = true;
      for (const socket of [...open]) drop(socket);
      open.clear();
    },
    restore() {
      isCut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of [...open]) drop(socket);
        open.clear();
        server.close(() => resolve());
      }),
  };
}
