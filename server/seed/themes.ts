/**
 * The themes every template can choose from (SPEC §2.8 Theme screen). Each preview image is a
 * hand-drawn phone-game background in public/themes/{slug}.svg (376x816, the phone preview size
 * of SPEC §9). The first theme is the default one.
 */
import type { Theme } from '../../src/domain/schemas';

/** Fixed ids, so that templates can refer to a theme and re-seeding is idempotent. */
export const THEME_IDS = {
  classic: 'd7848382-eb3a-4504-b0f0-a7eba45ab78d',
  ocean: '9898bcf3-92ca-4545-9f35-d58342c97453',
  forest: 'a341baf2-b0af-489e-b3c1-f930a37a20af',
  sunset: 'a16249fb-ff5e-4369-a5dc-5c07a13e0ce3',
  midnight: 'bbf61a6f-0cf0-466b-bb44-f2bac9ae93ce',
  confetti: 'a0ab01e4-7d60-46c9-a2b9-7c53a006ceff',
  corporate: 'f4ea22a0-ec9d-4f3b-a780-6771f1debaa0',
  festive: '992a4d21-4343-422c-80a3-ef6dec504600',
} as const;

export const SEED_THEMES: Theme[] = [
  {
    id: THEME_IDS.classic,
    name: 'Classic Teamtrail',
    primaryColour: '#6465C7',
    secondaryColour: '#FCB900',
    previewImageUrl: '/themes/classic.svg',
  },
  {
    id: THEME_IDS.ocean,
    name: 'Ocean',
    primaryColour: '#0393E3',
    secondaryColour: '#00E1EF',
    previewImageUrl: '/themes/ocean.svg',
  },
  {
    id: THEME_IDS.forest,
    name: 'Forest',
    primaryColour: '#1E6B3A',
    secondaryColour: '#7BDCB4',
    previewImageUrl: '/themes/forest.svg',
  },
  {
    id: THEME_IDS.sunset,
    name: 'Sunset',
    primaryColour: '#FF6800',
    secondaryColour: '#EB144C',
    previewImageUrl: '/themes/sunset.svg',
  },
  {
    id: THEME_IDS.midnight,
    name: 'Midnight',
    primaryColour: '#1A1F4B',
    secondaryColour: '#9900EF',
    previewImageUrl: '/themes/midnight.svg',
  },
  {
    id: THEME_IDS.confetti,
    name: 'Confetti',
    primaryColour: '#EF0073',
    secondaryColour: '#FCB900',
    previewImageUrl: '/themes/confetti.svg',
  },
  {
    id: THEME_IDS.corporate,
    name: 'Corporate',
    primaryColour: '#1F3A5F',
    secondaryColour: '#AAB8C3',
    previewImageUrl: '/themes/corporate.svg',
  },
  {
    id: THEME_IDS.festive,
    name: 'Festive',
    primaryColour: '#B3122E',
    secondaryColour: '#0B6623',
    previewImageUrl: '/themes/festive.svg',
  },
];
