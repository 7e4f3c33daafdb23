/**
 * "Choose Template" (SPEC §2.7) and My Activities' "Copy" (SPEC §4): copies a template on this
 * device — a library master from the cached library (which holds whole templates for this), or
 * one of the user's own templates — and opens the copy in the builder. Works offline; the sync
 * worker creates the copy on the server later.
 */
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDataContext } from '../../data/DataProvider';
import type { LocalTemplate } from '../../data/localTemplate';
import type { Template } from '../../domain/schemas';

export type CopySource =
  /** A master of the Template Library, read whole from the cached library. */
  | { kind: 'library'; id: string; name: string }
  /** One of the user's own templates on this device. */
  | { kind: 'local'; id: string; name: string; template: LocalTemplate | null };

export interface CopyFailure {
  id: string;
  name: string;
}

export interface TemplateCopy {
  /** The template being copied: its card shows a spinner, every other card is disabled. */
  copyingId: string | null;
  /** The last copy that failed (SPEC §8: logged, and the card resets). */
  failure: CopyFailure | null;
  copy(source: CopySource): Promise<void>;
  dismissFailure(): void;
}

export const builderPath = (templateId: string) => `/builder/${templateId}`;

export function useTemplateCopy(): TemplateCopy {
  const { db, repository, owner } = useDataContext();
  const navigate = useNavigate();
  const [copyingId, setCopyingId] = useState<string | null>(null);
  const [failure, setFailure] = useState<CopyFailure | null>(null);
  // State updates land after the render; a double click must not start two copies.
  const busy = useRef(false);

  const copy = useCallback(
    async (source: CopySource) => {
      if (busy.current) return;
      busy.current = true;
      setCopyingId(source.id);
      setFailure(null);
      try {
        let template: Template;
        if (source.kind === 'library') {
          const doc = await db.library.findOne(source.id).exec();
          if (!doc) throw new Error(`The library template ${source.id} is not on this device.`);
          template = { ...doc.toMutableJSON().data, master: true };
        } else {
          if (!source.template) {
            throw new Error(`The template ${source.id} is not on this device yet.`);
          }
          template = source.template;
        }
        const created = await repository.copy(owner, template);
        // The spinner stays until the builder replaces this screen (it may still be loading).
        void navigate(builderPath(created.id));
      } catch (error) {
        console.error(`Copying the template "${source.name}" failed`, error);
        busy.current = false;
        setCopyingId(null);
        setFailure({ id: source.id, name: source.name });
      }
    },
    [db, repository, owner, navigate],
  );

  const dismissFailure = useCallback(() => setFailure(null), []);

  return { copyingId, failure, copy, dismissFailure };
}
