/** A route's screen, loaded when the route is first visited (React Router's `lazy`). */
import type { ComponentType } from 'react';

export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}
