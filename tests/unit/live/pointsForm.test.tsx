// @vitest-environment happy-dom
/**
 * The points field of a photo or video on the statistics screen (PointsForm in
 * src/live/components/SubmissionCard.tsx): "Set points" sends only a whole number from 0 to the
 * maximum that differs from the points now counted, an empty field is no mistake (nothing to
 * set yet), and setting the task's own points again takes the adjustment back.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { theme } from '../../../src/ui/theme';
import type { Submission } from '../../../src/domain/games';
import { SubmissionCard } from '../../../src/live/components/SubmissionCard';
import { submission } from './fixtures';

afterEach(cleanup);

function renderCard(overrides: Partial<Submission> = {}) {
  const onJudge = vi.fn();
  render(
    <MantineProvider theme={theme}>
      <SubmissionCard
        submission={submission('p1', overrides)}
        taskName="Team photo"
        saving={false}
        onJudge={onJudge}
      />
    </MantineProvider>,
  );
  const field = screen.getByRole('textbox', { name: /^Points for the photo/ }) as HTMLInputElement;
  const set = screen.getByRole('button', { name: /^Set points for the photo/ });
  return { onJudge, field, set };
}

describe('the points of one submission', () => {
  it('Set points waits for a figure other than the one counted now', () => {
    const { onJudge, field, set } = renderCard();
    expect(field.value).toBe('50');
    expect(set.hasAttribute('disabled')).toBe(true);
    fireEvent.submit(field.closest('form')!);
    expect(onJudge).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: '35' } });
    expect(set.hasAttribute('disabled')).toBe(false);
    fireEvent.click(set);
    expect(onJudge).toHaveBeenCalledWith('p1', { points: 35 });
  });

  it('an empty field says nothing and sets nothing', () => {
    const { onJudge, field, set } = renderCard();
    fireEvent.change(field, { target: { value: '' } });
    expect(set.hasAttribute('disabled')).toBe(true);
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByText('From 0 to 1000')).toBeNull();
    fireEvent.submit(field.closest('form')!);
    expect(onJudge).not.toHaveBeenCalled();
  });

  it('0 and the maximum are points; more than the maximum is never set', () => {
    const { onJudge, field, set } = renderCard();
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(set);
    expect(onJudge).toHaveBeenLastCalledWith('p1', { points: 0 });
    fireEvent.change(field, { target: { value: '1000' } });
    fireEvent.click(set);
    expect(onJudge).toHaveBeenLastCalledWith('p1', { points: 1000 });
    // The field does not take a figure beyond the maximum: it keeps the last one it could.
    fireEvent.change(field, { target: { value: '1500' } });
    expect(field.value).toBe('1000');
    fireEvent.submit(field.closest('form')!);
    expect(onJudge.mock.calls.every(([, change]) => change.points <= 1000)).toBe(true);
  });

  it('the task’s own points again take the adjustment back (null)', () => {
    const { onJudge, field, set } = renderCard({ adjustedPoints: 35 });
    expect(field.value).toBe('35');
    fireEvent.change(field, { target: { value: '50' } });
    fireEvent.click(set);
    expect(onJudge).toHaveBeenCalledWith('p1', { points: null });
  });

  it('a rejected submission’s points cannot be set', () => {
    const { field, set } = renderCard({ rejected: true });
    expect(field.hasAttribute('disabled')).toBe(true);
    expect(set.hasAttribute('disabled')).toBe(true);
  });
});
