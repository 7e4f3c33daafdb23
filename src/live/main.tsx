/**
 * The live screens (docs/games.md "Live screens"): scoreboard, presentation and statistics of one
 * game, opened in a new tab from My Activities with the game's screen key in the address.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { cssVariablesResolver, theme } from '../ui/theme';
import './styles';
import { LIVE_NOTIFICATIONS, LiveApp } from './LiveApp';

const root = document.getElementById('root');
if (!root) throw new Error('live.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <LiveApp location={window.location} />
      <Notifications {...LIVE_NOTIFICATIONS} />
    </MantineProvider>
  </StrictMode>,
);
