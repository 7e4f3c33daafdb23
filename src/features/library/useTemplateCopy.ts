/**
 * "Choose Template" (SPEC §2.7), My Activities' "Copy" (SPEC §4) and "Start blank" (the "Create
 * new game" dialog, the library's Blank card): copies a template on this device — a library
 * master from the cached library (which holds whole templates for this), one of the user's own
 * templates, or the blank template — and opens the copy in the builder. Works offline; the sync
 * worker creates the copy on the server later.
 */
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { copyBlankTemplate } from '../../localdb/copyBlankTemplate';
import { useDataContext } from '../../localdb/hooks/DataProvider';
import type { TeamtrailDatabase } from '../../localdb/database';
import type { LocalTemplate } from '../../localdb/localTemplate';
import { BLANK_TEMPLATE, BLANK_TEMPLATE_ID } from '../../domain/blankTemplate';
import type { Template } from '../../domain/schemas';

export type CopySource =
  /** A master of the Template Library, read whole from the cached library. */
  | { kind: 'library'; id: string; name: string }
  /** One of the user's own templates on this device. */
  | { kind: 'local'; id: string; name: string; template: LocalTemplate | null }
  /** The blank template, defined in the code: a new, empty activity. */
  | { kind: 'blank'; id: typeof BLANK_TEMPLATE_ID; name: string };

/** "Start blank": always a new activity, never the one the builder had open last. */
export const BLANK_COPY_SOURCE: CopySource = {
  kind: 'blank',
  id: BLANK_TEMPLATE_ID,
  name: BLANK_TEMPLATE.name,
};

export interface CopyFailure {
  id: string;
  name: string;
}

export interface TemplateCopy {
  /** The template being copied: its card shows a spinner, every other card is disabled. */
  copyingId: string | null;
  /** The last copy that failed (SPEC §8: logged, and the card resets). */
  failure: CopyFailure | null;
  /** Answers true once the copy is made and the builder is on its way (a dialog may close). */
  copy(source: CopySource): Promise<boolean>;
  dismissFailure(): void;
}

export const builderPath = (templateId: string) => `/builder/${templateId}`;

/** The whole template a library or own source names, read from this device. */
async function readSource(
  db: TeamtrailDatabase,
  source: Exclude<CopySource, { kind: 'blank' }>,
): Promise<Template> {
  if (source.kind === 'local') {
    if (!source.template) throw new Error(`The template ${source.id} is not on this device yet.`);
    return source.template;
  }
  const doc = await db.library.findOne(source.id).exec();
  if (!doc) throw new Error(`The library template ${source.id} is not on this device.`);
  return { ...doc.toMutableJSON().data, master: true };
}

export function useTemplateCopy(): TemplateCopy {
  const { db, repository, owner } = useDataContext();
  const navigate = useNavigate();
  const [copyingId, setCopyingId] = useState<string | null>(null);
  const [failure, setFailure] = useState<CopyFailure | null>(null);
  // State updates land after the render; a double click must not start two copies.
  const busy = useRef(false);

  const copy = useCallback(
    async (source: CopySource) => {
      if (busy.current) return false;
      busy.current = true;
      setCopyingId(source.id);
      setFailure(null);
      try {
        const createdId =
          source.kind === 'blank'
            ? await copyBlankTemplate(repository, owner)
            : (await repository.copy(owner, await readSource(db, source))).id;
        // The spinner stays until the builder replaces this screen (it may still be loading).
        void navigate(builderPath(createdId));
        return true;
      } catch (error) {
        console.error(`Copying the template "${source.name}" failed`, error);
        busy.current = false;
        setCopyingId(null);
        setFailure({ id: source.id, name: source.name });
        return false;
      }
    },
    [db, repository, owner, navigate],
  );

  const dismissFailure = useCallback(() => setFailure(null), []);

  return { copyingId, failure, copy, dismissFailure };
}
