/** Boot: theme and the app. Telemetry, auth, the local database and the router come in later issues. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import { AppProviders } from './app/AppProviders';
import { HomePage } from './app/HomePage';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <HomePage />
    </AppProviders>
  </StrictMode>,
);
