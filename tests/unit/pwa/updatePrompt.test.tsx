// @vitest-environment happy-dom
/**
 * "Update available — Reload", shown through the page's notifications when a new version waits;
 * the page reloads only after the user's click and the new worker's take-over. And the screen
 * offered instead of the fallback error screen when a screen's code could not be loaded.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from '@mantine/core';
import { ServiceWorkerUpdatePrompt } from '../../../src/pwa/UpdatePrompt';
import { UPDATE_PROMPT_TEXTS } from '../../../src/pwa/UpdateNotice';
import { NewVersionScreen } from '../../../src/pwa/NewVersionScreen';
import { createServiceWorkerUpdates } from '../../../src/pwa/serviceWorkerUpdates';
import { useNotice } from '../../../src/ui/notices';
import { renderWithTheme } from '../app/render';
import { MantineTestProviders } from '../support/render';
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

  it('appears bottom-right when a new version waits, and Reload hands over to it before reloading', async () => {
    const { updates, workbox, reload } = setUp();
    renderWithTheme(<ServiceWorkerUpdatePrompt updates={updates} />);
    act(() => workbox.newVersionWaiting());

    // The notice's module is loaded once an update waits (not on the first screen).
    const prompt = await screen.findByRole('status', { name: UPDATE_PROMPT_TEXTS.title });
    expect(prompt.getAttribute('data-testid')).toBe('update-prompt');
    expect(prompt.textContent).toContain(UPDATE_PROMPT_TEXTS.body);
    expect(prompt.closest('[data-position]')?.getAttribute('data-position')).toBe('bottom-right');
    // It does not take the focus from whatever the organiser is typing in.
    expect(prompt.contains(document.activeElement)).toBe(false);

    const reloadButton = within(prompt).getByRole('button', { name: UPDATE_PROMPT_TEXTS.reload });
    fireEvent.click(reloadButton);
    expect(workbox.skipWaitingMessages).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();
    // While the new worker takes over, Reload shows that it works and the prompt cannot be
    // dismissed.
    expect(reloadButton.getAttribute('data-loading')).toBe('true');
    expect(screen.queryByRole('button', { name: UPDATE_PROMPT_TEXTS.dismiss })).toBeNull();

    act(() => workbox.workerControls());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stays until the organiser answers it: no timer takes it away', () => {
    vi.useFakeTimers();
    try {
      const { updates, workbox } = setUp();
      renderWithTheme(<ServiceWorkerUpdatePrompt updates={updates} />);
      act(() => workbox.newVersionWaiting());
      act(() => vi.advanceTimersByTime(10 * 60_000));
      expect(screen.getByTestId('update-prompt')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('"Remind me later" hides it for the rest of the page\'s life, without updating', async () => {
    const { updates, workbox, reload } = setUp();
    renderWithTheme(<ServiceWorkerUpdatePrompt updates={updates} />);
    act(() => workbox.newVersionWaiting());
    fireEvent.click(screen.getByRole('button', { name: UPDATE_PROMPT_TEXTS.dismiss }));
    await waitFor(() => expect(screen.queryByTestId('update-prompt')).toBeNull());
    // Another version found later in this page's life is not offered again either.
    act(() => workbox.newVersionWaiting());
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    expect(workbox.skipWaitingMessages).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it("is seen over an open dialog: its layer is above the modal's", () => {
    const { updates, workbox } = setUp();
    renderWithTheme(
      <>
        <Modal opened onClose={() => {}} title="Any dialog">
          <input aria-label="Typing here" data-autofocus />
        </Modal>
        <ServiceWorkerUpdatePrompt updates={updates} />
      </>,
    );
    act(() => workbox.newVersionWaiting());
    // The layer Mantine gives the nearest ancestor that sets it.
    const layer = (element: HTMLElement, variable: string) => {
      for (let at: HTMLElement | null = element; at; at = at.parentElement) {
        const value = at.style.getPropertyValue(variable);
        if (value) return Number(value);
      }
      return 0;
    };
    const modalLayer = layer(screen.getByRole('dialog'), '--mb-z-index');
    const promptLayer = layer(screen.getByTestId('update-prompt'), '--notifications-z-index');
    expect(modalLayer).toBeGreaterThan(0);
    expect(promptLayer).toBeGreaterThan(modalLayer);
    // The dialog keeps the focus.
    expect(screen.getByTestId('update-prompt').contains(document.activeElement)).toBe(false);
  });

  it("gives way to a screen's notice in its corner, and comes back once that one has gone", async () => {
    const { updates, workbox } = setUp();
    const view = renderWithTheme(<ServiceWorkerUpdatePrompt updates={updates} />);
    act(() => workbox.newVersionWaiting());
    expect(screen.getByTestId('update-prompt')).toBeTruthy();

    const withScreenNotice = (shown: boolean) => (
      <>
        <ServiceWorkerUpdatePrompt updates={updates} />
        {shown && <ScreenNotice />}
      </>
    );
    view.rerender(<MantineTestProviders>{withScreenNotice(true)}</MantineTestProviders>);
    expect(await screen.findByTestId('screen-notice')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('update-prompt')).toBeNull());

    view.rerender(<MantineTestProviders>{withScreenNotice(false)}</MantineTestProviders>);
    expect(await screen.findByTestId('update-prompt')).toBeTruthy();
  });
});

/** A screen's own notice in the bottom-right corner, as "Tasks generated…" is. */
function ScreenNotice() {
  useNotice({
    message: 'Tasks generated and applied to activity.',
    dismissLabel: 'Dismiss',
    onDismiss() {},
    autoDismissMs: null,
    placement: 'bottom-right',
    testId: 'screen-notice',
  });
  return null;
}

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
