/** The template's chosen theme: from the cached themes, else the one the server sent with it. */
import { useThemes } from '../../../localdb/hooks';
import type { Theme } from '../../../domain/schemas';
import { useBuilder } from '../BuilderContext';

export function useSelectedTheme(): Theme | null {
  const { templateId, template } = useBuilder();
  const { data: themes } = useThemes(templateId);
  return themes.find((t) => t.id === template.selectedThemeId) ?? template.theme ?? null;
}
