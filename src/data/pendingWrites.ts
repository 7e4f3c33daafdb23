/**
 * Counts local writes that have not reached IndexedDB yet. Only while one is in flight is there
 * anything to lose by closing the tab: everything already written is kept on the device and
 * synced later by the worker. So the browser's "leave site?" warning is asked for only then.
 */
let inFlight = 0;

function warnBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers need a return value to show the dialog.
  event.returnValue = '';
}

export async function trackWrite<T>(write: Promise<T>): Promise<T> {
  inFlight += 1;
  if (inFlight === 1 && typeof window !== 'undefined')
    window.addEventListener('beforeunload', warnBeforeUnload);
  try {
    return await write;
  } finally {
    inFlight -= 1;
    if (inFlight === 0 && typeof window !== 'undefined')
      window.removeEventListener('beforeunload', warnBeforeUnload);
  }
}

export const writesInFlight = (): number => inFlight;
