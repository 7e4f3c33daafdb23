/**
 * Debian's ffmpeg for the video catalogue: it records (Playwright's video recorder is pointed at
 * it, so no browser-vendor binary is downloaded) and converts each WebM to a small H.264 MP4.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Quality of the published MP4s: screen recordings stay readable at CRF 30 and small. */
const MP4_CRF = 30;
const MP4_FPS = 25;

function which(command: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  const resolved = found.stdout.trim();
  return found.status === 0 && resolved !== '' ? resolved : null;
}

/** ffmpeg and ffprobe, or a clear message and exit: nothing can be recorded without them. */
export function requireFfmpeg(): { ffmpeg: string; ffprobe: string } {
  const ffmpeg = which('ffmpeg');
  const ffprobe = which('ffprobe');
  if (!ffmpeg || !ffprobe) {
    console.error(
      [
        'record-videos: ffmpeg is missing (both `ffmpeg` and `ffprobe` are needed).',
        'Install it and run the script again:',
        '',
        '    apt-get install -y ffmpeg        (Debian / Ubuntu)',
        '',
        'The MP4s in public/video are committed: CI and `npm start` never need ffmpeg.',
      ].join('\n'),
    );
    process.exit(1);
  }
  return { ffmpeg, ffprobe };
}

/**
 * Playwright's recorder runs "ffmpeg-linux" from its browser folder (the one `npx playwright
 * install ffmpeg` downloads). A temporary folder with that name linked to Debian's ffmpeg does
 * the same job offline; Chromium itself comes from executablePath. Call before Playwright loads.
 */
export function pointPlaywrightAtFfmpeg(ffmpeg: string): string {
  const require = createRequire(import.meta.url);
  // browsers.json is not among the package's exports; it sits beside its package.json.
  const browsersJson = path.join(
    path.dirname(require.resolve('playwright-core/package.json')),
    'browsers.json',
  );
  const { browsers } = JSON.parse(readFileSync(browsersJson, 'utf8')) as {
    browsers: { name: string; revision: string }[];
  };
  const revision = browsers.find((browser) => browser.name === 'ffmpeg')?.revision;
  if (!revision) throw new Error(`No ffmpeg revision in ${browsersJson}`);
  const registry = mkdtempSync(path.join(tmpdir(), 'teamtrail-videos-pw-'));
  const folder = path.join(registry, `ffmpeg-${revision}`);
  mkdirSync(folder);
  symlinkSync(ffmpeg, path.join(folder, 'ffmpeg-linux'));
  process.env.PLAYWRIGHT_BROWSERS_PATH = registry;
  return registry;
}

/**
 * The filter that drops the cut stretches and closes the gaps they leave. Playwright's WebM holds
 * a frame only when the screen changed, so it is made constant-rate first: then every kept frame
 * lasts 1/25 s and the video time is the recording's time minus the cuts.
 */
export function cutFilter(cuts: readonly (readonly [number, number])[]): string {
  const dropped = cuts
    .filter(([from, to]) => to > from)
    .map(([from, to]) => `between(t,${from.toFixed(2)},${to.toFixed(2)})`);
  const constantRate = `fps=${MP4_FPS}`;
  if (dropped.length === 0) return constantRate;
  return `${constantRate},select='not(${dropped.join('+')})',setpts=N/FRAME_RATE/TB`;
}

/**
 * WebM → H.264 MP4 for every browser: the cut stretches removed, yuv420p, no audio, the index at
 * the front (`+faststart`) so that playback starts before the whole file has arrived.
 */
export function webmToMp4(
  ffmpeg: string,
  input: string,
  output: string,
  cuts: readonly (readonly [number, number])[],
): void {
  const args = [
    '-y',
    '-loglevel',
    'error',
    '-i',
    input,
    '-vf',
    cutFilter(cuts),
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'medium',
    '-tune',
    'stillimage',
    '-crf',
    String(MP4_CRF),
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(MP4_FPS),
    '-movflags',
    '+faststart',
    output,
  ];
  const result = spawnSync(ffmpeg, args, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`ffmpeg failed for ${input}:\n${result.stderr}`);
  }
}

export interface ProbeResult {
  readonly durationSeconds: number;
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
  readonly codec: string;
}

export function probe(ffprobe: string, file: string): ProbeResult {
  const result = spawnSync(
    ffprobe,
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'format=duration,size:stream=codec_name,width,height',
      '-of',
      'json',
      file,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`ffprobe failed for ${file}:\n${result.stderr}`);
  const parsed = JSON.parse(result.stdout) as {
    format: { duration: string; size: string };
    streams: { codec_name: string; width: number; height: number }[];
  };
  const stream = parsed.streams[0];
  return {
    durationSeconds: Number(parsed.format.duration),
    bytes: Number(parsed.format.size),
    width: stream?.width ?? 0,
    height: stream?.height ?? 0,
    codec: stream?.codec_name ?? 'none',
  };
}
