// @vitest-environment happy-dom
/**
 * The judging queue (src/live/components/JudgingQueue.tsx, src/live/state/judgingQueue.ts): what
 * it lists under "To review", what Approve sends for each kind of submission, and its keys: J / K
 * and the arrows move, A approves, R rejects, H hides, P goes to the points, and none of them
 * fires while typing in a field.
 */
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { theme } from '../../../src/ui/theme';
import type { Statistics } from '../../../src/domain/games';
import { JudgingQueue } from '../../../src/live/components/JudgingQueue';
import { applyJudgement, type Judgement } from '../../../src/live/state/judging';
import {
  approveChange,
  needsReview,
  queueItems,
  queueKeyAction,
} from '../../../src/live/state/judgingQueue';
import { challengeStep, freeTextStep, multipleChoiceStep } from '../domain/fixtures';
import { publicGame, statistics, submission, team } from './fixtures';

afterEach(cleanup);

const at = (minute: number) => `2030-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

/** One of each: a photo, a wrong and a right free-text answer, a multiple choice, a challenge. */
function game(): Statistics {
  return statistics({
    game: publicGame({ teamsCount: 2 }),
    steps: [
      { step: freeTextStep(), answered: 2, correct: 1, passed: 0, answers: [] },
      { step: multipleChoiceStep(), answered: 1, correct: 0, passed: 0, answers: [] },
      { step: challengeStep(), answered: 1, correct: 0, passed: 0, answers: [] },
      {
        step: challengeStep({ id: 's-done', name: 'High fives', type: 'standardChallenge' }),
        answered: 1,
        correct: 0,
        passed: 0,
        answers: [],
      },
    ],
    teams: [
      {
        team: team('a', { score: 110 }),
        answered: 3,
        correct: 1,
        timeSeconds: 60,
        adjustmentPoints: 0,
      },
      {
        team: team('b', { score: 0 }),
        answered: 2,
        correct: 0,
        timeSeconds: 60,
        adjustmentPoints: 0,
      },
    ],
    submissions: [
      submission('photo', { createdAt: at(1) }),
      submission('right', {
        stepId: 's-free',
        kind: 'answer',
        answer: 'Paris',
        correct: true,
        points: 10,
        mediaUrl: null,
        mediaType: null,
        createdAt: at(2),
      }),
      submission('wrong', {
        teamId: 'b',
        teamName: 'Team b',
        stepId: 's-free',
        kind: 'answer',
        answer: 'Pariss',
        correct: false,
        points: 0,
        mediaUrl: null,
        mediaType: null,
        createdAt: at(3),
      }),
      submission('choice', {
        teamId: 'b',
        teamName: 'Team b',
        stepId: 's-mc',
        kind: 'answer',
        answer: 'Mars',
        correct: false,
        points: 0,
        mediaUrl: null,
        mediaType: null,
        createdAt: at(4),
      }),
      submission('done', {
        stepId: 's-done',
        kind: 'done',
        points: 50,
        mediaUrl: null,
        mediaType: null,
        createdAt: at(5),
      }),
      submission('passed', {
        stepId: 's-mc',
        kind: 'pass',
        points: 0,
        mediaUrl: null,
        mediaType: null,
        createdAt: at(6),
      }),
    ],
  });
}

const item = (stats: Statistics, id: string) =>
  queueItems(stats).find((i) => i.submission.id === id)!;

describe('the queue’s rules', () => {
  it('lists every submission but passes, newest first', () => {
    expect(queueItems(game()).map((i) => i.submission.id)).toEqual([
      'done',
      'choice',
      'wrong',
      'right',
      'photo',
    ]);
  });

  it('"To review": photos, videos, challenges marked done and wrong free-text answers nobody judged yet', () => {
    const stats = game();
    const review = queueItems(stats).filter(needsReview);
    expect(review.map((i) => i.submission.id)).toEqual(['done', 'wrong', 'photo']);
    // Judged in any way (approved, rejected, hidden): reviewed.
    for (const change of [{ points: 10 }, { rejected: true }, { hidden: true }] as Judgement[]) {
      expect(needsReview(item(applyJudgement(stats, 'wrong', change), 'wrong'))).toBe(false);
    }
  });

  it('Approve counts a wrong answer as right (the task’s points), restores a rejected one, and has nothing to do twice', () => {
    const stats = game();
    expect(approveChange(item(stats, 'wrong'))).toEqual({ points: 10 });
    const rejected = applyJudgement(stats, 'photo', { rejected: true });
    expect(approveChange(item(rejected, 'photo'))).toEqual({ rejected: false, points: 50 });
    const approved = applyJudgement(stats, 'wrong', { points: 10 });
    expect(approveChange(item(approved, 'wrong'))).toBeNull();
  });

  it('keys do nothing while typing in a field, or with Ctrl, Alt or Meta', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const button = document.createElement('button');
    const press = (key: string, target: EventTarget, extra: object = {}) =>
      queueKeyAction({ key, target, ctrlKey: false, altKey: false, metaKey: false, ...extra });
    expect(press('a', input)).toBeNull();
    expect(press('j', textarea)).toBeNull();
    expect(press('ArrowDown', input)).toBeNull();
    expect(press('a', button)).toBe('approve');
    expect(press('A', button)).toBe('approve'); // Caps Lock
    expect(press('A', button, { shiftKey: true })).toBeNull();
    expect(press('r', button, { ctrlKey: true })).toBeNull();
    expect(press('h', button, { metaKey: true })).toBeNull();
    expect(press('ArrowUp', button)).toBe('previous');
    expect(press('x', button)).toBeNull();
  });
});

/** The queue over statistics that take each judgement at once, as useStatistics' overlay does. */
function Harness({ onJudge }: { onJudge: (id: string, change: Judgement) => void }) {
  const [stats, setStats] = useState(game);
  return (
    <JudgingQueue
      statistics={stats}
      pending={{}}
      onJudge={(id, change) => {
        onJudge(id, change);
        setStats((s) => applyJudgement(s, id, change));
      }}
    />
  );
}

function openQueue() {
  const onJudge = vi.fn<(id: string, change: Judgement) => void>();
  render(
    <MantineProvider theme={theme}>
      <Harness onJudge={onJudge} />
    </MantineProvider>,
  );
  const list = screen.getByRole('list', { name: /Submissions: to review/ });
  const rows = () => within(list).getAllByRole('article');
  return { onJudge, list, rows };
}

const focused = () => document.activeElement as HTMLElement;

describe('the queue’s keys', () => {
  it('shows the keys, and starts with the submissions to review, newest first', () => {
    const { rows } = openQueue();
    expect(rows().map((r) => r.getAttribute('aria-label'))).toEqual([
      'The challenge by Team a for “High fives”',
      'The answer by Team b for “Capital”',
      'The photo by Team a for “Team selfie”',
    ]);
    const hint = screen.getByText(/^Keys:/);
    for (const action of [
      'next',
      'previous',
      'approve',
      'reject / restore',
      'hide / show',
      'points',
    ]) {
      expect(hint.textContent).toContain(action);
    }
    // One row in the tab order: the keys move between the others.
    expect(rows().map((r) => r.tabIndex)).toEqual([0, -1, -1]);
  });

  it('J and ArrowDown move the focus down, K and ArrowUp up, and not past the ends', () => {
    const { rows } = openQueue();
    act(() => rows()[0]!.focus());
    fireEvent.keyDown(focused(), { key: 'j' });
    expect(focused()).toBe(rows()[1]);
    fireEvent.keyDown(focused(), { key: 'ArrowDown' });
    expect(focused()).toBe(rows()[2]);
    fireEvent.keyDown(focused(), { key: 'j' });
    expect(focused()).toBe(rows()[2]);
    fireEvent.keyDown(focused(), { key: 'k' });
    expect(focused()).toBe(rows()[1]);
    fireEvent.keyDown(focused(), { key: 'ArrowUp' });
    expect(focused()).toBe(rows()[0]);
    expect(rows().map((r) => r.tabIndex)).toEqual([0, -1, -1]);
  });

  it('A approves the focused submission; it stays in its place with the focus (rows never move under the keys), so a second A does nothing', () => {
    const { onJudge, rows } = openQueue();
    act(() => rows()[1]!.focus());
    fireEvent.keyDown(focused(), { key: 'a' });
    expect(onJudge).toHaveBeenCalledWith('wrong', { points: 10 });
    expect(rows()).toHaveLength(3);
    expect(focused()).toBe(rows()[1]);
    expect(rows()[1]!.textContent).toContain('Judged');
    expect(screen.getByRole('radio', { name: /^To review \(2\)/ })).toBeTruthy();
    fireEvent.keyDown(focused(), { key: 'a' });
    expect(onJudge).toHaveBeenCalledTimes(1);
  });

  it('R rejects and H hides the focused submission; R again restores it', () => {
    const { onJudge, rows } = openQueue();
    act(() => rows()[0]!.focus());
    fireEvent.keyDown(focused(), { key: 'r' });
    expect(onJudge).toHaveBeenLastCalledWith('done', { rejected: true });
    fireEvent.keyDown(focused(), { key: 'h' });
    expect(onJudge).toHaveBeenLastCalledWith('done', { hidden: true });
    fireEvent.keyDown(focused(), { key: 'r' });
    expect(onJudge).toHaveBeenLastCalledWith('done', { rejected: false });
    expect(focused()).toBe(rows()[0]);
  });

  it('a key pressed on a row’s button acts on that row', () => {
    const { onJudge, rows } = openQueue();
    const reject = within(rows()[2]!).getByRole('button', { name: /^Reject/ });
    act(() => reject.focus());
    fireEvent.keyDown(reject, { key: 'h' });
    expect(onJudge).toHaveBeenCalledWith('photo', { hidden: true });
  });

  it('P goes to the points field; typing there fires no key; submitting sets the points; Escape goes back', () => {
    const { onJudge, rows } = openQueue();
    act(() => rows()[1]!.focus());
    fireEvent.keyDown(focused(), { key: 'p' });
    const field = within(rows()[1]!).getByRole('textbox', { name: /^Points for the answer/ });
    expect(focused()).toBe(field);
    for (const key of ['a', 'r', 'h', 'j', 'k', 'p', 'ArrowDown'])
      fireEvent.keyDown(field, { key });
    expect(onJudge).not.toHaveBeenCalled();
    expect(focused()).toBe(field);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(focused()).toBe(rows()[1]);
    fireEvent.keyDown(focused(), { key: 'p' });
    fireEvent.change(field, { target: { value: '5' } });
    fireEvent.submit(field.closest('form')!);
    expect(onJudge).toHaveBeenCalledWith('wrong', { points: 5 });
  });

  it('the filters list all, rejected and hidden submissions', () => {
    const { rows } = openQueue();
    act(() => rows()[0]!.focus());
    fireEvent.keyDown(focused(), { key: 'r' });
    fireEvent.keyDown(focused(), { key: 'h' });
    fireEvent.click(screen.getByRole('radio', { name: /^All/ }));
    expect(screen.getByRole('list', { name: /Submissions: all/ }).children).toHaveLength(5);
    fireEvent.click(screen.getByRole('radio', { name: /^Rejected \(1\)/ }));
    expect(screen.getByRole('article').getAttribute('aria-label')).toContain('High fives');
    fireEvent.click(screen.getByRole('radio', { name: /^Hidden \(1\)/ }));
    const hidden = screen.getByRole('article');
    expect(hidden.getAttribute('aria-label')).toContain('High fives');
    expect(within(hidden).getByRole('button', { name: /^Show/ })).toBeTruthy();
  });
});
