/**
 * The phone player (/play, /play/{code}/…): the activity code first, then the game. A code in
 * the address is read as typed ("/play/abcd-2345" works) and the address is tidied to the code.
 */
import { useEffect } from 'react';
import { CodeEntry } from './CodeEntry';
import { Game } from './Game';
import { navigate, parseRoute, pathForRoute, usePathname } from './navigation';
import { normaliseCode, TEXTS } from './rules';

export function PlayApp() {
  const pathname = usePathname();
  const route = parseRoute(pathname);
  const raw = route.screen === 'code' ? null : route.code;
  const code = raw === null ? null : normaliseCode(raw);

  useEffect(() => {
    if (raw !== null && code !== null && raw !== code) {
      navigate(pathForRoute(parseRoute(pathname), code), { replace: true });
    }
  }, [raw, code, pathname]);

  if (raw === null) return <CodeEntry />;
  if (code === null) return <CodeEntry key={raw} initialCode={raw} initialError={TEXTS.badCode} />;
  return <Game key={code} code={code} route={route} />;
}
