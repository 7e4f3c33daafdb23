/**
 * Boot: theme, the local database with its sync worker, and the router. Telemetry and accounts
 * come in later issues; until then everyone is a guest known by the anonymous id of SPEC §7.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import { AppProviders } from './app/AppProviders';
import { BootLoader } from './app/BootLoader';
import { createAppRouter } from './app/router';
import { DataProvider } from './data/DataProvider';
import { ensureAnonId, storeAnonId } from './api/anonId';
import type { Identity } from '../workers/syncWorkerApi';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Made once, before the first render: the guest's local templates are owned by this id from the
// first edit on, even if the server has never been reached.
const guest: Identity = { token: null, anonId: ensureAnonId(), userId: null };
const router = createAppRouter();

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <DataProvider identity={guest} storeAnonId={storeAnonId} fallback={<BootLoader />}>
        <RouterProvider router={router} />
      </DataProvider>
    </AppProviders>
  </StrictMode>,
);
