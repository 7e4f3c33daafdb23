/**
 * Stores the AI assistant's finished template on this device for whoever is using the app, so
 * the builder opens it at once, offline too (src/localdb/adoptServerTemplate.ts).
 */
import { useCallback } from 'react';
import { adoptServerTemplate } from '../../localdb/adoptServerTemplate';
import { useDataContext } from '../../localdb/hooks/DataProvider';
import type { Template } from '../../domain/schemas';

export function useAdoptTemplate(): (template: Template) => Promise<void> {
  const { db, owner } = useDataContext();
  return useCallback(
    async (template: Template) => {
      try {
        await adoptServerTemplate(db, owner, template);
      } catch (error) {
        // Not fatal: the server has the template and the next pull brings it.
        console.error('Could not store the generated activity on this device', error);
      }
    },
    [db, owner],
  );
}
