/**
 * The marketing pages and the video catalogue in the built app (SPEC §1 marketing
 * links, §2.2 "View plans", §3 video catalogue): the sidebar's "View plans" opens the app's own
 * pricing page, its "Contact Us" the contact page, and the videos are served as MP4 with range
 * requests, which browsers need to seek and Safari needs to play at all.
 */
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const WELCOME_VIDEO = '/video/welcome_to_teamtrail.mp4';

test('"View plans" in the sidebar opens the pricing page; "Contact Us" opens the contact page', async ({
  page,
}) => {
  await page.goto('/');
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: 'View plans' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeVisible();
  for (const plan of ['Free', 'Pro', 'Enterprise']) {
    await expect(page.getByRole('heading', { level: 2, name: plan, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('table', { name: 'Compare plans' })).toBeVisible();
  // SPEC §2.2: sign-up returns to ?from=.
  await expect(page.getByRole('link', { name: 'Sign up free' })).toHaveAttribute(
    'href',
    '/sign-up?from=%2F',
  );

  await page.getByRole('link', { name: 'Contact Us about the Pro plan' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page.getByTestId('contact-phone').getByRole('link')).toHaveAttribute(
    'href',
    /^tel:\+?\d+$/,
  );
  await expect(page.getByRole('link', { name: 'E-mail us to book a call' })).toHaveAttribute(
    'href',
    /^mailto:[^?]+\?subject=Teamtrail%3A%20book%20a%20call/,
  );
});

test.describe('SPEC §3 video catalogue', () => {
  test.skip(
    !existsSync(`public${WELCOME_VIDEO}`),
    'the videos are recorded by scripts/record-videos.ts',
  );

  test('a video is served as video/mp4 and answers a range request with 206', async ({
    request,
  }) => {
    const whole = await request.head(WELCOME_VIDEO);
    expect(whole.status()).toBe(200);
    expect(whole.headers()['content-type']).toBe('video/mp4');
    expect(whole.headers()['accept-ranges']).toBe('bytes');
    const size = Number(whole.headers()['content-length']);
    expect(size).toBeGreaterThan(1_000);

    const part = await request.get(WELCOME_VIDEO, { headers: { range: 'bytes=0-99' } });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-type']).toBe('video/mp4');
    expect(part.headers()['content-range']).toBe(`bytes 0-99/${size}`);
    const body = await part.body();
    expect(body.length).toBe(100);
    // An MP4 starts with its "ftyp" box.
    expect(body.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  test('the welcome video plays in the browser', async ({ page }) => {
    await page.goto('/pricing');
    const playable = await page.evaluate(async (src) => {
      const video = document.createElement('video');
      video.muted = true;
      video.src = src;
      document.body.append(video);
      return new Promise<{ duration: number; width: number }>((resolve, reject) => {
        video.onloadedmetadata = () =>
          resolve({ duration: video.duration, width: video.videoWidth });
        video.onerror = () => reject(new Error(`video error ${video.error?.code}`));
      });
    }, WELCOME_VIDEO);
    expect(playable.width).toBeGreaterThan(0);
    expect(playable.duration).toBeGreaterThan(5);
  });
});
