/**
 * How far this device's clock is from the server's, so that edit stamps (src/domain/
 * fieldStamps.ts) are taken on the server's time and a device whose clock runs ahead does not
 * win every conflict. Each answered request is a sample (as in NTP / Cristian's algorithm): the
 * server's time (`x-server-time`, milliseconds) minus the middle of the request's round trip.
 * The sample with the shortest round trip among the recent ones is the estimate, since its
 * error is at most half of that round trip.
 */
const SAMPLES_KEPT = 8;

export interface ClockOffsetSample {
  offsetMs: number;
  roundTripMs: number;
}

export interface ClockOffsetEstimator {
  /** A request sent at `sentAt` and answered at `answeredAt` (device ms) carried `serverMs`. */
  sample(sentAt: number, answeredAt: number, serverMs: number): void;
  /** Server time minus device time, in ms; null before the first answer. */
  offsetMs(): number | null;
}

export function createClockOffsetEstimator(): ClockOffsetEstimator {
  const samples: ClockOffsetSample[] = [];
  return {
    sample(sentAt, answeredAt, serverMs) {
      const roundTripMs = answeredAt - sentAt;
      if (!Number.isFinite(serverMs) || roundTripMs < 0) return;
      samples.push({ offsetMs: Math.round(serverMs - (sentAt + answeredAt) / 2), roundTripMs });
      if (samples.length > SAMPLES_KEPT) samples.shift();
    },
    offsetMs() {
      let best: ClockOffsetSample | null = null;
      for (const s of samples) if (!best || s.roundTripMs < best.roundTripMs) best = s;
      return best?.offsetMs ?? null;
    },
  };
}

/** The header the server puts on every /v1 answer: its clock, in ms since the epoch. */
export const SERVER_TIME_HEADER = 'x-server-time';

/** A change of the estimate smaller than this is not worth telling every tab about. */
export const CLOCK_OFFSET_REPORT_MS = 250;
