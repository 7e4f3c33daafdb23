/**
 * A game's statistics, live, with judging (state/judging.ts): Reject / Restore, adjusted points
 * and Hide / Show show at once, and are rolled back with a message when the server refuses them.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Statistics } from '../../domain/games';
import { eventsUrl, fetchStatistics, judgeSubmission, type LiveView } from '../api';
import {
  addPending,
  applyJudgement,
  describeJudgement,
  replaceSubmission,
  settlePending,
  withPending,
  type Judgement,
  type PendingJudgements,
} from '../state/judging';
import { useLiveResource } from '../state/useLiveResource';
import type { LiveRoute } from '../routes';

export interface JudgingMessage {
  id: number;
  text: string;
}

export function useStatistics(
  route: Pick<LiveRoute, 'gameId' | 'key'>,
  live = true,
  /** 'presentation': what the room may see, without the hidden and rejected submissions. */
  view: LiveView = 'organiser',
) {
  const { gameId, key } = route;
  const load = useCallback(() => fetchStatistics(gameId, key, view), [gameId, key, view]);
  const resource = useLiveResource<Statistics>({
    load,
    eventsUrl: eventsUrl(gameId, key, view),
    live,
  });
  const [pending, setPending] = useState<PendingJudgements>({});
  const [messages, setMessages] = useState<JudgingMessage[]>([]);
  const seq = useRef(0);
  const { set, reload } = resource;

  const judge = useCallback(
    async (submissionId: string, change: Judgement): Promise<boolean> => {
      seq.current += 1;
      const mine = seq.current;
      setPending((p) => addPending(p, submissionId, change, mine));
      const result = await judgeSubmission(gameId, submissionId, key, change);
      if (result.ok) {
        // The server's answer is the truth from now on; without one, our own reckoning is.
        const judged = result.data;
        set((current) =>
          judged
            ? replaceSubmission(current, judged)
            : applyJudgement(current, submissionId, change),
        );
      } else {
        setMessages((m) => [
          ...m,
          {
            id: mine,
            text: `Could not ${describeJudgement(change)}: ${result.error.message} The change was undone.`,
          },
        ]);
      }
      setPending((p) => settlePending(p, submissionId, mine));
      if (!result.ok) reload();
      return result.ok;
    },
    [gameId, key, set, reload],
  );

  const dismiss = useCallback(
    (id: number) => setMessages((m) => m.filter((message) => message.id !== id)),
    [],
  );

  const shown = useMemo(
    () => (resource.status === 'ready' ? withPending(resource.data, pending) : null),
    [resource, pending],
  );

  return { resource, statistics: shown, pending, judge, messages, dismiss };
}
