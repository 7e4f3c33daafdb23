/**
 * Keeps what is typed into a task card in the card's own state and writes it to the template a
 * moment later (and at once on blur or unmount), so typing stays responsive with many tasks:
 * each keystroke re-renders one card, not the screen. Every write is a durable local edit.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Step } from '../../../domain/schemas';

/** How long typing may pause before the text is written to the template. */
export const TASK_WRITE_DEBOUNCE_MS = 300;

export interface StepDraft {
  draft: Step;
  /** Changes the draft; the template gets it after the debounce (or now with `immediate`). */
  change(next: Step, options?: { immediate?: boolean }): void;
  /**
   * `change` from the latest draft. Stable across renders, so that the fields a keystroke does
   * not touch keep their props and are not rendered again.
   */
  update(recipe: (draft: Step) => Step, options?: { immediate?: boolean }): void;
  /** Writes a waiting change now (blur). */
  flush(): void;
}

export function useStepDraft(
  step: Step,
  commit: (draft: Step) => void,
  debounceMs = TASK_WRITE_DEBOUNCE_MS,
): StepDraft {
  const [draft, setDraft] = useState(step);
  const [waiting, setWaiting] = useState(false);
  const pending = useRef<Step | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  }, [commit]);

  // Our writes not seen back yet, oldest first. Until the last one is back, the template may show
  // an older one of ours: adopting it would drop what was written after it.
  const [inFlight, setInFlight] = useState<readonly string[]>([]);
  const shownKey = useRef(contentKey(step));
  useEffect(() => {
    shownKey.current = contentKey(step);
  }, [step]);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const waiting = pending.current;
    pending.current = null;
    if (waiting === null) return;
    setWaiting(false);
    const key = contentKey(waiting);
    // Writing what the template already shows brings no echo (the card is memoised on content).
    setInFlight((keys) => (keys.length === 0 && key === shownKey.current ? keys : [...keys, key]));
    commitRef.current(waiting);
  }, []);

  const latest = useRef(step);
  const change = useCallback(
    (next: Step, options?: { immediate?: boolean }) => {
      latest.current = next;
      setDraft(next);
      pending.current = next;
      setWaiting(true);
      clearTimeout(timer.current);
      if (options?.immediate) flush();
      else timer.current = setTimeout(flush, debounceMs);
    },
    [flush, debounceMs],
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
    const key = contentKey(step);
    const echoed = inFlight.indexOf(key);
    const stillInFlight = echoed === -1 ? inFlight : inFlight.slice(echoed + 1);
    if (echoed !== -1) setInFlight(stillInFlight);
    if (!waiting && stillInFlight.length === 0 && key !== contentKey(draft)) setDraft(step);
  }
  useEffect(() => {
    latest.current = draft;
  }, [draft]);

  useEffect(() => flush, [flush]);

  return { draft, change, update, flush };
}

/** What a task card writes, in a fixed order: an echo compares equal whatever its key order. */
function contentKey(step: Step): string {
  const { name, type, text, answers, media, points } = step;
  return JSON.stringify([
    name,
    type,
    text,
    answers.map((a) => [a.id, a.value, a.correct]),
    media && [media.url, media.filename, media.mimeType],
    points,
  ]);
}
