/**
 * SPEC §2.2: a page view on every change of pathname. Changes of the query (the library's
 * filters) or the hash (Clerk's steps) are not new pages.
 */
import { capturePageView } from './analytics';

interface RouterLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

/** The part of the data router (createAppRouter) that is read. */
export interface RouterLike {
  readonly state: { readonly location: RouterLocation };
  subscribe(listener: (state: { location: RouterLocation }) => void): () => void;
}

const urlOf = ({ pathname, search, hash }: RouterLocation) =>
  `${location.origin}${pathname}${search}${hash}`;

/** Records the first page and each later change of pathname; answers how to stop. */
export function trackPageViews(
  router: RouterLike,
  record: (url: string) => void = capturePageView,
): () => void {
  let last = router.state.location.pathname;
  record(urlOf(router.state.location));
  return router.subscribe(({ location: next }) => {
    if (next.pathname === last) return;
    last = next.pathname;
    record(urlOf(next));
  });
}
