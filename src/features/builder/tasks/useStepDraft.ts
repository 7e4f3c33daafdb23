/**
 * Keeps what is typed into a task card in the card's own state, so typing stays responsive with
 * many tasks (each keystroke re-renders one card; the screen only on the write's echo), and
 * writes every change to the template at once: there is no edit window. The writes are
 * coalesced only while one is in flight (durableWrites.ts): one in flight, plus the latest value
 * waiting for it, written at once on blur, unmount and the page's leaving. Every write is a
 * durable local edit; until it has landed, the leave-page guard counts it, and the tab's draft
 * journal keeps it (draftJournal.ts), so a reload at any moment finds it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Step } from '../../../domain/schemas';
import { createDraftJournal, type DraftScope } from '../draftJournal';
import { createCoalescingWriter } from '../durableWrites';
import { taskContentKey } from './taskListOps';

export interface StepDraft {
  draft: Step;
  /**
   * Changes the draft and writes it: at once, or right after the write in flight. With
   * `immediate` (a discrete choice: type, media, points) it is written now even beside one.
   */
  change(next: Step, options?: { immediate?: boolean }): void;
  /**
   * `change` from the latest draft. Stable across renders, so that the fields a keystroke does
   * not touch keep their props and are not rendered again.
   */
  update(recipe: (draft: Step) => Step, options?: { immediate?: boolean }): void;
  /** Writes a waiting change now, beside the write in flight (blur). */
  flush(): void;
}

/**
 * `commit` writes a draft to the template; the promise it may answer says when that write has
 * landed (a write in flight holds the next value back until then; one answering nothing counts
 * as landed at once). With a `scope`, what is not in IndexedDB yet is kept in the tab's journal.
 */
export function useStepDraft(
  step: Step,
  commit: (draft: Step) => unknown,
  scope: DraftScope | null = null,
): StepDraft {
  const [draft, setDraft] = useState(step);
  // A value kept back for the write in flight: it wins over a change from elsewhere.
  const [waiting, setWaiting] = useState(false);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  }, [commit]);

  // Our writes not seen back yet, oldest first. Until the last one is back, the template may show
  // an older one of ours: adopting it would drop what was written after it.
  const [inFlight, setInFlight] = useState<readonly string[]>([]);
  const shownKey = useRef(taskContentKey(step));
  const shown = useRef(step);
  useEffect(() => {
    shownKey.current = taskContentKey(step);
    shown.current = step;
  }, [step]);

  // One writer and one journal per card, for the card's life (and its last write's, after an
  // unmount): the journal entry goes once nothing waits or is in flight.
  const [{ writer, journal }] = useState(() => {
    const journal = createDraftJournal<Step>(
      { stepId: step.id },
      (a, b) => taskContentKey(a) === taskContentKey(b),
    );
    const writer = createCoalescingWriter<Step>({
      onError: (error) => console.error('Saving the task on this device failed', error),
      onIdle: (outcome) => journal.idle(outcome),
    });
    return { writer, journal };
  });
  const flush = writer.flush;
  // Called as each write starts (the writer may start a kept-back one later).
  const save = useCallback(
    (value: Step) => {
      setWaiting(false);
      const key = taskContentKey(value);
      // Writing what the template already shows brings no echo (the card is memoised on content).
      setInFlight((keys) =>
        keys.length === 0 && key === shownKey.current ? keys : [...keys, key],
      );
      journal.started(value);
      return Promise.resolve(commitRef.current(value)).then(() => journal.landed(value));
    },
    [journal],
  );

  const latest = useRef(step);
  const change = useCallback(
    (next: Step, options?: { immediate?: boolean }) => {
      latest.current = next;
      setDraft(next);
      // Kept in the tab first, in this very task: a reload from here on finds it.
      if (scope) journal.changed(scope, next, shown.current);
      if (writer.write(next, save, { now: options?.immediate }) === 'waiting') setWaiting(true);
    },
    [writer, journal, save, scope],
  );

  const update = useCallback(
    (recipe: (draft: Step) => Step, options?: { immediate?: boolean }) =>
      change(recipe(latest.current), options),
    [change],
  );

  // A change from elsewhere (undo, another tab, the sync worker) is shown unless something typed
  // here is still waiting to be written: that text wins and is written next.
  // The echo of our own write is equal to the draft: keeping the draft's objects spares the
  // fields (answers, media) a render right while the organiser may be typing the next word.
  const [seen, setSeen] = useState(step);
  if (seen !== step) {
    setSeen(step);
    const key = taskContentKey(step);
    const echoed = inFlight.indexOf(key);
    const stillInFlight = echoed === -1 ? inFlight : inFlight.slice(echoed + 1);
    if (echoed !== -1) setInFlight(stillInFlight);
    if (!waiting && stillInFlight.length === 0 && key !== taskContentKey(draft)) setDraft(step);
  }
  useEffect(() => {
    latest.current = draft;
  }, [draft]);

  useEffect(() => flush, [flush]);

  return { draft, change, update, flush };
}
