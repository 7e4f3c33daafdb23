/**
 * The shipped library content (server/seed): every theme, library template and the blank
 * template parse with the domain schemas, ids are unique, the library covers every filter value
 * of SPEC §2.7, and every playable task follows the SPEC §5 rules. The images they point to must
 * exist in public/ and be inert SVG.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DELIVERY_TYPES, DURATIONS, GAME_TYPES } from '../../../src/domain/enums';
import { hexColourSchema, stepSchema, themeSchema } from '../../../src/domain/schemas';
import type { Step } from '../../../src/domain/schemas';
import { validateStep } from '../../../src/domain/validation/step';
import { BLANK_TEMPLATE_SEED } from '../../../server/seed/blank';
import { LIBRARY_SEEDS } from '../../../server/seed/library';
import { SEED_THEMES, THEME_IDS } from '../../../server/seed/themes';
import type { LibrarySeed } from '../../../server/seed/types';

const PUBLIC_DIR = join(import.meta.dirname, '../../../public');
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ALL_SEEDS: LibrarySeed[] = [...LIBRARY_SEEDS, BLANK_TEMPLATE_SEED];

/** Every id in the seed content: themes, templates, steps and answers. */
function allIds(): string[] {
  return [
    ...SEED_THEMES.map((t) => t.id),
    ...ALL_SEEDS.flatMap((seed) => [
      seed.id,
      ...seed.steps.flatMap((step) => [step.id, ...step.answers.map((a) => a.id)]),
    ]),
  ];
}

/** The SPEC §5 rules for a complete task, written out here rather than borrowed. */
function ruleViolations(step: Step): string[] {
  const problems: string[] = [];
  if (step.name.trim() === '') problems.push('name is empty');
  if (step.text.trim() === '') problems.push('text is empty');
  if (!Number.isInteger(step.points) || step.points < 1 || step.points > 1000) {
    problems.push(`points ${step.points} outside 1-1000`);
  }
  if (step.media !== null) problems.push('media is not null');
  switch (step.type) {
    case 'freeText': {
      if (step.answers.length !== 1) problems.push('freeText needs exactly one answer');
      const [answer] = step.answers;
      if (answer && (answer.value.trim() === '' || !answer.correct)) {
        problems.push('freeText answer must be non-empty and correct');
      }
      break;
    }
    case 'multipleChoice': {
      if (step.answers.length !== 4) problems.push('multipleChoice needs 4 answers');
      if (step.answers.some((a) => a.value.trim() === '')) problems.push('empty answer');
      if (step.answers.filter((a) => a.correct).length !== 1) {
        problems.push('multipleChoice needs exactly one correct answer');
      }
      const values = step.answers.map((a) => a.value.trim().toLowerCase());
      if (new Set(values).size !== values.length) problems.push('duplicate answer values');
      break;
    }
    case 'standardChallenge':
    case 'photoChallenge':
    case 'videoChallenge':
      if (step.answers.length !== 0) problems.push('challenge must have no answers');
      break;
  }
  return problems;
}

function readPublicFile(url: string): string {
  const path = join(PUBLIC_DIR, url);
  expect(existsSync(path), `${url} exists in public/`).toBe(true);
  return readFileSync(path, 'utf8');
}

/** Static, self-contained SVG: no scripts, no event handlers, no external references. */
function svgProblems(svg: string): string[] {
  const problems: string[] = [];
  if (!svg.trimStart().startsWith('<svg')) problems.push('does not start with <svg');
  if (/<script/i.test(svg)) problems.push('contains <script');
  if (/\son[a-z]+\s*=/i.test(svg)) problems.push('contains an on…= handler');
  if (/href\s*=\s*["']\s*(https?:|\/\/|data:)/i.test(svg)) problems.push('external href');
  if (/url\(\s*["']?\s*(https?:|\/\/)/i.test(svg)) problems.push('external url()');
  if (/<(foreignObject|image|iframe|embed|object)\b/i.test(svg)) problems.push('embedded content');
  if (/<text\b/i.test(svg)) problems.push('contains text');
  return problems;
}

describe('seed themes', () => {
  it('has at least 6 themes that parse with themeSchema', () => {
    expect(SEED_THEMES.length).toBeGreaterThanOrEqual(6);
    for (const theme of SEED_THEMES) expect(themeSchema.parse(theme)).toEqual(theme);
  });

  it('uses UUIDv4 ids, unique names and the /themes/{slug}.svg preview', () => {
    expect(new Set(SEED_THEMES.map((t) => t.name)).size).toBe(SEED_THEMES.length);
    for (const theme of SEED_THEMES) {
      expect(theme.id).toMatch(UUID_V4);
      expect(theme.previewImageUrl).toMatch(/^\/themes\/[a-z0-9-]+\.svg$/);
    }
    expect(Object.values(THEME_IDS).sort()).toEqual(SEED_THEMES.map((t) => t.id).sort());
  });

  it.each(SEED_THEMES.map((t) => [t.name, t.previewImageUrl]))(
    '%s preview exists and is a safe, small portrait SVG',
    (_name, url) => {
      const svg = readPublicFile(url);
      expect(svgProblems(svg)).toEqual([]);
      expect(svg).toContain('viewBox="0 0 376 816"');
      expect(Buffer.byteLength(svg)).toBeLessThan(6 * 1024);
    },
  );
});

describe('seed ids', () => {
  it('are UUIDv4 literals, unique across all seed content', () => {
    const ids = allIds();
    for (const id of ids) expect(id).toMatch(UUID_V4);
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(duplicates).toEqual([]);
  });
});

describe('library templates', () => {
  it('has at least 14 templates with unique names and thumbnails', () => {
    expect(LIBRARY_SEEDS.length).toBeGreaterThanOrEqual(14);
    expect(new Set(LIBRARY_SEEDS.map((s) => s.name)).size).toBe(LIBRARY_SEEDS.length);
    expect(new Set(LIBRARY_SEEDS.map((s) => s.thumbnail)).size).toBe(LIBRARY_SEEDS.length);
  });

  it('covers every filter value of the Template Library (SPEC §2.7, §9)', () => {
    for (const deliveryType of DELIVERY_TYPES) {
      expect(LIBRARY_SEEDS.filter((s) => s.deliveryType === deliveryType).length).toBeGreaterThan(
        1,
      );
    }
    for (const gameType of GAME_TYPES) {
      expect(LIBRARY_SEEDS.some((s) => s.gameType === gameType)).toBe(true);
    }
    for (const duration of DURATIONS) {
      expect(LIBRARY_SEEDS.some((s) => s.duration === duration)).toBe(true);
    }
    const comingSoon = LIBRARY_SEEDS.filter((s) => s.comingSoon);
    expect(comingSoon.length).toBeGreaterThanOrEqual(3);
    expect(comingSoon.length).toBeLessThanOrEqual(4);
  });

  it('includes a GPS CSR Challenge and a Problem Solving Training (SPEC §2.2)', () => {
    const csr = LIBRARY_SEEDS.find((s) => s.name === 'GPS CSR Challenge');
    expect(csr).toMatchObject({ gameType: 'location', comingSoon: true });
    const problemSolving = LIBRARY_SEEDS.find((s) => s.name === 'Problem Solving Training');
    expect(problemSolving).toMatchObject({ gameType: 'quiz', comingSoon: false });
  });

  it('marks every outdoor GPS (location) template comingSoon', () => {
    const location = LIBRARY_SEEDS.filter((s) => s.gameType === 'location');
    expect(location.length).toBeGreaterThanOrEqual(2);
    for (const seed of location) expect(seed.comingSoon).toBe(true);
  });

  it('exercises locked tasks in at least two templates', () => {
    const withLocked = LIBRARY_SEEDS.filter((s) => s.steps.some((step) => step.locked));
    expect(withLocked.length).toBeGreaterThanOrEqual(2);
  });

  describe.each(LIBRARY_SEEDS.map((s) => [s.name, s] as const))('%s', (_name, seed) => {
    it('has its card fields, a known theme and hex branding colours', () => {
      expect(seed.name.trim()).not.toBe('');
      expect(seed.shortDescription.trim()).not.toBe('');
      expect(seed.description.trim()).not.toBe('');
      expect(seed.thumbnail).toMatch(/^\/thumbnails\/[a-z0-9-]+\.svg$/);
      expect(SEED_THEMES.map((t) => t.id)).toContain(seed.selectedThemeId);
      for (const colour of Object.values(seed.branding)) {
        expect(hexColourSchema.safeParse(colour).success).toBe(true);
      }
    });

    it('has 10-20 steps that parse with stepSchema', () => {
      expect(seed.steps.length).toBeGreaterThanOrEqual(10);
      expect(seed.steps.length).toBeLessThanOrEqual(20);
      for (const step of seed.steps) expect(stepSchema.parse(step)).toEqual(step);
    });

    it('mixes question and challenge types', () => {
      const types = new Set(seed.steps.map((s) => s.type));
      expect(types).toContain('freeText');
      expect(types).toContain('multipleChoice');
      expect(types.has('photoChallenge') || types.has('videoChallenge')).toBe(true);
      const questions = seed.steps.filter(
        (s) => s.type === 'freeText' || s.type === 'multipleChoice',
      );
      expect(questions.length * 2).toBeGreaterThan(seed.steps.length);
    });

    it('has only complete steps (SPEC §5)', () => {
      for (const step of seed.steps) {
        expect({ step: step.name, problems: ruleViolations(step) }).toEqual({
          step: step.name,
          problems: [],
        });
        expect({ step: step.name, errors: validateStep(step) }).toEqual({
          step: step.name,
          errors: [],
        });
      }
    });

    it('thumbnail exists and is a safe, small 400x240 SVG', () => {
      const svg = readPublicFile(seed.thumbnail);
      expect(svgProblems(svg)).toEqual([]);
      expect(svg).toContain('viewBox="0 0 400 240"');
      expect(Buffer.byteLength(svg)).toBeLessThan(8 * 1024);
    });
  });

  it('steps of coming-soon templates are complete too', () => {
    for (const seed of LIBRARY_SEEDS.filter((s) => s.comingSoon)) {
      for (const step of seed.steps) expect(ruleViolations(step)).toEqual([]);
    }
  });

  it('varies the position of the correct multiple-choice answer', () => {
    const positions = new Set(
      LIBRARY_SEEDS.flatMap((s) => s.steps)
        .filter((s) => s.type === 'multipleChoice')
        .map((s) => s.answers.findIndex((a) => a.correct)),
    );
    expect([...positions].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('blank template', () => {
  const blank = BLANK_TEMPLATE_SEED;

  it('is an empty in-person quiz of 60 minutes with the first theme', () => {
    expect(blank).toMatchObject({
      name: 'Untitled activity',
      description: '',
      gameType: 'quiz',
      deliveryType: 'inPerson',
      duration: 60,
      comingSoon: false,
      thumbnail: '/thumbnails/blank.svg',
      selectedThemeId: SEED_THEMES[0]?.id,
    });
    expect(LIBRARY_SEEDS.map((s) => s.id)).not.toContain(blank.id);
  });

  it('has one blank multiple-choice step with two blank, incorrect answers', () => {
    expect(blank.steps).toHaveLength(1);
    const [step] = blank.steps;
    expect(stepSchema.parse(step)).toEqual(step);
    expect(step).toMatchObject({
      name: '',
      type: 'multipleChoice',
      text: '',
      media: null,
      points: 10,
      locked: false,
    });
    expect(step?.answers).toHaveLength(2);
    for (const answer of step?.answers ?? []) {
      expect(answer).toMatchObject({ value: '', correct: false });
    }
  });

  it('thumbnail exists and is a safe 400x240 SVG', () => {
    const svg = readPublicFile(blank.thumbnail);
    expect(svgProblems(svg)).toEqual([]);
    expect(svg).toContain('viewBox="0 0 400 240"');
    expect(Buffer.byteLength(svg)).toBeLessThan(8 * 1024);
  });
});
