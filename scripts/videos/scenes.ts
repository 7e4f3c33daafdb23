/**
 * The SPEC §3 video catalogue, one scene per slug. Each scene is a function of the stage (the
 * recorded page) and the world (account, demo game, what this build has). Screens that are not
 * in the build yet are skipped step by step (Stage.step), so the same script records fuller
 * videos as the screens land.
 */
import type { Locator, Page } from '@playwright/test';
import { TOUR_IDS, VIDEO_CATALOGUE, type VideoSlug } from '../../src/domain/constants';
import { READ_MS, SkipStep, type Stage } from './stage';
import type { World } from './world';

export interface Scene {
  readonly slug: VideoSlug;
  /** The page the scene opens on, before the cut. */
  readonly startPath: (world: World) => string;
  play(stage: Stage, world: World): Promise<void>;
}

/** Library templates the "creating from" videos pick (server/seed/library). */
export const SEMI_THEMED_TEMPLATE = 'Team Building Icebreakers';
export const THEMED_TEMPLATE = 'Christmas Party Quiz';

const END_TITLE = 'Ready when you are';
const END_SUBTITLE = 'Sign up free to save, test and deliver your first activity.';

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** The library's card of one template (an <article> named by its title). */
const templateCard = (page: Page, name: string | RegExp) => page.getByRole('article', { name });

interface CardText {
  readonly title: string;
  readonly subtitle: string;
}

const COPY_READY: CardText = {
  title: 'Your copy is ready',
  subtitle: 'It opens in the Activity Builder, where you change its name, branding and tasks.',
};
const BLANK_READY: CardText = {
  title: 'Your blank activity is ready',
  subtitle: 'It opens in the Activity Builder: name it, pick a theme and add your tasks.',
};

/**
 * Clicks what leads to the builder. Without the builder in this build a card covers the cut as
 * the click lands, so the viewer never sees a "Page not found".
 */
async function clickToBuilder(stage: Stage, world: World, target: Locator, ready: CardText) {
  if (world.builderReady) {
    await stage.click(target);
    await stage.offCamera(() => stage.page.waitForURL(/\/builder/, { timeout: 15_000 }));
    return;
  }
  await stage.click(target, {
    whilePressed: () => stage.card(ready.title, ready.subtitle, { instant: true }),
  });
  await stage.page.waitForURL(/\/builder/, { timeout: 15_000 });
}

async function openLibrary(stage: Stage, captionHtml: string) {
  const link = await stage.require(sidebarLink(stage.page, 'Template Library'), 'the library link');
  await stage.caption(captionHtml);
  await stage.click(link);
  await stage.offCamera(async () => {
    await stage.require(
      stage.page.getByRole('heading', { name: 'Template Library' }),
      'the Template Library',
    );
    await stage.require(stage.page.getByRole('article'), 'the library cards');
  });
  await stage.pause(700);
}

/** "Choose Template" on a card, then the copy's builder address (SPEC §2.7). */
async function chooseTemplate(stage: Stage, world: World, card: Locator, ready: CardText) {
  await card.evaluate((element) => element.scrollIntoView({ behavior: 'smooth', block: 'center' }));
  await stage.pause(900);
  await stage.pointAt(card);
  await stage.pause(400);
  await clickToBuilder(stage, world, card.getByRole('button', { name: 'Choose Template' }), ready);
}

/** The builder once it exists; until then the card of clickToBuilder stays up. */
async function showBuilder(stage: Stage, world: World, captionHtml: string) {
  if (!world.builderReady) {
    stage.skipped.push('builder: the Activity Builder is not in this build (a card instead)');
    await stage.pause(READ_MS);
    return;
  }
  await stage.caption(captionHtml);
  await stage.pause(READ_MS + 1_000);
}

const welcome: Scene = {
  slug: 'welcome_to_teamtrail',
  startPath: () => '/',
  async play(stage, world) {
    const { page } = stage;
    await stage.titleCard(
      VIDEO_CATALOGUE.welcome_to_teamtrail,
      'Build team activities, test them on your phone, then run them live.',
    );

    await stage.step('dashboard', async () => {
      const tiles = ['Create new game', 'Welcome video', 'Play a demo'];
      if (!(await stage.appears(page.getByText(tiles[0]!, { exact: true }), 2_000))) {
        throw new SkipStep('the Dashboard tiles are not in this build');
      }
      await stage.caption('Start on the <b>Dashboard</b>: the AI Assistant, videos, a demo');
      for (const tile of tiles) await stage.pointAt(page.getByText(tile, { exact: true }).first());
      await stage.pause(500);
    });

    await stage.step('library', async () => {
      await openLibrary(stage, 'Or start from the <b>Template Library</b>');
      await stage.scroll(360, 900);
      await stage.pause(500);
    });

    await stage.step('phone', async () => {
      await stage.caption(null);
      const phone = await stage.offCamera(async () => {
        const frame = await stage.showPhone(
          '/play',
          'Players join on their phones',
          'No app to install first: each team opens the player and types the Activity Code.',
        );
        await frame.getByLabel('Activity code').waitFor({ timeout: 15_000 });
        return frame;
      });
      await stage.caption('Test it first: a <b>10 minute demo</b> on your phone');
      await stage.pause(500);
      await stage.type(phone.getByLabel('Activity code'), world.demoCode);
      await stage.click(phone.getByRole('button', { name: 'Join', exact: true }));
      await stage.offCamera(() =>
        phone.getByText('Take your team photo').waitFor({ timeout: 10_000 }),
      );
      await stage.caption('Each team picks a name');
      await stage.type(phone.getByPlaceholder('Tap to edit'), 'The Owls');
      await stage.click(phone.getByRole('button', { name: 'Join the game' }));
      await stage.offCamera(() => phone.getByText('Capital city').waitFor({ timeout: 10_000 }));
      await stage.caption('…and answers the tasks');
      await stage.pause(400);
      await stage.click(phone.getByText('Capital city'));
      await stage.type(phone.getByRole('textbox'), 'Paris');
      await stage.click(phone.getByRole('button', { name: 'Send answer' }));
      await stage.pause(1_200);
    });

    await stage.step('scoreboard', async () => {
      await stage.caption(null);
      await stage.offCamera(async () => {
        await stage.goto(world.scoreboardPath);
        await stage.require(page.getByText('The Owls'), 'the scoreboard row', 15_000);
      });
      await stage.caption('You follow every team live on the <b>scoreboard</b>');
      await stage.pause(READ_MS);
    });

    await stage.endCard(END_TITLE, END_SUBTITLE);
  },
};

function fromTemplate(
  slug: 'creating_from_semi_themed' | 'creating_from_themed',
  templateName: string,
  subtitle: string,
): Scene {
  return {
    slug,
    startPath: () => '/',
    async play(stage, world) {
      await stage.titleCard(VIDEO_CATALOGUE[slug], subtitle);
      const opened = await stage.step('library', () =>
        openLibrary(stage, '<b>Step 1</b> Open the Template Library'),
      );
      const chosen =
        opened &&
        (await stage.step('choose', async () => {
          const card = await stage.require(
            templateCard(stage.page, templateName),
            `the "${templateName}" card`,
          );
          await stage.caption(`<b>Step 2</b> Choose “${templateName}”`);
          await chooseTemplate(stage, world, card, COPY_READY);
        }));
      if (chosen) {
        await stage.step('builder', () =>
          showBuilder(stage, world, '<b>Step 3</b> Your own copy opens in the Activity Builder'),
        );
      }
      await stage.endCard(END_TITLE, END_SUBTITLE);
    },
  };
}

const fromBlank: Scene = {
  slug: 'creating_from_blank',
  startPath: () => '/',
  async play(stage, world) {
    const { page } = stage;
    await stage.titleCard(
      VIDEO_CATALOGUE.creating_from_blank,
      'Start from an empty activity and write your own tasks.',
    );
    // A blank card in the library when there is one; otherwise the builder from the menu.
    const started = await stage.step('blank', async () => {
      if (world.libraryHasBlank) {
        await openLibrary(stage, '<b>Step 1</b> Open the Template Library');
        await stage.caption('<b>Step 2</b> Choose the blank template');
        await chooseTemplate(stage, world, templateCard(page, /blank/i).first(), BLANK_READY);
      } else {
        const builder = await stage.require(
          sidebarLink(page, 'Activity Builder'),
          'the Activity Builder link',
        );
        await stage.caption('<b>Step 1</b> Open the <b>Activity Builder</b>');
        await stage.pause(600);
        await clickToBuilder(stage, world, builder, BLANK_READY);
      }
    });
    if (started) {
      await stage.step('builder', () =>
        showBuilder(stage, world, '<b>Step 2</b> Name it, pick a theme and add your tasks'),
      );
    }
    await stage.endCard(END_TITLE, END_SUBTITLE);
  },
};

/**
 * The tutorial walks through the builder's own guided tours (SPEC §4): the video and the tours
 * say the same things. The recording's browser has every tour marked as seen; this scene forgets
 * them, so each screen's tour runs again in front of the camera.
 */
const TOUR_SCREENS = [
  { tab: null, caption: '<b>Overview</b> Name, preview and where everything is' },
  { tab: 'Tasks', caption: '<b>Tasks</b> Questions and challenges, or let the AI write them' },
  { tab: 'Styling', caption: '<b>Styling</b> Your logo, a theme and your colours' },
] as const;

const builderTutorial: Scene = {
  slug: 'activity_builder_tutorial',
  startPath: (world) => (world.builderReady ? '/builder' : '/'),
  async play(stage, world) {
    const { page } = stage;
    const title = VIDEO_CATALOGUE.activity_builder_tutorial;
    const subtitle = 'A quick tour of where everything is.';
    if (!world.builderReady) {
      stage.skipped.push('tour: the Activity Builder is not in this build (a card instead)');
      await stage.card(title, subtitle, { instant: true });
      stage.markStart();
      await stage.pause(READ_MS);
      await stage.card(
        'The builder tour arrives with the Activity Builder',
        'Until then, start from the Template Library or the AI Assistant on the Dashboard.',
      );
      await stage.pause(READ_MS + 1_800);
      return;
    }
    await stage.offCamera(async () => {
      await page.waitForURL(/\/builder\/[^/]+$/, { timeout: 15_000 });
      await page.evaluate((ids) => {
        for (const id of ids) window.localStorage.removeItem(id);
      }, TOUR_IDS);
      await page.reload({ waitUntil: 'domcontentloaded' });
    });
    await stage.titleCard(title, subtitle);
    const tourStep = page.getByTestId('tour-step');
    for (const screen of TOUR_SCREENS) {
      await stage.step(`tour: ${screen.tab ?? 'Overview'}`, async () => {
        if (screen.tab) {
          const tab = page.getByRole('tab', { name: screen.tab });
          if (!(await tab.isVisible())) {
            // The overview has no tabs: its "Styling" and "Tasks" sections lead there.
            await stage.click(page.getByTestId(`overview-section-${screen.tab.toLowerCase()}`));
          } else {
            await stage.click(tab);
          }
        }
        await stage.require(tourStep, `the ${screen.tab ?? 'Overview'} tour`, 6_000);
        await stage.caption(screen.caption);
        // Each step of the tour in turn, until the tour ends.
        for (let shown = 0; shown < 8 && (await tourStep.isVisible()); shown++) {
          await stage.pause(READ_MS);
          await stage.click(tourStep.getByRole('button', { name: /^(Next|Done)$/ }));
          await stage.pause(500);
        }
      });
    }
    await stage.endCard(END_TITLE, END_SUBTITLE);
  },
};

export const SCENES: readonly Scene[] = [
  welcome,
  fromBlank,
  fromTemplate(
    'creating_from_semi_themed',
    SEMI_THEMED_TEMPLATE,
    'Start from ready-made tasks, then make them yours.',
  ),
  fromTemplate(
    'creating_from_themed',
    THEMED_TEMPLATE,
    'Start from a fully themed activity, ready to run.',
  ),
  builderTutorial,
];
