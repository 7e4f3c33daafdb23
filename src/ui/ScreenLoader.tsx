/**
 * A screen's place while its local data opens (the database loads after the first paint; see
 * src/localdb/hooks/DataProvider.tsx). Inside the layouts, so the navigation stays usable meanwhile.
 */
import { Center, Loader } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';

export function ScreenLoader() {
  return (
    <Center mih="60vh" aria-busy="true" aria-label="Loading">
      <Loader />
    </Center>
  );
}

export function ScreenSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ScreenLoader />}>{children}</Suspense>;
}
