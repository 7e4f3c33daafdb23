/** Shown while the local database opens: a few milliseconds, longer on a first visit. */
import { Center, Loader } from '@mantine/core';

export function BootLoader() {
  return (
    <Center mih="100vh" aria-busy="true" aria-label="Loading Teamtrail">
      <Loader />
    </Center>
  );
}
