/** The path switch: which screen an address is, or a page that says it is none of them. */
import { useEffect } from 'react';
import type { NotificationsProps } from '@mantine/notifications';
import { LIVE_SCREEN_TITLES, parseLiveRoute } from './routes';
import { ScoreboardScreen } from './screens/ScoreboardScreen';
import { PresentationScreen } from './screens/PresentationScreen';
import { StatisticsScreen } from './screens/StatisticsScreen';
import { NotFoundScreen } from './components/StateScreens';

/**
 * The live page's host of notifications (src/live/main.tsx): the statistics' "Not saved"
 * messages stack bottom-right, a few at a time, the rest waiting for room.
 */
export const LIVE_NOTIFICATIONS = {
  position: 'bottom-right',
  limit: 5,
} as const satisfies NotificationsProps;

export function LiveApp({ location }: { location: Pick<Location, 'pathname' | 'search'> }) {
  const route = parseLiveRoute(location.pathname, location.search);
  const screen = route?.screen ?? null;

  useEffect(() => {
    // Scales the type of the scoreboard and presentation with the screen (live.css).
    document.documentElement.dataset.liveScreen = screen ?? 'none';
    document.title = screen ? `${LIVE_SCREEN_TITLES[screen]} – Teamtrail` : 'Teamtrail – Live';
  }, [screen]);

  if (!route) return <NotFoundScreen />;
  switch (route.screen) {
    case 'scoreboard':
      return <ScoreboardScreen route={route} />;
    case 'presentation':
      return <PresentationScreen route={route} />;
    case 'statistics':
      return <StatisticsScreen route={route} />;
  }
}
