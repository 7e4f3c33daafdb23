/**
 * The SVG shapes that held the server's main thread for seconds, and a way to
 * measure /v1/health on a listening server while something else is going on.
 */
const ROOT = '<svg xmlns="http://www.w3.org/2000/svg">';

function filled(head: string, unit: string, tail: string, bytes: number): string {
  return head + unit.repeat(Math.floor((bytes - head.length - tail.length) / unit.length)) + tail;
}

/** `bytes` of small empty tags: `<g/><g/>…`. */
export const manySmallTagsSvg = (bytes: number) => filled(ROOT, '<g/>', '</svg>', bytes);

/** One tag with millions of attributes: `<svg … a a a …/>` (about one per two bytes). */
export const millionsOfAttributesSvg = (bytes: number) =>
  filled('<svg xmlns="http://www.w3.org/2000/svg"', ' a', '/>', bytes);

export interface HealthProbes {
  /** Each probe's time from request to answer, in milliseconds. */
  latenciesMs: number[];
  /** Probes that failed or were not answered 200. */
  failures: number;
}

/**
 * Calls GET /v1/health every `everyMs` until `until` settles (each probe waits for the one
 * before), and reports how long each took to be answered.
 */
export async function probeHealthUntil(
  baseUrl: string,
  until: Promise<unknown>,
  everyMs = 50,
): Promise<HealthProbes> {
  let done = false;
  void until.then(
    () => (done = true),
    () => (done = true),
  );
  const probes: HealthProbes = { latenciesMs: [], failures: 0 };
  while (!done) {
    const start = performance.now();
    try {
      const response = await fetch(`${baseUrl}/v1/health`);
      await response.arrayBuffer();
      if (response.status === 200) probes.latenciesMs.push(performance.now() - start);
      else probes.failures++;
    } catch {
      probes.failures++;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return probes;
}
