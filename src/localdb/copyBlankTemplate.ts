/**
 * A new blank activity for an owner: a local copy of the blank template (src/domain/
 * blankTemplate.ts) with its own id, branding and task ids. It is a local insert that the sync
 * worker creates on the server later, so a blank activity can be started offline. The builder's
 * entry makes one when it has nothing to open; "Start blank" (the "Create new game" dialog, the
 * Template Library's Blank card) makes one on request.
 */
import { BLANK_TEMPLATE, BLANK_TEMPLATE_ID } from '../domain/blankTemplate';
import type { TemplateRepository } from './templateRepository';

/** Answers the new activity's id. */
export async function copyBlankTemplate(
  repository: TemplateRepository,
  owner: string,
): Promise<string> {
  const created = await repository.copy(owner, {
    ...BLANK_TEMPLATE,
    id: BLANK_TEMPLATE_ID,
    // A master keeps its name in a copy ("Untitled activity"), not "Copy of …".
    master: true,
    branding: { ...BLANK_TEMPLATE.branding, id: BLANK_TEMPLATE_ID, logo: null },
    // Fresh ids, so that two blank activities never share a task or an answer id.
    steps: BLANK_TEMPLATE.steps.map((step) => ({
      ...step,
      id: crypto.randomUUID(),
      answers: step.answers.map((answer) => ({ ...answer, id: crypto.randomUUID() })),
    })),
  });
  return created.id;
}
