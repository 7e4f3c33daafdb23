/**
 * Subscribes to an observable for as long as the component is mounted (and the inputs are the
 * same), as `{data, isLoading, error}` (STYLE.md: Actual's useQuery).
 */
import { useEffect, useState, type DependencyList } from 'react';
import type { Observable } from 'rxjs';

export interface QueryState<T> {
  data: T;
  isLoading: boolean;
  error: Error | null;
}

/** The last answer, and the inputs it answered: when the inputs change it is stale (loading). */
interface Answer<T> extends QueryState<T> {
  deps: DependencyList | null;
}

const sameDeps = (a: DependencyList, b: DependencyList) =>
  a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

export function useObservable<T>(
  factory: () => Observable<T>,
  deps: DependencyList,
  initial: T,
): QueryState<T> {
  const [answer, setAnswer] = useState<Answer<T>>({
    data: initial,
    isLoading: true,
    error: null,
    deps: null,
  });
  useEffect(() => {
    const subscription = factory().subscribe({
      next: (data) => setAnswer({ data, isLoading: false, error: null, deps }),
      error: (error: unknown) =>
        setAnswer((previous) => ({
          ...previous,
          isLoading: false,
          error: error instanceof Error ? error : new Error(String(error)),
          deps,
        })),
    });
    return () => subscription.unsubscribe();
    // The caller names the inputs; the factory closes over them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  // Derived rather than reset inside the effect: new inputs show the previous data as loading
  // until their first answer, without an extra render.
  if (answer.deps === null || !sameDeps(answer.deps, deps)) {
    return { data: answer.data, isLoading: true, error: null };
  }
  return { data: answer.data, isLoading: answer.isLoading, error: answer.error };
}
