/**
 * How many rows of a list fit in its box, so the presentation's leaderboard shows whole rows
 * only, on any screen. Measures the box and the first row on every resize, and when `itemsKey`
 * changes (the first rows appear).
 */
import { useLayoutEffect, useState } from 'react';

export function useFitCount<T extends HTMLElement>(
  fallback: number,
  itemsKey: unknown,
  itemSelector = 'li',
): [ref: (node: T | null) => void, count: number] {
  const [box, setBox] = useState<T | null>(null);
  const [count, setCount] = useState(fallback);

  useLayoutEffect(() => {
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const item = box.querySelector<HTMLElement>(itemSelector);
      if (!item || item.offsetHeight === 0) return;
      const list = item.parentElement ?? box;
      const gap = parseFloat(getComputedStyle(list).rowGap) || 0;
      const fits = Math.max(1, Math.floor((box.clientHeight + gap) / (item.offsetHeight + gap)));
      setCount((current) => (current === fits ? current : fits));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    measure();
    return () => observer.disconnect();
  }, [box, itemSelector, itemsKey]);

  return [setBox, count];
}
