/**
 * Boot: theme, the error boundary (SPEC §2.10), the desktop-only notice on phones (SPEC §1),
 * accounts, the local database with its sync worker (whose identity follows the account), and
 * the router. Telemetry comes in a later part of issue 6.
 */
import { StrictMode, useMemo, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import { AppErrorBoundary } from './app/AppErrorBoundary';
import { AppProviders } from './app/AppProviders';
import { BootLoader } from './app/BootLoader';
import { DesktopOnlyGate } from './app/DesktopOnlyGate';
import { createAppRouter } from './app/router';
import { DataProvider } from './data/DataProvider';
import { AuthProvider, useAuth } from './features/auth/AuthProvider';
import { ensureAnonId, storeAnonId } from './api/anonId';
import type { Identity } from '../workers/syncWorkerApi';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Made once, before the first render: the guest's local templates are owned by this id from the
// first edit on, even if the server has never been reached. After sign-in it stays, so that the
// sync worker can link it to the user (POST /users/identify, SPEC §4).
const anonId = ensureAnonId();
const router = createAppRouter();

/** The local database and its sync worker, for whoever is signed in (or the guest). */
function DataForAccount({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const identity: Identity = useMemo(
    () => ({ token: state.token, anonId, userId: state.user?.id ?? null }),
    [state.token, state.user?.id],
  );
  return (
    <DataProvider identity={identity} storeAnonId={storeAnonId} fallback={<BootLoader />}>
      {children}
    </DataProvider>
  );
}

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppErrorBoundary>
        <DesktopOnlyGate>
          <AuthProvider>
            <DataForAccount>
              <RouterProvider router={router} />
            </DataForAccount>
          </AuthProvider>
        </DesktopOnlyGate>
      </AppErrorBoundary>
    </AppProviders>
  </StrictMode>,
);
