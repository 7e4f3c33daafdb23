/**
 * The template a draft is written back to (src/features/builder/draftJournal.ts, replayDrafts),
 * as the database holds it, with an `update` that applies the builder's recipes to it and notes
 * each one, so that tests see what was written and what was not.
 */
import type { ContentRecipe } from '../../../src/localdb/templateRepository';
import type { Step } from '../../../src/domain/schemas';
import type { TemplateContent } from '../../../src/domain/templateContent';

export function draftTemplate(initial: { name: string; description: string; steps?: Step[] }) {
  let content = { steps: [] as Step[], ...initial };
  const writes: ContentRecipe[] = [];
  return {
    current: () => content,
    writes,
    async update(recipe: ContentRecipe) {
      writes.push(recipe);
      const patch =
        typeof recipe === 'function' ? recipe(content as unknown as TemplateContent) : recipe;
      content = { ...content, ...patch } as typeof content;
    },
  };
}
