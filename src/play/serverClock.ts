/**
 * The server's time as this phone reckons it, from the `Date` header of the play calls' answers
 * (docs/games.md "Late answers"). An answer carries the moment it was made in server time, so
 * one made before the end and delivered after it still counts, whatever the phone's own clock
 * says. The offset is kept on the phone, so an answer made offline after a reload has it too.
 */
const STORAGE_KEY = 'teamtrail.play.serverClockOffset';
/** The header has whole seconds: its true time is half a second later on average. */
const HEADER_RESOLUTION_MS = 1_000;

let offsetMs: number | null = null;

function stored(): number {
  if (offsetMs !== null) return offsetMs;
  try {
    const value = Number(localStorage.getItem(STORAGE_KEY));
    offsetMs = Number.isFinite(value) ? value : 0;
  } catch {
    offsetMs = 0; // storage refused (private mode): the phone's own clock
  }
  return offsetMs;
}

/**
 * Takes a response's `Date` header, for a request sent at `sentAt` and answered at `receivedAt`
 * (the phone's clock): the server's second fell somewhere in between.
 */
export function noteServerDate(header: string | null, sentAt: number, receivedAt: number): void {
  const server = header ? Date.parse(header) : Number.NaN;
  if (!Number.isFinite(server) || receivedAt < sentAt) return;
  offsetMs = Math.round(server + HEADER_RESOLUTION_MS / 2 - (sentAt + receivedAt) / 2);
  try {
    localStorage.setItem(STORAGE_KEY, String(offsetMs));
  } catch {
    // not kept: the next answer from the server gives it again
  }
}

/** Now, in the server's time as well as the phone knows it. */
export const serverNow = (): number => Date.now() + stored();

/** For tests: forget the offset. */
export function resetServerClock(): void {
  offsetMs = null;
}
