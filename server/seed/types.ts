/**
 * Shapes of the seed content that is written into the database at first start (SPEC §2.7
 * Template Library). The content itself lives in server/seed/library/ and server/seed/themes.ts.
 */
import type { DeliveryType, Duration, GameType } from '../../src/domain/enums';
import type { Step } from '../../src/domain/schemas';

export interface LibrarySeedBranding {
  headerColour: string;
  questionBackgroundColour: string;
  selfieBackgroundColour: string;
}

/** One master template of the library, with its tasks. */
export interface LibrarySeed {
  /** Fixed UUIDv4 literal, so that re-seeding is idempotent. */
  id: string;
  name: string;
  /** One line for the library card. */
  shortDescription: string;
  /** Two to four sentences. */
  description: string;
  gameType: GameType;
  deliveryType: DeliveryType;
  duration: Duration;
  comingSoon: boolean;
  /** '/thumbnails/{slug}.svg', served from public/. */
  thumbnail: string;
  /** The id of one of SEED_THEMES. */
  selectedThemeId: string;
  branding: LibrarySeedBranding;
  steps: Step[];
}
