/**
 * The parts of a template an organiser edits. Everything else (revision, timestamps, theme
 * object, validation errors, library fields) is the server's to compute. Local edits, pushes
 * and three-way merges work on this content only.
 */
import type { Template } from './schemas';

export type TemplateContent = Pick<
  Template,
  | 'name'
  | 'description'
  | 'shortDescription'
  | 'gameType'
  | 'deliveryType'
  | 'duration'
  | 'selectedThemeId'
  | 'branding'
  | 'steps'
>;

/** Picks the content fields. The steps list and branding are new objects, so that later
 * changes to the result never reach into the template it was taken from. */
export function contentOf(template: TemplateContent): TemplateContent {
  return {
    name: template.name,
    description: template.description,
    shortDescription: template.shortDescription,
    gameType: template.gameType,
    deliveryType: template.deliveryType,
    duration: template.duration,
    selectedThemeId: template.selectedThemeId,
    branding: { ...template.branding },
    steps: [...template.steps],
  };
}
