/**
 * What every builder screen works on (SPEC §2.8): the template being edited, read from
 * the local database, and the one way to change it. Edits are local writes the sync worker
 * carries to the server (no timer autosave); the help panel is shared by the chrome and the
 * screens. The builder layout provides it; screens read it with `useBuilder()`.
 */
import { createContext, useContext } from 'react';
import type { LocalTemplate } from '../../localdb/localTemplate';
import type { ContentRecipe } from '../../localdb/templateRepository';

export type HelpTopicId = 'recommended-sizes' | 'edit-tasks' | 'styling-quiz';

export interface BuilderContextValue {
  templateId: string;
  template: LocalTemplate;
  /** A durable local edit (SPEC §4 dirty flag: set by editing name, description, steps, theme, branding). */
  update(recipe: ContentRecipe): Promise<void>;
  /** SPEC §4 Help panel: toggling flips it open and sets the id; clearing closes it. */
  help: {
    openId: HelpTopicId | null;
    toggle(id: string): void;
    clear(): void;
  };
}

export const BuilderContext = createContext<BuilderContextValue | null>(null);

export function useBuilder(): BuilderContextValue {
  const value = useContext(BuilderContext);
  if (!value) throw new Error('useBuilder must be used inside the Activity Builder layout');
  return value;
}
