// @vitest-environment happy-dom
/** SPEC §2.2 Layout A footer: the logo to the marketing site, © the current year, the legal links. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { Footer } from '../../../src/app/shell/Footer';
import { MARKETING_SITE_URL } from '../../../src/domain/constants';
import { renderWithTheme } from './render';

afterEach(cleanup);

describe('footer', () => {
  it('links the logo to the marketing site', () => {
    renderWithTheme(<Footer />);
    const logo = screen.getByRole('link', { name: 'Teamtrail website' });
    expect(logo.getAttribute('href')).toBe(MARKETING_SITE_URL);
    expect(within(logo).getByRole('img', { name: 'Teamtrail' })).toBeTruthy();
  });

  it('shows the copyright line with the current year', () => {
    renderWithTheme(<Footer />);
    expect(screen.getByText(`© ${new Date().getFullYear()} Teamtrail`)).toBeTruthy();
    cleanup();
    renderWithTheme(<Footer now={new Date(2031, 5, 1)} />);
    expect(screen.getByText('© 2031 Teamtrail')).toBeTruthy();
  });

  it('has "Terms of Use", "Privacy Policy" and "Licence Agreement" on {host}', () => {
    renderWithTheme(<Footer />);
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Terms of Use', `${MARKETING_SITE_URL}/terms`],
      ['Privacy Policy', `${MARKETING_SITE_URL}/privacy`],
      ['Licence Agreement', `${MARKETING_SITE_URL}/licence`],
    ]);
  });
});
