/**
 * Wire values and display labels of SPEC §3 enumerations. The wire spelling (quiz, inPerson,
 * freeText…) is what travels in JSON; the capitalised spellings of SPEC (Quiz, InPerson…) are
 * only used by the wizard state and are mapped here.
 */
import { z } from 'zod';
import { STEP_TYPES } from './stepTypes';

export const GAME_TYPES = ['quiz', 'location'] as const;
export const gameTypeSchema = z.enum(GAME_TYPES);
export type GameType = z.infer<typeof gameTypeSchema>;

/** SPEC §1: quiz is labelled Indoor, location is labelled Outdoor. */
export const GAME_TYPE_LABELS: Record<GameType, string> = {
  quiz: 'Indoor',
  location: 'Outdoor',
};

/** The capitalised spelling the AI wizard state uses (SPEC §3 AI content request). */
export const wizardGameTypeSchema = z.enum(['Quiz', 'Location']);
export type WizardGameType = z.infer<typeof wizardGameTypeSchema>;
export const gameTypeFromWizard = (value: WizardGameType): GameType =>
  value === 'Quiz' ? 'quiz' : 'location';

export const DELIVERY_TYPES = ['inPerson', 'hybrid', 'virtual'] as const;
export const deliveryTypeSchema = z.enum(DELIVERY_TYPES);
export type DeliveryType = z.infer<typeof deliveryTypeSchema>;

/** Badge text on library cards (SPEC §2.7). */
export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = {
  inPerson: 'In Person',
  hybrid: 'Hybrid',
  virtual: 'Virtual',
};

export const wizardDeliveryTypeSchema = z.enum(['InPerson', 'Hybrid', 'Virtual']);
export type WizardDeliveryType = z.infer<typeof wizardDeliveryTypeSchema>;
export const deliveryTypeFromWizard = (value: WizardDeliveryType): DeliveryType =>
  value === 'InPerson' ? 'inPerson' : value === 'Hybrid' ? 'hybrid' : 'virtual';

/** Durations in minutes (SPEC §9). */
export const DURATIONS = [30, 60, 90, 120, 720, 1440] as const;
export const durationSchema = z.union(DURATIONS.map((d) => z.literal(d)));
export type Duration = (typeof DURATIONS)[number];

/** The wizard spells durations m30 … m1440 (SPEC §3). */
export const WIZARD_DURATIONS = ['m30', 'm60', 'm90', 'm120', 'm720', 'm1440'] as const;
export const wizardDurationSchema = z.enum(WIZARD_DURATIONS);
export type WizardDuration = z.infer<typeof wizardDurationSchema>;
export const durationFromWizard = (value: WizardDuration): Duration =>
  Number(value.slice(1)) as Duration;

// The task types and their labels live in stepTypes.ts, without zod, so that the phone player
// can use them without loading zod; the schema is built here.
export {
  STEP_TYPES,
  QUESTION_STEP_TYPES,
  CHALLENGE_STEP_TYPES,
  isQuestionType,
  isChallengeType,
  stepTypeLabel,
} from './stepTypes';
export type { StepType } from './stepTypes';
export const stepTypeSchema = z.enum(STEP_TYPES);
