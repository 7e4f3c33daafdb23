// @vitest-environment happy-dom
/**
 * SPEC §2.2 Selection card: "a reusable card showing an image, a title and an optional
 * description. It can be disabled (greyed out)."
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { SelectionCard } from '../../../src/ui/SelectionCard';
import { renderWithTheme } from '../app/render';

afterEach(cleanup);

describe('SPEC §2.2 Selection card', () => {
  it('shows an image, a title and an optional description; the button is named by its title', () => {
    const onClick = vi.fn();
    renderWithTheme(
      <SelectionCard
        image="/thumbnails/x.svg"
        title="Indoor"
        description="A quiz"
        onClick={onClick}
      />,
    );
    const card = screen.getByRole('button', { name: 'Indoor' });
    expect(card.closest('[data-selection-card]')?.querySelector('img')?.getAttribute('src')).toBe(
      '/thumbnails/x.svg',
    );
    expect(screen.getByText('A quiz')).toBeTruthy();
    expect(card.getAttribute('aria-describedby')).toBe(
      screen.getByText('A quiz').parentElement?.id,
    );
    fireEvent.click(card);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('without a description there is nothing to describe it', () => {
    renderWithTheme(<SelectionCard image="/x.svg" title="Indoor" />);
    expect(screen.getByRole('button', { name: 'Indoor' }).hasAttribute('aria-describedby')).toBe(
      false,
    );
  });

  it('disabled: greyed out, aria-disabled, not clickable, but still focusable', () => {
    const onClick = vi.fn();
    renderWithTheme(
      <SelectionCard image="/x.svg" title="Outdoor" onClick={onClick} disabled>
        <span>Upgrade to Enterprise</span>
      </SelectionCard>,
    );
    const card = screen.getByRole('button', { name: 'Outdoor' });
    expect(card.getAttribute('aria-disabled')).toBe('true');
    expect(card.hasAttribute('disabled')).toBe(false);
    fireEvent.click(card);
    expect(onClick).not.toHaveBeenCalled();
    card.focus();
    expect(document.activeElement).toBe(card);
    expect(screen.getByText('Upgrade to Enterprise')).toBeTruthy();
  });
});
