/**
 * Keyboard focus into a dialog's new step. Mantine's Modal focuses its `data-autofocus` element
 * only when it opens; a step that replaces the one holding focus (Next, a choice card, Try
 * again) takes the focused button away with it, focus falls back to the page's body, and a
 * keyboard user has to tab in again from the top of the page.
 *
 * After each change of `step` (not on the first render: the Modal's own focus handles the
 * opening), focus goes to the new step's `[data-autofocus]` element, else its first heading
 * (made focusable from script only, so that a screen reader says where the person is), else its
 * first control. Nothing moves when focus is somewhere else outside the step on purpose.
 */
import { useEffect, useRef, type RefObject } from 'react';

const CONTROLS =
  'button:not([disabled]), [href], input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function useFocusOnStepChange(container: RefObject<HTMLElement | null>, step: unknown) {
  const shown = useRef(step);
  useEffect(() => {
    if (Object.is(shown.current, step)) return;
    shown.current = step;
    const root = container.current;
    if (!root) return;
    const focused = document.activeElement;
    // Focus left with the old step (on the body), or is still in this step: move it.
    if (focused && focused !== document.body && !root.contains(focused)) return;
    const target =
      root.querySelector<HTMLElement>('[data-autofocus]') ??
      root.querySelector<HTMLElement>('h1, h2, h3') ??
      root.querySelector<HTMLElement>(CONTROLS);
    if (!target) return;
    if (/^H[1-3]$/.test(target.tagName) && !target.hasAttribute('tabindex')) {
      target.setAttribute('tabindex', '-1');
    }
    target.focus();
  }, [container, step]);
}
