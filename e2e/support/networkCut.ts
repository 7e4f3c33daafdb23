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
import { Transform, type TransformCallback } from 'node:stream';

export interface NetworkCut {
  /** The proxy's origin: open this instead of the server's own. */
  readonly origin: string;
  readonly port: number;
  readonly isCut: boolean;
  /** Drops every open connection and refuses new ones until restore(). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
  /**
   * A slow uplink: from now on, what the browser sends (all its connections together, open ones
   * included) reaches the server at `bytesPerSecond` at most; null lifts the limit. Answers
   * from the server are not slowed. Off unless set.
   */
  throttle(bytesPerSecond: number | null): void;
  /** The bytes the browser sent that were passed on to the server so far, all connections. */
  readonly sentBytes: number;
  /** Calls `listener` with each piece passed on to the server; answers how to stop. */
  onSend(listener: (piece: Buffer) => void): () => void;
}

/** The pieces a throttled uplink passes on: some twenty a second. */
const THROTTLE_SLICES_PER_SECOND = 20;

/** The uplink shared by a proxy's connections: its limit, and when it is next free. */
interface Uplink {
  rate: number | null;
  freeAt: number;
  sent: number;
  listeners: Set<(piece: Buffer) => void>;
}

/**
 * Passes the browser's bytes on to the server: at once while the uplink is not throttled, paced
 * to its rate while it is. Held back bytes hold the browser's socket back (the stream's own
 * back-pressure), as a slow link does.
 */
class Pacer extends Transform {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly uplink: Uplink) {
    super();
  }

  private pass(piece: Buffer) {
    this.uplink.sent += piece.length;
    for (const listener of this.uplink.listeners) listener(piece);
    this.push(piece);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    let position = 0;
    const next = () => {
      this.timer = null;
      if (this.destroyed) return;
      const rate = this.uplink.rate;
      if (rate === null) {
        this.pass(chunk.subarray(position));
        callback();
        return;
      }
      const slice = Math.max(1, Math.floor(rate / THROTTLE_SLICES_PER_SECOND));
      const piece = chunk.subarray(position, position + slice);
      const now = Date.now();
      const startAt = Math.max(now, this.uplink.freeAt);
      this.uplink.freeAt = startAt + (piece.length / rate) * 1000;
      this.timer = setTimeout(() => {
        this.timer = null;
        if (this.destroyed) return;
        this.pass(piece);
        position += piece.length;
        if (position < chunk.length) next();
        else callback();
      }, this.uplink.freeAt - now);
    };
    next();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void) {
    if (this.timer) clearTimeout(this.timer);
    callback(error);
  }
}

/** Puts a cuttable proxy in front of `target` (an origin such as http://127.0.0.1:41234). */
export async function startNetworkCut(target: string): Promise<NetworkCut> {
  const upstream = new URL(target);
  const open = new Set<Socket>();
  let isCut = false;
  const uplink: Uplink = { rate: null, freeAt: 0, sent: 0, listeners: new Set() };

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
    const pacer = new Pacer(uplink);
    open.add(client);
    open.add(server);
    client.pipe(pacer).pipe(server);
    server.pipe(client);
    const forget = () => {
      open.delete(client);
      open.delete(server);
      drop(client);
      drop(server);
      pacer.destroy();
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
    throttle(bytesPerSecond) {
      uplink.rate = bytesPerSecond !== null && bytesPerSecond > 0 ? bytesPerSecond : null;
      uplink.freeAt = 0;
    },
    get sentBytes() {
      return uplink.sent;
    },
    onSend(listener) {
      uplink.listeners.add(listener);
      return () => uplink.listeners.delete(listener);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of [...open]) drop(socket);
        open.clear();
        server.close(() => resolve());
      }),
  };
}
