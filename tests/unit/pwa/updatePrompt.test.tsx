// @vitest-environment happy-dom
/**
 * "Update available — Reload", shown when a new version waits; the page reloads only
 * after the user's click and the new worker's take-over. And the screen offered instead of the
 * fallback error screen when a screen's code could not be loaded.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { ServiceWorkerUpdatePrompt } from '../../../src/pwa/UpdatePrompt';
import { NewVersionScreen } from '../../../src/pwa/NewVersionScreen';
import { createServiceWorkerUpdates } from '../../../src/pwa/serviceWorkerUpdates';
import { renderWithTheme } from '../app/render';
import { FakeWorkbox } from './fakeWorkbox';

function setUp() {
  const reload = vi.fn();
  const updates = createServiceWorkerUpdates({ reload });
  const workbox = new FakeWorkbox();
  updates.attach(workbox);
  return { reload, updates, workbox };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the update prompt', () => {
  it('is not shown while the running version is the newest', () => {
    const { updates } = setUp();
    renderWithTheme(<ServiceWorkerUpdatePrompt updates={updates} />);
    expect(screen.queryByTestId('update-prompt')).toBeNull();
  });

  it('appears when a new version waits, and Reload hands over to it before reloading', () => {
    const { updates, workbox, reload } = setUp();
    renderWithTheme(<ServiceWorkerUpdatePrompt updates={updates} />);
    act(() => workbox.newVersionWaiting());

    const prompt = screen.getByRole('status', { name: 'Update available' });
    expect(prompt.textContent).toContain('A new version of Teamtrail is ready.');
    // It does not take the focus from whatever the organiser is typing in.
    expect(prompt.contains(document.activeElement)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox.skipWaitingMessages).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();
    // While the new worker takes over, the prompt cannot be dismissed.
    expect(screen.queryByRole('button', { name: 'Remind me later' })).toBeNull();

    act(() => workbox.workerControls());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('"Remind me later" hides it without updating', () => {
    const { updates, workbox, reload } = setUp();
    renderWithTheme(<ServiceWorkerUpdatePrompt updates={updates} />);
    act(() => workbox.newVersionWaiting());
    fireEvent.click(screen.getByRole('button', { name: 'Remind me later' }));
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    expect(workbox.skipWaitingMessages).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('the screen for a screen whose code could not be loaded', () => {
  it('online: says Teamtrail was updated and offers Reload, which takes the waiting version', () => {
    const { updates, workbox, reload } = setUp();
    act(() => workbox.newVersionWaiting());
    renderWithTheme(<NewVersionScreen updates={updates} />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Teamtrail has been updated' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox.skipWaitingMessages).toHaveLength(1);
    act(() => workbox.workerControls());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offline: says so, and that the screen is not saved on this computer yet', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { updates, reload } = setUp();
    renderWithTheme(<NewVersionScreen updates={updates} />);
    expect(screen.getByRole('heading', { level: 1, name: 'You are offline' })).toBeTruthy();
    expect(
      screen.getByText(
        'This screen has not been saved on this computer yet. Reconnect to the internet, then reload.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
