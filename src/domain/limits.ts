/**
 * Input limits. The first group is SPEC §9; the rest are the project's own structural caps,
 * chosen so that no request can grow a template without bound.
 */
export const LIMITS = {
  // SPEC §9
  topicsMaxLength: 1000,
  instanceNameMinLength: 3,
  pointsMin: 1,
  pointsMax: 1000,
  multipleChoiceSlots: 4,
  multipleChoiceRequiredSlots: 2,

  // Project caps (not in SPEC)
  templateNameMaxLength: 200,
  templateDescriptionMaxLength: 5000,
  shortDescriptionMaxLength: 500,
  stepNameMaxLength: 200,
  stepTextMaxLength: 2000,
  answerMaxLength: 500,
  stepsMax: 100,
  instanceNameMaxLength: 200,
  passwordMinLength: 8,
  passwordMaxLength: 128,
} as const;
