/**
 * "Generate with AI" (SPEC §2.8): the Edit Tasks screen's button opens the one dialog the
 * builder's AiGenerationProvider owns, and shows whether a generation is under way.
 */
import { createContext, useContext } from 'react';
import type { AiStage } from './aiGenerationState';

export interface AiGenerationControl {
  open(): void;
  stage: AiStage;
  /**
   * How many generation results this builder has applied: a screen that shows what came with
   * the tasks (their origins) reads it again when this changes.
   */
  applied: number;
}

/** Outside the builder layout (a screen rendered alone in its unit tests) the button opens nothing. */
const NO_GENERATION: AiGenerationControl = { open() {}, stage: 'topics', applied: 0 };

export const AiGenerationContext = createContext<AiGenerationControl>(NO_GENERATION);

export function useAiGeneration(): AiGenerationControl {
  return useContext(AiGenerationContext);
}
