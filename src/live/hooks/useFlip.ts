/**
 * Animated reordering (FLIP: first, last, invert, play): each item remembers where it was; after
 * a render that moved it, it starts from its old place and slides to the new one. New items fade
 * in. Nothing moves when the viewer prefers reduced motion.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';

/** Long enough to follow a team climbing the table from across the room. */
export const REORDER_MS = 700;

export function useFlip(order: readonly string[], reducedMotion: boolean) {
  const nodes = useRef(new Map<string, HTMLElement>());
  const tops = useRef(new Map<string, number>());
  const orderKey = order.join('\u0000');

  useLayoutEffect(() => {
    const seenBefore = tops.current.size > 0;
    const next = new Map<string, number>();
    for (const [key, node] of nodes.current) {
      const top = node.offsetTop;
      next.set(key, top);
      if (reducedMotion || typeof node.animate !== 'function') continue;
      const previous = tops.current.get(key);
      if (previous !== undefined && previous !== top) {
        node.animate(
          [{ transform: `translateY(${previous - top}px)` }, { transform: 'translateY(0)' }],
          { duration: REORDER_MS, easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)' },
        );
      } else if (previous === undefined && seenBefore) {
        node.animate(
          [
            { opacity: 0, transform: 'scale(0.96)' },
            { opacity: 1, transform: 'scale(1)' },
          ],
          { duration: REORDER_MS, easing: 'ease-out' },
        );
      }
    }
    tops.current = next;
  }, [orderKey, reducedMotion]);

  /** The ref callback of the item with this key. */
  return useCallback(
    (key: string) => (node: HTMLElement | null) => {
      if (node) nodes.current.set(key, node);
      else nodes.current.delete(key);
    },
    [],
  );
}

/** Briefly lights up an element when `value` changes (a team's score went up). */
export function useChangeFlash<T extends HTMLElement>(
  value: unknown,
  reducedMotion: boolean,
  colour: string,
) {
  const ref = useRef<T | null>(null);
  const previous = useRef(value);
  useLayoutEffect(() => {
    if (previous.current === value) return;
    previous.current = value;
    const node = ref.current;
    if (!node || reducedMotion || typeof node.animate !== 'function') return;
    node.animate([{ backgroundColor: colour }, { backgroundColor: 'transparent' }], {
      duration: 1600,
      easing: 'ease-out',
    });
  }, [value, reducedMotion, colour]);
  return ref;
}
