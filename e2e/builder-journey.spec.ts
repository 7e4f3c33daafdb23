/**
 * The organiser's whole Activity Builder journey in the built app (SPEC §2.8): a guest
 * builds a 10-task quiz with every task type the selector offers, uploads a logo and a task
 * image, picks a theme and the three colours, reloads and finds it all, edits while the server
 * cannot be reached, sees the edit reach the server once it is back, and tests the quiz as a
 * demo.
 *
 * "Offline" is the API server stopped (with the page switched offline too): the built app's sync
 * runs in a SharedWorker, whose requests neither Playwright's offline switch nor its routes
 * reach, so only a server that is really gone makes the edit wait on the device.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  builderTest as test,
  expectTaskCard,
  fillTaskCard,
  overviewLine,
  pngFile,
  serverTemplate,
  taskCards,
  type JourneyTask,
} from './support/builder';
import { normaliseCode } from '../src/domain/gameCodes';
import { signUpInBrowser } from './support/organiserApi';
import { expect } from '@playwright/test';

const SHOTS = '/tmp/journey-shots';
/** The sync engine backs off up to 60 s (with jitter) while the server is away. */
const RECONNECT_TIMEOUT_MS = 120_000;
/** A push, or an upload through the worker's queue, on a busy two-core machine. */
const SYNC_TIMEOUT_MS = 30_000;

const TASKS: readonly JourneyTask[] = [
  {
    type: 'multipleChoice',
    name: 'Planets',
    text: 'Which planet is known as the red planet?',
    answers: ['Venus', 'Jupiter', 'Mars', 'Saturn'],
    correct: 2,
    points: 25,
  },
  {
    type: 'freeText',
    name: 'Capitals',
    text: 'What is the capital of France?',
    answer: 'Paris',
    points: 10,
  },
  {
    type: 'photoChallenge',
    name: 'Team photo',
    text: 'Take a photo of your whole team pulling a funny face.',
    points: 50,
  },
  {
    type: 'videoChallenge',
    name: 'Team song',
    text: 'Record a 10 second video of your team singing a jingle.',
    points: 75,
  },
  {
    type: 'freeText',
    name: 'Chemistry',
    text: 'What is the chemical symbol for gold?',
    answer: 'Au',
    points: 15,
  },
  {
    type: 'multipleChoice',
    name: 'Oceans',
    text: 'Which is the largest ocean?',
    answers: ['Pacific', 'Atlantic'],
    correct: 0,
    points: 20,
  },
  {
    type: 'photoChallenge',
    name: 'Landmark',
    text: 'Take a photo of the nearest landmark.',
    points: 40,
  },
  {
    type: 'videoChallenge',
    name: 'Human pyramid',
    text: 'Film your team building a (safe) human pyramid.',
    points: 100,
  },
  {
    type: 'freeText',
    name: 'Maths',
    text: 'What is 7 times 8?',
    answer: '56',
    points: 5,
  },
  {
    type: 'multipleChoice',
    name: 'Music',
    text: 'How many strings does a standard guitar have?',
    answers: ['4', '5', '6'],
    correct: 2,
    points: 30,
  },
];

const ACTIVITY_NAME = 'Friday team quiz';
/** Within SPEC §2.8's 280x60, so the logo is taken without a warning. */
const LOGO = pngFile('journey-logo.png', 240, 50, [20, 60, 160], [250, 200, 30]);
const TASK_IMAGE = pngFile('red-planet.png', 320, 200, [190, 60, 40], [90, 30, 20]);
/** The task that gets the image: the first (Planets). */
const IMAGE_TASK = 0;
const THEME = 'Ocean';
const COLOURS = { header: '#1E3A8A', task: '#FFF7E6', selfie: '#0F766E' } as const;

/** The task renamed and re-scored while offline. */
const OFFLINE_TASK = 1;
const OFFLINE_NAME = 'Capitals (edited offline)';
const OFFLINE_POINTS = 35;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Expands a collapsed task card (its header button toggles it). */
async function expand(page: Page, index: number) {
  const card = taskCards(page).nth(index);
  const header = card.locator('button[aria-expanded]').first();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
  return card;
}

async function collapse(page: Page, index: number) {
  const header = taskCards(page).nth(index).locator('button[aria-expanded]').first();
  if ((await header.getAttribute('aria-expanded')) === 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'false');
}

/** The overview has no tabs: its section links open the screens. */
async function openTasksFromOverview(page: Page) {
  await page
    .getByRole('navigation', { name: 'Activity sections' })
    .getByRole('link', { name: /^Tasks/ })
    .click();
}

test.describe('SPEC §2.8 Activity Builder: the organiser’s journey', () => {
  // Starting the test's own API server (embedded PGlite) counts against the test's time too.
  test.describe.configure({ timeout: 300_000 });
  // A step that cannot go on fails in seconds, not at the journey's long timeout.
  test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  test('a guest builds a 10-task quiz with every task type, styles it, edits it offline and tests it as a demo', async ({
    page,
    context,
    api,
  }) => {
    const syncIndicator = page.getByTestId('sync-indicator');
    const testActivity = page.getByRole('button', { name: 'Test Activity' });
    let id = '';

    await test.step('a guest opens the builder and names the blank activity', async () => {
      await page.goto('/builder');
      await expect(page).toHaveURL(/\/builder\/[0-9a-f-]{36}$/);
      id = new URL(page.url()).pathname.split('/')[2] ?? '';
      await page.getByLabel(/^Name/).fill(ACTIVITY_NAME);
      await page.getByLabel('Description').fill('Ten questions and challenges for Friday.');
      await openTasksFromOverview(page);
      await expect(page).toHaveURL(new RegExp(`/builder/${id}/tasks$`));
    });

    await test.step('ten tasks with every type, their answers and points', async () => {
      // The blank activity's one task is the first; the others are added.
      await expect(taskCards(page)).toHaveCount(1);
      for (const [index, task] of TASKS.entries()) {
        if (index > 0) {
          await page.getByRole('button', { name: 'Add a task' }).click();
          await expect(taskCards(page)).toHaveCount(index + 1);
        }
        const card = await expand(page, index);
        await fillTaskCard(card, task);
        if (index === IMAGE_TASK) {
          await card.locator('input[type="file"]').setInputFiles(TASK_IMAGE);
          await expect(card.getByTestId('media-preview')).toContainText(TASK_IMAGE.name, {
            timeout: SYNC_TIMEOUT_MS,
          });
        }
        await collapse(page, index);
        await expect(taskCards(page).nth(index).getByTestId('task-card-overview')).toHaveText(
          overviewLine(task),
        );
      }
      await expect(page.getByTestId('tasks-invalid-banner')).toHaveCount(0);
      await expect(taskCards(page).and(page.locator('[data-invalid]'))).toHaveCount(0);
      // The preview shows the active task, with its image.
      await taskCards(page).nth(IMAGE_TASK).locator('button[aria-expanded]').first().focus();
      await shot(page, '01-tasks');
    });

    await test.step('a logo, a theme and the three colours', async () => {
      await page.getByRole('tab', { name: 'Styling' }).click();
      await expect(page).toHaveURL(new RegExp(`/builder/${id}/styling$`));
      const uploader = page.getByTestId('logo-uploader');
      await uploader.locator('input[type="file"]').setInputFiles(LOGO);
      await expect(uploader.getByText(LOGO.name)).toBeVisible();
      await expect
        .poll(() =>
          uploader
            .getByRole('img', { name: 'Logo preview' })
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBe(240);
      // Stored and sent: no longer waiting.
      await expect(uploader.getByRole('status')).toHaveCount(0, { timeout: SYNC_TIMEOUT_MS });

      await page.getByTestId('swatch-theme').click();
      await expect(page.getByRole('heading', { name: 'Choose activity theme' })).toBeVisible();
      await page.getByRole('button', { name: THEME }).click();
      await expect(page.getByRole('img', { name: `Preview of the theme ${THEME}` })).toBeVisible();
      await shot(page, '02-theme');
      await page.getByRole('button', { name: 'Confirm choice' }).click();
      await expect(page).toHaveURL(new RegExp(`/builder/${id}/styling$`));
      await expect(page.getByTestId('swatch-theme')).toContainText(THEME);

      for (const mode of ['header', 'task', 'selfie'] as const) {
        await page.getByTestId(`swatch-${mode}`).click();
        await page.getByLabel('Hex colour').fill(COLOURS[mode]);
        await expect(page.getByTestId('colour-swatch')).toContainText(COLOURS[mode]);
        if (mode === 'task') await shot(page, '03-task-colour');
        await page.getByRole('button', { name: 'Confirm choice' }).click();
        await expect(page).toHaveURL(new RegExp(`/builder/${id}/styling$`));
        await expect(page.getByTestId(`swatch-${mode}`)).toContainText(COLOURS[mode]);
      }
      await shot(page, '04-styling');
    });

    await test.step('everything reaches the server', async () => {
      await expect(syncIndicator).toHaveAttribute('data-tone', 'synced', {
        timeout: SYNC_TIMEOUT_MS,
      });
      await expect(syncIndicator).toContainText('All changes synced');
      const server = await serverTemplate(page, id);
      expect(server).not.toBeNull();
      expect(server?.name).toBe(ACTIVITY_NAME);
      expect(server?.selectedThemeId).toBe(server?.theme?.id);
      expect(server?.theme?.name).toBe(THEME);
      expect(server?.branding).toMatchObject({
        headerColour: COLOURS.header,
        questionBackgroundColour: COLOURS.task,
        selfieBackgroundColour: COLOURS.selfie,
        logo: { filename: LOGO.name, mimeType: 'image/png', default: false },
      });
      expect(server?.stepValidationErrors).toEqual([]);
      expect(server?.steps.map((s) => [s.name, s.type, s.text, s.points])).toEqual(
        TASKS.map((t) => [t.name, t.type, t.text, t.points]),
      );
      for (const [index, task] of TASKS.entries()) {
        const step = server?.steps[index];
        if (task.type === 'freeText') {
          expect(step?.answers).toMatchObject([{ value: task.answer, correct: true }]);
        } else if (task.type === 'multipleChoice') {
          expect(step?.answers.map((a) => [a.value, a.correct])).toEqual(
            task.answers.map((value, i) => [value, i === task.correct]),
          );
        } else {
          // SPEC §4: a question type changed to a challenge keeps one blank correct answer.
          expect(step?.answers.map((a) => a.value)).toEqual(['']);
        }
        expect(step?.media?.filename ?? null).toBe(index === IMAGE_TASK ? TASK_IMAGE.name : null);
      }
      // The server serves the uploads it answered with.
      for (const url of [server?.branding.logo?.url, server?.steps[IMAGE_TASK]?.media?.url]) {
        const file = await page.request.get(url ?? '');
        expect(file.status(), url).toBe(200);
      }
    });

    await test.step('after a reload, everything is still there', async () => {
      await page.reload();
      await expect(page.getByTestId('swatch-theme')).toContainText(THEME);
      for (const mode of ['header', 'task', 'selfie'] as const) {
        await expect(page.getByTestId(`swatch-${mode}`)).toContainText(COLOURS[mode]);
      }
      await expect(page.getByTestId('logo-uploader').getByText(LOGO.name)).toBeVisible();
      await expect
        .poll(() =>
          page
            .getByRole('img', { name: 'Logo preview' })
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBe(240);

      await page.getByRole('tab', { name: 'Tasks' }).click();
      await expect(taskCards(page)).toHaveCount(TASKS.length);
      for (const [index, task] of TASKS.entries()) {
        const card = taskCards(page).nth(index);
        await expect(card).toHaveAccessibleName(`Task ${index + 1}: ${task.name}`);
        await expect(card.getByTestId('task-card-overview')).toHaveText(overviewLine(task));
        await expectTaskCard(await expand(page, index), task);
        await expect(card.getByTestId('media-preview')).toHaveCount(index === IMAGE_TASK ? 1 : 0);
        await collapse(page, index);
      }
      await expect(taskCards(page).nth(IMAGE_TASK).getByText(TASK_IMAGE.name)).toHaveCount(0);
      await expand(page, IMAGE_TASK);
      await expect(taskCards(page).nth(IMAGE_TASK).getByTestId('media-preview')).toContainText(
        TASK_IMAGE.name,
      );
      // The active task's image, served by the server, in the phone preview.
      await expect
        .poll(() =>
          page
            .getByTestId('tasks-preview-column')
            .getByRole('img', { name: TASK_IMAGE.name })
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBe(320);
      await collapse(page, IMAGE_TASK);
      await page.getByRole('link', { name: 'Back to Overview' }).click();
      await expect(page.getByLabel(/^Name/)).toHaveValue(ACTIVITY_NAME);
      await shot(page, '05-overview-after-reload');
    });

    await test.step('offline, an edit waits on the device', async () => {
      await openTasksFromOverview(page);
      await expect(taskCards(page)).toHaveCount(TASKS.length);
      await api.stop();
      await context.setOffline(true);

      const card = await expand(page, OFFLINE_TASK);
      await card.getByLabel('Task name').fill(OFFLINE_NAME);
      const points = card.getByLabel('Points');
      await points.fill(String(OFFLINE_POINTS));
      await points.blur();
      await collapse(page, OFFLINE_TASK);
      await expect(taskCards(page).nth(OFFLINE_TASK)).toHaveAccessibleName(
        `Task ${OFFLINE_TASK + 1}: ${OFFLINE_NAME}`,
      );
      await expect(syncIndicator).toHaveAttribute('data-tone', 'offline');
      await expect(syncIndicator).toHaveText('Offline – changes are saved on this device');
      // A demo is made from the server's copy: not while the edit is only here.
      await expect(testActivity).toBeDisabled();
      await shot(page, '06-offline-edit');
    });

    await test.step('back online, the edit reaches the server by itself', async () => {
      await context.setOffline(false);
      await api.start();
      await expect(syncIndicator).toHaveAttribute('data-tone', 'synced', {
        timeout: RECONNECT_TIMEOUT_MS,
      });
      const server = await serverTemplate(page, id);
      expect(server?.steps[OFFLINE_TASK]).toMatchObject({
        name: OFFLINE_NAME,
        points: OFFLINE_POINTS,
      });
      // Nothing else changed on the way.
      expect(server?.steps.map((s) => s.name)).toEqual(
        TASKS.map((t, i) => (i === OFFLINE_TASK ? OFFLINE_NAME : t.name)),
      );
      await shot(page, '07-back-online');
    });

    await test.step('"Test Activity" asks a guest for an account, then makes the demo', async () => {
      await expect(testActivity).toBeEnabled();
      await testActivity.click();
      let dialog = page.getByRole('dialog', { name: 'Create (Demo) Activity' });
      await expect(dialog.getByTestId('sign-in-prompt')).toBeVisible();
      await shot(page, '08-demo-needs-account');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toBeHidden();

      await signUpInBrowser(page, { from: `/builder/${id}/tasks` });
      await expect(taskCards(page)).toHaveCount(TASKS.length);
      await expect(testActivity).toBeEnabled({ timeout: SYNC_TIMEOUT_MS });
      await testActivity.click();
      dialog = page.getByRole('dialog', { name: 'Create (Demo) Activity' });
      await expect(dialog).toContainText(`Demo of ${ACTIVITY_NAME}`);
      await expect(dialog.getByText('Your demo activity is ready to test')).toBeVisible({
        timeout: SYNC_TIMEOUT_MS,
      });
      const code = dialog.getByTestId('activity-code-value');
      expect(normaliseCode(await code.innerText()), 'an activity code').not.toBeNull();
      await expect
        .poll(() =>
          dialog
            .getByRole('img', { name: /QR code/ })
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBeGreaterThan(0);
      await expect(dialog.getByText(/valid for 10 minutes/)).toBeVisible();
      await shot(page, '09-demo-code');
    });
  });
});
