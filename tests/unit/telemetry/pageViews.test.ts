// @vitest-environment happy-dom
/**
 * SPEC §2.2 Analytics: "a page view is recorded on every change of pathname. The analytics
 * service's automatic page-view capture is off."
 */
import { describe, expect, it } from 'vitest';
import { trackPageViews, type RouterLike } from '../../../src/telemetry/pageViews';

type Location = { pathname: string; search: string; hash: string };

function fakeRouter(start: Location) {
  const listeners = new Set<(state: { location: Location }) => void>();
  const router: { state: { location: Location } } & RouterLike & {
      go(next: Partial<Location>): void;
    } = {
    state: { location: start },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go(next) {
      this.state = { location: { pathname: '/', search: '', hash: '', ...next } };
      for (const listener of listeners) listener(this.state);
    },
  };
  return router;
}

describe('SPEC §2.2 a page view on every change of pathname', () => {
  it('records the first page and each new pathname, never a change of query or hash alone', () => {
    const router = fakeRouter({ pathname: '/', search: '', hash: '' });
    const recorded: string[] = [];
    const stop = trackPageViews(router, (url) =>
      recorded.push(new URL(url).pathname + new URL(url).search),
    );

    router.go({ pathname: '/templates' });
    router.go({ pathname: '/templates', search: '?owner=false' });
    router.go({ pathname: '/templates', search: '?owner=false', hash: '#top' });
    router.go({ pathname: '/activities' });
    router.go({ pathname: '/activities' });
    router.go({ pathname: '/templates', search: '?owner=true' });

    expect(recorded).toEqual(['/', '/templates', '/activities', '/templates?owner=true']);

    stop();
    router.go({ pathname: '/profile' });
    expect(recorded).toHaveLength(4);
  });
});
