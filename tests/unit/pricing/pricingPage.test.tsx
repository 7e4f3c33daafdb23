// @vitest-environment happy-dom
/**
 * The pricing page, built from SPEC §6 "Roles and permissions": the FREE plan, the
 * paid PRO plan and the higher tier with outdoor GPS activities; the signed-in user's plan marked.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { useSession, type Session } from '../../../src/auth/session';
import { useAuth } from '../../../src/auth/context';
import type { AuthContextValue } from '../../../src/auth/types';
import { BOOKING_LINK } from '../../../src/ui/marketingLinks';
import { PLANS } from '../../../src/domain/plans';
import type { PlanId } from '../../../src/domain/schemas';
import { PricingPage } from '../../../src/features/pricing/PricingPage';
import { COMPARISON_ROWS, planStanding } from '../../../src/features/pricing/planComparison';
import { renderRoutes } from '../app/render';

vi.mock('../../../src/auth/session', () => ({ useSession: vi.fn() }));
vi.mock('../../../src/auth/context', () => ({ useAuth: vi.fn() }));

function asGuest() {
  vi.mocked(useSession).mockReturnValue({
    signedIn: false,
    user: null,
    canScheduleActivity: false,
  });
  vi.mocked(useAuth).mockReturnValue({
    state: { status: 'signedOut', user: null },
  } as unknown as AuthContextValue);
}

function signedInOn(plan: PlanId) {
  const session: Session = {
    signedIn: true,
    user: { id: 'u1', name: 'Ada Organiser', email: 'ada@example.com' },
    canScheduleActivity: true,
  };
  vi.mocked(useSession).mockReturnValue(session);
  vi.mocked(useAuth).mockReturnValue({
    state: {
      status: 'signedIn',
      user: {
        id: 'u1',
        name: 'Ada Organiser',
        email: 'ada@example.com',
        plan,
        restricted: false,
        firstName: 'Ada',
        lastName: 'Organiser',
      },
    },
  } as unknown as AuthContextValue);
}

function renderPricing() {
  return renderRoutes([{ path: '/pricing', element: <PricingPage /> }], ['/pricing']);
}

const card = (plan: PlanId) => screen.getByTestId(`plan-card-${plan}`);
const featuresOf = (plan: PlanId) =>
  within(card(plan))
    .getByRole('list', { name: `${PLANS[plan].name} plan features` })
    .querySelectorAll('li');

afterEach(() => {
  cleanup();
  vi.mocked(useSession).mockReset();
  vi.mocked(useAuth).mockReset();
});

describe('SPEC §6 plans on the pricing page', () => {
  it('shows three plan cards, FREE, PRO and the higher tier, each with its features from PLANS', () => {
    asGuest();
    renderPricing();
    expect(screen.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeTruthy();
    for (const plan of ['FREE', 'PRO', 'ENTERPRISE'] as const) {
      expect(
        within(card(plan)).getByRole('heading', { level: 2, name: PLANS[plan].name }),
      ).toBeTruthy();
      expect([...featuresOf(plan)].map((item) => item.textContent)).toEqual(
        PLANS[plan].featureList,
      );
    }
  });

  it('FREE: 1 Editor seat, up to 3 players per activity, all basic templates, AI content assistant, one launch per day valid for the current day, only one live activity at a time', () => {
    asGuest();
    renderPricing();
    const free = [...featuresOf('FREE')].map((item) => item.textContent?.toLowerCase());
    expect(free).toEqual([
      '1 editor seat',
      'up to 3 players per activity',
      'all basic templates',
      'ai content assistant',
      'one launch per day, valid for the current day',
      'only one live activity at a time',
    ]);
  });

  it('PRO: unlimited activities, teams, future-dated or multi-day launches, unlimited downloads; the higher tier: outdoor GPS activities', () => {
    asGuest();
    renderPricing();
    const pro = within(card('PRO'));
    for (const feature of [
      'Unlimited activities',
      'Work in teams',
      'Future-dated or multi-day launches',
      'Unlimited downloads',
    ]) {
      expect(pro.getByText(feature)).toBeTruthy();
    }
    expect(
      within(card('ENTERPRISE')).getByText('Outdoor GPS activities in any location'),
    ).toBeTruthy();
    expect(within(card('ENTERPRISE')).getByText('Everything in Pro')).toBeTruthy();
  });

  it('names no price, since SPEC gives none: the paid plans say "Contact us for pricing"', () => {
    asGuest();
    const { container } = renderPricing();
    expect(container.textContent).not.toMatch(/[£$€]\s?\d/);
    expect(within(card('PRO')).getByText('Contact us for pricing')).toBeTruthy();
    expect(within(card('ENTERPRISE')).getByText('Contact us for pricing')).toBeTruthy();
  });

  it('for a guest: FREE → "Sign up free" (back to "/"), PRO and the higher tier → "Contact Us"; no plan is marked', () => {
    asGuest();
    renderPricing();
    expect(
      within(card('FREE')).getByRole('link', { name: 'Sign up free' }).getAttribute('href'),
    ).toBe('/sign-up?from=%2F');
    for (const plan of ['PRO', 'ENTERPRISE'] as const) {
      const contact = within(card(plan)).getByRole('link', { name: /^Contact Us/ });
      expect(contact.getAttribute('href')).toBe(BOOKING_LINK.href);
    }
    expect(screen.queryByText('Your plan')).toBeNull();
    expect(document.querySelector('[data-current]')).toBeNull();
  });

  it('for a FREE user: the FREE card is marked as their plan, no sign-up is offered, upgrades say "Contact Us"', () => {
    signedInOn('FREE');
    renderPricing();
    expect(card('FREE').hasAttribute('data-current')).toBe(true);
    expect(within(card('FREE')).getByText('Your plan')).toBeTruthy();
    expect(within(card('FREE')).getByText('You are on this plan')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign up free' })).toBeNull();
    expect(within(card('PRO')).getByRole('link', { name: /^Contact Us/ })).toBeTruthy();
    expect(screen.getByTestId('current-plan-note').textContent).toBe('You are on the Free plan.');
  });

  it('for a PRO user: PRO is marked in the cards and the comparison; FREE is included; only the higher tier is offered', () => {
    signedInOn('PRO');
    renderPricing();
    expect(card('PRO').hasAttribute('data-current')).toBe(true);
    expect(card('FREE').hasAttribute('data-current')).toBe(false);
    expect(within(card('FREE')).getByText('Included in your plan')).toBeTruthy();
    expect(within(card('PRO')).queryByRole('link')).toBeNull();
    expect(within(card('ENTERPRISE')).getByRole('link', { name: /^Contact Us/ })).toBeTruthy();
    const table = screen.getByTestId('plan-comparison');
    const current = table.querySelectorAll('th[aria-current="true"]');
    expect([...current].map((th) => th.textContent)).toEqual(['ProYour plan']);
  });

  it('the comparison is one row per limit or feature, read from PLANS', () => {
    asGuest();
    renderPricing();
    const table = screen.getByRole('table', { name: 'Compare plans' });
    const cells = (rowId: string) =>
      [...within(table).getByTestId(`comparison-${rowId}`).querySelectorAll('td')].map(
        (td) => td.textContent,
      );
    expect(cells('players')).toEqual(['Up to 3', 'Unlimited', 'Unlimited']);
    expect(cells('editorSeats')).toEqual(['1', 'Unlimited', 'Unlimited']);
    expect(cells('gps')).toEqual(['Not included', 'Not included', 'Included']);
    expect(cells('futureLaunches')).toEqual(['Not included', 'Included', 'Included']);
    expect(cells('ai')).toEqual(['Included', 'Included', 'Included']);
    expect(within(table).getAllByRole('row')).toHaveLength(COMPARISON_ROWS.length + 1);
  });
});

describe('plan standing (an upgrade is offered, never a step down)', () => {
  it('compares plans in the order FREE < PRO < ENTERPRISE', () => {
    expect(planStanding('PRO', 'PRO')).toBe('current');
    expect(planStanding('FREE', 'PRO')).toBe('lower');
    expect(planStanding('ENTERPRISE', 'PRO')).toBe('higher');
    expect(planStanding('FREE', null)).toBe('higher');
  });
});
