/**
 * Boot: telemetry (first, so that errors from here on are reported), theme, the error boundary
 * (SPEC §2.10), the desktop-only notice on phones (SPEC §1), accounts (the server's own, or
 * Clerk), the local database with its sync worker (whose identity follows the account), and the
 * router, whose changes of pathname are the analytics page views (SPEC §2.2).
 */
import { StrictMode, useMemo, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { AppErrorBoundary } from './app/AppErrorBoundary';
import { AppProviders } from './app/AppProviders';
import { BootLoader } from './app/BootLoader';
import { DesktopOnlyGate } from './app/DesktopOnlyGate';
import { createAppRouter } from './app/router';
import { DataProvider } from './localdb/hooks/DataProvider';
import { SignOutGuard } from './auth/SignOutGuard';
import { AccountsProvider } from './auth/AccountsProvider';
import { useAuth } from './auth/context';
import { storeAnonId } from './api/anonId';
import { resolveGuestId } from './localdb/guestIdentity';
import { AccountTelemetry } from './telemetry/AccountTelemetry';
import { trackPageViews } from './telemetry/pageViews';
import { startTelemetry } from './telemetry/telemetry';
import type { Identity } from '../workers/syncWorkerApi';

startTelemetry();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Settled once, before the first render: the guest's local templates are owned by this id from
// the first edit on, even if the server has never been reached. It is kept in IndexedDB and the
// cookie restored from there (src/localdb/guestIdentity.ts), so a crash cannot lose it. After
// sign-in it stays, so that the sync worker can link it to the user (POST /users/identify).
const anonId = await resolveGuestId();
const router = createAppRouter();
trackPageViews(router);

const navigate = (to: string, { replace }: { replace: boolean }) => {
  void router.navigate(to, { replace });
};

/** The local database and its sync worker, for whoever is signed in (or the guest). */
function DataForAccount({ children }: { children: ReactNode }) {
  const { state, currentToken } = useAuth();
  const userId = state.user?.id ?? null;
  const identity: Identity = useMemo(
    () => ({
      // Read each time the worker asks (before every request; Comlink copies the value then):
      // Clerk's tokens live 60 s.
      get token() {
        return userId ? currentToken() : null;
      },
      anonId,
      userId,
    }),
    [currentToken, userId],
  );
  return (
    <DataProvider identity={identity} storeAnonId={storeAnonId}>
      {children}
    </DataProvider>
  );
}

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppErrorBoundary>
        <DesktopOnlyGate>
          <AccountsProvider navigate={navigate} fallback={<BootLoader />}>
            <AccountTelemetry />
            <DataForAccount>
              <SignOutGuard>
                <RouterProvider router={router} />
              </SignOutGuard>
            </DataForAccount>
          </AccountsProvider>
        </DesktopOnlyGate>
      </AppErrorBoundary>
    </AppProviders>
  </StrictMode>,
);
