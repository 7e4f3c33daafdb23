/**
 * Where each AI-written task of the open activity came from (docs/ai.md), for the Edit Tasks
 * cards: read from the server when the screen opens online (the poll layer, asking once), again
 * after the builder has applied a "Generate with AI" result, and kept up to date by "Another task
 * like this". The origins are extra information: offline, or on any failure, the cards simply
 * show none.
 */
import { useNetwork } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from '../../../protocol/result';
import { anotherTaskLikeThis, getTaskOrigins } from '../../../api/taskOrigins';
import { usePolledRequest } from '../../../api/usePolledRequest';
import { useApiCredentials } from '../../../auth/session';
import { useDataContext } from '../../../localdb/hooks/DataProvider';
import type { Step, TaskOrigin } from '../../../domain/schemas';
import { useAiGeneration } from '../ai/AiGenerationContext';

export type TaskOrigins = ReadonlyMap<string, TaskOrigin>;

export interface TaskOriginsControl {
  origins: TaskOrigins;
  /** Asks the server for another task like `stepId`; its origin is recorded here on success. */
  another(stepId: string, avoid: readonly string[]): Promise<ApiResult<{ step: Step }>>;
}

const NONE: TaskOrigins = new Map();

/**
 * `onServer`: the server has the activity (a new one exists only on this device until the sync
 * worker creates it there, and would only answer 404).
 */
export function useTaskOrigins(templateId: string, onServer: boolean): TaskOriginsControl {
  // Read when a call is made; whose activity it is (`owner`) says when to read the origins again.
  const credentials = useApiCredentials();
  const latestCredentials = useRef(credentials);
  useEffect(() => {
    latestCredentials.current = credentials;
  }, [credentials]);
  const { owner } = useDataContext();
  const { online } = useNetwork();
  const { applied } = useAiGeneration();
  const [origins, setOrigins] = useState<TaskOrigins>(NONE);

  // Read once per activity, owner and applied result (the poll layer with no interval); a token
  // refresh asks nothing. Held here, not in the poll layer's data: "Another task like this"
  // adds to it, and going offline (disabled) keeps what is known: it is still true, and the
  // cards say offline themselves.
  usePolledRequest({
    request: () => getTaskOrigins(templateId, credentials),
    enabled: online && onServer,
    intervalMs: null,
    restartKey: JSON.stringify([templateId, owner, applied]),
    onResult: (result) =>
      setOrigins(result.ok ? new Map(result.data.map((o) => [o.stepId, o])) : NONE),
  });

  const another = useCallback(
    async (stepId: string, avoid: readonly string[]) => {
      const result = await anotherTaskLikeThis(
        templateId,
        stepId,
        avoid,
        latestCredentials.current,
      );
      if (result.ok) {
        const { origin } = result.data;
        setOrigins((known) => new Map(known).set(origin.stepId, origin));
      }
      return result;
    },
    [templateId],
  );

  return { origins, another };
}
