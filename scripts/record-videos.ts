/**
 * Records the SPEC §3 video catalogue from the app itself: `npx tsx scripts/record-videos.ts`.
 *
 * It builds nothing: it serves the existing build (./dist, or STATIC_DIR) with the real server
 * on a temporary data folder, plays one scene per video in Debian's Chromium with Playwright's
 * video recording, and converts each recording to a small H.264 MP4 in public/video/{slug}.mp4
 * with Debian's ffmpeg. Run `npm run build` first when the screens changed. CI does not run it:
 * the MP4s are committed. docs/content.md says more.
 *
 * Options: --only <slug>[,<slug>] records some of the videos; --out <folder> writes elsewhere.
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { BrowserContext } from '@playwright/test';
import { startApiServer } from '../e2e/support/apiServer';
import { pointPlaywrightAtFfmpeg, probe, requireFfmpeg, webmToMp4 } from './videos/ffmpeg';
import { OVERLAY_SCRIPT } from './videos/overlay';
import { SCENES, type Scene } from './videos/scenes';
import { Stage } from './videos/stage';
import { prepareWorld, setUpBrowser, type World } from './videos/world';
import { onboardingDoneState } from '../e2e/support/onboarding';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** 720p keeps the app's desktop layout readable; the MP4s stay a few hundred KB. */
const VIDEO_SIZE = { width: 1280, height: 720 };
/** A scene longer than this is stuck (a screen that never settles), not slow: the tutorial walks through 13 tour steps. */
const SCENE_TIMEOUT_MS = 180_000;

async function main() {
  const { values } = parseArgs({
    options: { only: { type: 'string' }, out: { type: 'string' } },
  });
  const outDir = path.resolve(REPO_ROOT, values.out ?? 'public/video');
  const wanted = values.only?.split(',').map((slug) => slug.trim());
  const scenes = wanted ? SCENES.filter((scene) => wanted.includes(scene.slug)) : SCENES;
  if (wanted && scenes.length !== wanted.length) {
    console.error(`Unknown slug in --only. Known: ${SCENES.map((s) => s.slug).join(', ')}`);
    process.exit(1);
  }

  const { ffmpeg, ffprobe } = requireFfmpeg();
  if (!existsSync(CHROMIUM)) {
    console.error(
      `Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  const staticDir = path.resolve(REPO_ROOT, process.env.STATIC_DIR ?? 'dist');
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    console.error(
      `No build in ${staticDir}: run \`npm run build\` first (this script builds nothing).`,
    );
    process.exit(1);
  }

  // Before Playwright loads: its recorder looks for ffmpeg in its browser folder.
  const registry = pointPlaywrightAtFfmpeg(ffmpeg);
  const { chromium } = await import('@playwright/test');
  const workDir = mkdtempSync(path.join(tmpdir(), 'teamtrail-videos-'));
  mkdirSync(outDir, { recursive: true });

  const started = Date.now();
  console.log(`Serving ${path.relative(REPO_ROOT, staticDir) || staticDir} …`);
  const server = await startApiServer({ env: { STATIC_DIR: staticDir } });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const world = await prepareWorld(server.origin);
    // One browser profile for every scene: each scene's page is its own recording.
    const context = await browser.newContext({
      viewport: VIDEO_SIZE,
      deviceScaleFactor: 1,
      recordVideo: { dir: workDir, size: VIDEO_SIZE },
      // A service worker from another build must not answer for this one.
      serviceWorkers: 'block',
      // The builder's tutorial and tours would cover the scenes; the tutorial scene replays the tours.
      storageState: onboardingDoneState(server.origin),
    });
    await context.addInitScript(OVERLAY_SCRIPT);
    const setup = await context.newPage();
    await setUpBrowser(setup, world);
    console.log(
      `Set up in ${Math.round((Date.now() - started) / 1000)} s (builder: ${
        world.builderReady ? 'yes' : 'not in this build'
      }).`,
    );

    for (const scene of scenes) {
      const sceneStarted = Date.now();
      const { webm, cuts, skipped } = await record(context, scene, world);
      const mp4 = path.join(outDir, `${scene.slug}.mp4`);
      const partial = path.join(outDir, `.${scene.slug}.partial.mp4`);
      webmToMp4(ffmpeg, webm, partial, cuts);
      renameSync(partial, mp4);
      const facts = probe(ffprobe, mp4);
      if (process.env.VIDEOS_DEBUG) {
        const raw = probe(ffprobe, webm);
        console.log(
          `    recording ${raw.durationSeconds.toFixed(1)} s, cuts ${JSON.stringify(cuts)}`,
        );
      }
      console.log(
        `${scene.slug}.mp4  ${facts.durationSeconds.toFixed(1)} s  ${Math.round(
          facts.bytes / 1024,
        )} KB  ${facts.width}x${facts.height} ${facts.codec}  (${Math.round(
          (Date.now() - sceneStarted) / 1000,
        )} s to make)`,
      );
      for (const reason of skipped) console.log(`    skipped ${reason}`);
    }
    await context.close();
  } finally {
    await browser.close();
    await server.dispose();
    if (!process.env.VIDEOS_DEBUG) rmSync(workDir, { recursive: true, force: true });
    rmSync(registry, { recursive: true, force: true });
  }
  console.log(
    `\n${scenes.length} video(s) in ${path.relative(REPO_ROOT, outDir)} in ${Math.round(
      (Date.now() - started) / 1000,
    )} s.`,
  );
}

/** Plays one scene on a page of its own; the page's recording is the scene's video. */
async function record(context: BrowserContext, scene: Scene, world: World) {
  const page = await context.newPage();
  const stage = new Stage(page, world.origin, Date.now());
  const video = page.video();
  if (!video) throw new Error('Playwright recorded no video');
  try {
    await withTimeout(
      (async () => {
        await stage.goto(scene.startPath(world));
        await stage.appears(page.getByRole('heading', { level: 1 }));
        await scene.play(stage, world);
      })(),
      SCENE_TIMEOUT_MS,
      scene.slug,
    );
  } finally {
    await page.close();
  }
  return { webm: await video.path(), cuts: stage.cuts, skipped: stage.skipped };
}

async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
