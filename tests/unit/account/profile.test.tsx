// @vitest-environment happy-dom
/**
 * The profile screen: the user's name, e-mail and plan (SPEC §6) with what it
 * allows and "View plans", and sign-out; for a Clerk account, Clerk's own account management.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { AuthContext } from '../../../src/auth/context';
import type { AccountUser, AuthContextValue } from '../../../src/auth/types';
import { ProfilePage } from '../../../src/features/account/ProfilePage';
import { PRICING_LINK } from '../../../src/ui/marketingLinks';
import { PLANS } from '../../../src/domain/plans';

afterEach(cleanup);

const OLIVE: AccountUser = {
  id: 'u1',
  email: 'olive@example.com',
  name: 'Olive Organiser',
  firstName: 'Olive',
  lastName: 'Organiser',
  plan: 'FREE',
  restricted: false,
};

function renderProfile(overrides: Partial<AuthContextValue> = {}, user: AccountUser = OLIVE) {
  const signOut = vi.fn(async () => {});
  const value: AuthContextValue = {
    provider: 'server',
    state: { status: 'signedIn', user },
    availability: 'ready',
    currentToken: () => 't',
    getToken: async () => 't',
    signOut,
    passwordAccounts: null,
    screens: null,
    ...overrides,
  };
  render(
    <MantineProvider>
      <AuthContext.Provider value={value}>
        <ProfilePage />
      </AuthContext.Provider>
    </MantineProvider>,
  );
  return { signOut };
}

describe('the profile', () => {
  it('shows the name, the e-mail and the FREE plan with what it allows, and "View plans"', () => {
    renderProfile();
    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getAllByText('Olive Organiser').length).toBeGreaterThan(0);
    expect(within(account).getByText('olive@example.com')).toBeTruthy();
    const plan = screen.getByRole('region', { name: PLANS.FREE.name });
    expect(within(plan).getByTestId('profile-plan-badge').textContent).toBe('FREE plan');
    const features = within(plan).getByRole('list', { name: 'Free plan features' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(PLANS.FREE.featureList);
    const viewPlans = within(plan).getByRole('link', { name: 'View plans' });
    expect(viewPlans.getAttribute('href')).toBe(PRICING_LINK.href);
  });

  it('shows a PRO user their plan, and a restricted user that scheduling is not available', () => {
    renderProfile({}, { ...OLIVE, plan: 'PRO', restricted: true });
    expect(screen.getByTestId('profile-plan-badge').textContent).toBe('PRO plan');
    expect(screen.getByText('Not available on this account')).toBeTruthy();
  });

  it('signs out', () => {
    const { signOut } = renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('the server’s accounts have no call to change a name: the details are read-only', () => {
    renderProfile();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Manage your account' })).toBeNull();
  });

  it('with Clerk, Clerk’s own account management is embedded', () => {
    renderProfile({
      provider: 'clerk',
      screens: { Auth: () => null, Profile: () => <div data-testid="clerk-profile" /> },
    });
    const manage = screen.getByRole('region', { name: 'Manage your account' });
    expect(within(manage).getByTestId('clerk-profile')).toBeTruthy();
  });
});
