// @vitest-environment happy-dom
/**
 * SPEC §2.9 sign-in prompts for gated actions: "This action requires a registered account to
 * continue." / "Launching an activity requires a registered account", both with a
 * "Sign in / Sign up" button that returns to a deep link.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { SignInPrompt, SignInPromptContent } from '../../../src/features/publishing/SignInPrompt';
import { renderAt } from './render';

afterEach(cleanup);

describe('SPEC §2.9 Sign-in prompts for gated actions', () => {
  it('"action": "This action requires a registered account to continue."', async () => {
    renderAt(
      '/activity/t1/demo/create',
      <SignInPrompt
        opened
        onClose={() => {}}
        reason="action"
        returnTo="/activity/t1/demo/create"
      />,
    );
    expect(
      await screen.findByText('This action requires a registered account to continue.'),
    ).toBeTruthy();
    expect(screen.queryByText('Launching an activity requires a registered account')).toBeNull();
  });

  it('"launch": "Launching an activity requires a registered account"', async () => {
    renderAt('/', <SignInPromptContent reason="launch" returnTo="/" />);
    expect(
      await screen.findByText('Launching an activity requires a registered account'),
    ).toBeTruthy();
  });

  it('"Sign in / Sign up" returns to the deep link, query included', async () => {
    const deepLink = '/builder/t1?finish-create=1';
    const { router } = renderAt(
      '/builder/t1',
      <SignInPromptContent reason="launch" returnTo={deepLink} />,
    );
    const button = await screen.findByRole('link', { name: 'Sign in / Sign up' });
    expect(button.getAttribute('href')).toBe(`/sign-in?from=${encodeURIComponent(deepLink)}`);
    await act(async () => fireEvent.click(button));
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe(deepLink);
  });

  it('"Close" closes the prompt', async () => {
    const onClose = vi.fn();
    renderAt('/', <SignInPrompt opened onClose={onClose} reason="action" returnTo="/" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
