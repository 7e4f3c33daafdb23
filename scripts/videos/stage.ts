/**
 * One scene's recording: a Playwright page with a recorded video, and the moves a viewer can
 * follow (a pointer that travels, typing at human speed, captions, title cards). Steps that need
 * a screen this build does not have are skipped and reported instead of failing the run.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';

/** How long a caption or card stays so that it can be read (about 3 words a second). */
export const READ_MS = 2_400;
/** The drawn pointer glides between points by itself (overlay.ts), so few real steps do. */
const POINTER_STEPS = 3;
const POINTER_GLIDE_MS = 550;
const TYPE_DELAY_MS = 55;
/** How long a screen that should exist is given to appear before its step is skipped. */
export const APPEAR_TIMEOUT_MS = 8_000;

export class SkipStep extends Error {}

export class Stage {
  /** Seconds of the recording before the scene starts (signing in, warming the screens). */
  private startSeconds = 0;
  /** Stretches of the recording cut from the video: waiting for a screen to load. */
  private readonly waits: [number, number][] = [];
  readonly skipped: string[] = [];

  constructor(
    readonly page: Page,
    readonly origin: string,
    private readonly recordingStartedAt: number,
  ) {}

  private seconds(): number {
    return (Date.now() - this.recordingStartedAt) / 1000;
  }

  /** Everything before this moment is cut from the published video. */
  markStart(): void {
    this.startSeconds = this.seconds();
  }

  /**
   * The stretches of the recording the published video leaves out, in seconds from its start:
   * what came before the scene, and every wait for a screen (a slow machine does not show).
   */
  get cuts(): readonly [number, number][] {
    if (process.env.VIDEOS_DEBUG) console.log(`    scene ran until ${this.seconds().toFixed(1)} s`);
    return [[0, this.startSeconds], ...this.waits];
  }

  /** Runs `work` off camera: the video jumps from before it to after it. */
  async offCamera<T>(work: () => Promise<T>): Promise<T> {
    const from = this.seconds();
    const result = await work();
    // Let the screen settle (fonts, images) before the camera is back.
    await this.pause(250);
    const to = this.seconds();
    if (to - from > 0.3) this.waits.push([from + 0.05, to]);
    return result;
  }

  async goto(pathname: string): Promise<void> {
    await this.page.goto(this.origin + pathname, { waitUntil: 'domcontentloaded' });
  }

  pause(ms: number): Promise<void> {
    return this.page.waitForTimeout(ms);
  }

  /** A caption at the bottom; `<b>` may mark the step ("<b>Step 1</b> open the library"). */
  async caption(html: string | null): Promise<void> {
    await this.page.evaluate(`window.__video && window.__video.caption(${JSON.stringify(html)})`);
  }

  /** A full-screen card on the brand colours (titles, endings, what is not there yet). */
  async card(title: string, subtitle: string, options: { instant?: boolean } = {}) {
    await this.page.evaluate(
      `window.__video && window.__video.card('Teamtrail', ${JSON.stringify(title)}, ${JSON.stringify(
        subtitle,
      )}, ${options.instant ? 'true' : 'false'})`,
    );
  }

  async hideCard(): Promise<void> {
    await this.page.evaluate('window.__video && window.__video.hideCard()');
    await this.pause(500);
  }

  /** The scene's opening: the card is already up when the cut starts, then gives way. */
  async titleCard(title: string, subtitle: string, holdMs = READ_MS): Promise<void> {
    await this.card(title, subtitle, { instant: true });
    this.markStart();
    await this.pause(holdMs);
    await this.hideCard();
  }

  async endCard(title: string, subtitle: string, holdMs = READ_MS): Promise<void> {
    await this.caption(null);
    await this.card(title, subtitle);
    await this.pause(holdMs + 500);
  }

  /** Moves the pointer to the middle of `target` the way a hand would, in small steps. */
  async pointAt(target: Locator): Promise<void> {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (!box) throw new SkipStep('the element has no box');
    const to = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await this.page.mouse.move(to.x, to.y, { steps: POINTER_STEPS });
    await this.pause(POINTER_GLIDE_MS);
  }

  /** `whilePressed` runs between press and release: what must be on screen as the click lands. */
  async click(target: Locator, options: { whilePressed?: () => Promise<void> } = {}) {
    await this.pointAt(target);
    await this.page.mouse.down();
    await this.pause(90);
    await options.whilePressed?.();
    await this.page.mouse.up();
    await this.pause(250);
  }

  async type(target: Locator, text: string): Promise<void> {
    await this.click(target);
    await target.pressSequentially(text, { delay: TYPE_DELAY_MS });
    await this.pause(250);
  }

  /** Scrolls the page smoothly by `pixels` (positive: down). */
  async scroll(pixels: number, ms = 1_200): Promise<void> {
    const steps = Math.max(1, Math.round(ms / 40));
    for (let i = 0; i < steps; i += 1) {
      await this.page.mouse.wheel(0, pixels / steps);
      await this.pause(40);
    }
    await this.pause(300);
  }

  /** Whether `target` shows up within the wait a screen is given; never throws. */
  async appears(target: Locator, timeout = APPEAR_TIMEOUT_MS): Promise<boolean> {
    try {
      await target.first().waitFor({ state: 'visible', timeout });
      return true;
    } catch {
      return false;
    }
  }

  async require(target: Locator, what: string, timeout = APPEAR_TIMEOUT_MS): Promise<Locator> {
    if (!(await this.appears(target, timeout))) throw new SkipStep(`${what} did not appear`);
    return target.first();
  }

  /**
   * Runs one step of a scene. A screen that is missing from this build skips the step (it is
   * reported at the end) instead of failing the whole recording.
   */
  async step(name: string, run: () => Promise<void>): Promise<boolean> {
    try {
      await run();
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      this.skipped.push(`${name}: ${reason}`);
      await this.caption(null).catch(() => undefined);
      return false;
    }
  }

  /**
   * The phone of the welcome video: the player (/play) in a phone-sized frame beside a short
   * explanation, on a page of the app's own origin so that the frame is same-origin.
   */
  async showPhone(playPath: string, heading: string, text: string): Promise<FrameLocator> {
    const url = `${this.origin}/__video/phone`;
    await this.page.route(url, (route) =>
      route.fulfill({ contentType: 'text/html', body: phonePage(playPath, heading, text) }),
    );
    await this.page.goto(url);
    return this.page.frameLocator('#phone');
  }
}

const PHONE_WIDTH = 376;
const PHONE_HEIGHT = 816;
/** The SPEC §9 phone preview (376x816), scaled to fit a 720-pixel-high video. */
const PHONE_SCALE = 0.66;

function phonePage(playPath: string, heading: string, text: string): string {
  const escape = (value: string) =>
    value.replace(
      /[&<>"]/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!,
    );
  const width = Math.round(PHONE_WIDTH * PHONE_SCALE);
  const height = Math.round(PHONE_HEIGHT * PHONE_SCALE);
  return `<!doctype html><html><head><meta charset="utf-8"><title>Teamtrail on a phone</title>
<style>
  html,body{margin:0;height:100%}
  /* The bottom stays free for the captions. */
  body{box-sizing:border-box;padding-bottom:120px;display:flex;align-items:center;justify-content:center;gap:72px;
    background:linear-gradient(135deg,#eff0fb 0%,#dcdcf1 100%);
    font-family:Inter,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f1f3a}
  .device{width:${width}px;height:${height}px;padding:12px;border-radius:44px;background:#16162e;
    box-shadow:0 24px 60px rgba(41,42,130,.35)}
  .screen{width:${width}px;height:${height}px;overflow:hidden;border-radius:32px;background:#fff}
  iframe{width:${PHONE_WIDTH}px;height:${PHONE_HEIGHT}px;border:0;transform:scale(${PHONE_SCALE});
    transform-origin:0 0}
  .text{max-width:420px}
  .text .brand{font-size:16px;font-weight:700;letter-spacing:.26em;text-transform:uppercase;color:#6465c7}
  .text h1{font-size:40px;line-height:1.15;margin:12px 0 16px}
  .text p{font-size:21px;line-height:1.5;margin:0;color:#4a4a68}
</style></head><body>
  <div class="device"><div class="screen"><iframe id="phone" title="Phone" src="${escape(playPath)}"></iframe></div></div>
  <div class="text"><div class="brand">Teamtrail</div><h1>${escape(heading)}</h1><p>${escape(text)}</p></div>
</body></html>`;
}
