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

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const waiting = pending.current;
    pending.current = null;
    if (waiting === null) return;
    setWaiting(false);
    commitRef.current(waiting);
  }, []);

  const change = useCallback(
    (next: Step, options?: { immediate?: boolean }) => {
      setDraft(next);
      pending.current = next;
      setWaiting(true);
      clearTimeout(timer.current);
      if (options?.immediate) flush();
      else timer.current = setTimeout(flush, debounceMs);
    },
    [flush, debounceMs],
  );

  // A change from elsewhere (undo, another tab, the sync worker) is shown unless something typed
  // here is still waiting to be written: that text wins and is written next.
  const [seen, setSeen] = useState(step);
  if (seen !== step) {
    setSeen(step);
    if (!waiting) setDraft(step);
  }

  useEffect(() => flush, [flush]);

  return { draft, change, flush };
}
