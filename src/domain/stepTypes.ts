/**
 * Task (step) types of SPEC §3 and their labels, without zod: the phone player's small bundle
 * uses them too. enums.ts re-exports them beside the zod schema.
 */
export const STEP_TYPES = [
  'freeText',
  'multipleChoice',
  'standardChallenge',
  'photoChallenge',
  'videoChallenge',
] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const QUESTION_STEP_TYPES = ['freeText', 'multipleChoice'] as const satisfies StepType[];
export const CHALLENGE_STEP_TYPES = [
  'standardChallenge',
  'photoChallenge',
  'videoChallenge',
] as const satisfies StepType[];

export const isQuestionType = (type: string): type is 'freeText' | 'multipleChoice' =>
  (QUESTION_STEP_TYPES as readonly string[]).includes(type);
export const isChallengeType = (
  type: string,
): type is 'standardChallenge' | 'photoChallenge' | 'videoChallenge' =>
  (CHALLENGE_STEP_TYPES as readonly string[]).includes(type);

const STEP_TYPE_LABELS: Record<StepType, string> = {
  freeText: 'Free Text',
  multipleChoice: 'Multiple Choice',
  standardChallenge: 'Challenge',
  photoChallenge: 'Photo Challenge',
  videoChallenge: 'Video Challenge',
};

/** SPEC §3: any other value is labelled "Unknown type". */
export function stepTypeLabel(type: string): string {
  return (STEP_TYPE_LABELS as Record<string, string | undefined>)[type] ?? 'Unknown type';
}
