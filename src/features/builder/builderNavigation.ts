/**
 * SPEC §2.8 routes inside the builder: the tabs of the panel header per game type, and where each
 * screen's footer leads (Back to Overview, Next, or "Test Activity" where there is no next).
 */
import type { GameType } from '../../domain/enums';

export type BuilderSection = 'styling' | 'locations' | 'tasks' | 'order';

export interface BuilderTab {
  section: BuilderSection;
  label: string;
}

const TAB_LABELS: Record<BuilderSection, string> = {
  styling: 'Styling',
  locations: 'Locations',
  tasks: 'Tasks',
  order: 'Order',
};

const TABS_BY_GAME_TYPE: Record<GameType, readonly BuilderSection[]> = {
  quiz: ['styling', 'tasks'],
  location: ['styling', 'locations', 'tasks', 'order'],
};

export function builderTabs(gameType: GameType): BuilderTab[] {
  return TABS_BY_GAME_TYPE[gameType].map((section) => ({ section, label: TAB_LABELS[section] }));
}

export const builderBase = (templateId: string): string =>
  `/builder/${encodeURIComponent(templateId)}`;

export const sectionPath = (templateId: string, section: BuilderSection | 'overview'): string =>
  `${builderBase(templateId)}/${section}`;

/** The section a builder path shows; null for the overview (index or /overview). */
export function sectionOf(pathname: string): BuilderSection | null {
  const match = /^\/builder\/[^/]+\/([^/]+)/.exec(pathname);
  const segment = match?.[1];
  return segment === 'styling' ||
    segment === 'locations' ||
    segment === 'tasks' ||
    segment === 'order'
    ? segment
    : null;
}

export type FooterScreen = 'overview' | BuilderSection;

export interface FooterRoutes {
  back?: string;
  next?: string;
  testActivity: boolean;
}

/** SPEC §2.8 footers, as paths relative to /builder/{id}. */
export function footerRoutes(screen: FooterScreen, gameType: GameType): FooterRoutes {
  switch (screen) {
    case 'overview':
      return { testActivity: true };
    case 'styling':
      return {
        back: 'overview',
        next: gameType === 'quiz' ? 'tasks' : 'locations',
        testActivity: false,
      };
    case 'locations':
      return { back: 'overview', next: 'tasks', testActivity: false };
    case 'tasks':
      return gameType === 'quiz'
        ? { back: 'overview', testActivity: true }
        : { back: 'overview', next: 'order', testActivity: false };
    case 'order':
      return { back: 'overview', testActivity: true };
  }
}
