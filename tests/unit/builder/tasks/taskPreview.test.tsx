// @vitest-environment happy-dom
/**
 * SPEC §2.8 Task preview: banner, attempts line, media with their texts, answer rows with
 * "Answer N will be previewed here", challenge buttons, the captured-media note, "Later" and
 * "Pass", the sample step when there is none, and cache-busted media URLs.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Step } from '../../../../src/domain/schemas';
import {
  SAMPLE_PREVIEW_STEP,
  TaskPreview,
  withCacheBuster,
} from '../../../../src/features/builder/preview/TaskPreview';
import { mcStep, step } from './harness';

afterEach(cleanup);

const show = (s: Step | null) =>
  render(
    <MantineProvider>
      <TaskPreview step={s} cacheBusterToken="t1" />
    </MantineProvider>,
  );
const answerTexts = () => screen.queryAllByTestId('task-preview-answer').map((r) => r.textContent);

describe('SPEC §2.8 Task preview', () => {
  it('shows the task text in the banner, "1 attempt" for questions, and "Later" and "Pass"', () => {
    show(step({ text: 'Capital of France?' }));
    expect(screen.getByTestId('task-preview-banner').textContent).toBe('Capital of France?');
    expect(screen.getByText('1 attempt')).toBeTruthy();
    expect(screen.getByText('Later')).toBeTruthy();
    expect(screen.getByText('Pass')).toBeTruthy();
  });

  it('shows only the first answer for freeText', () => {
    show(
      step({
        answers: [
          { id: 'a', value: 'Paris', correct: true },
          { id: 'b', value: 'Lyon', correct: false },
        ],
      }),
    );
    expect(answerTexts()).toEqual(['Paris']);
  });

  it('shows up to 4 rows for multipleChoice, an empty answer as "Answer N will be previewed here"', () => {
    show(
      mcStep({
        answers: [
          { id: 'a', value: 'Mars', correct: true },
          { id: 'b', value: '', correct: false },
        ],
      }),
    );
    expect(answerTexts()).toEqual(['Mars', 'Answer 2 will be previewed here']);
  });

  it.each([
    ['standardChallenge', 'Continue', false],
    ['photoChallenge', 'Take a photo', true],
    ['videoChallenge', 'Record video', true],
  ] as const)('%s: button "%s", captured-media note %s, no attempts line', (type, label, note) => {
    show(step({ type, answers: [] }));
    expect(screen.getByTestId('task-preview-challenge').textContent).toBe(label);
    expect(
      screen.queryByText('In activity captured pictures or videos will be viewable here.') !== null,
    ).toBe(note);
    expect(screen.queryByText(/attempt/)).toBeNull();
    expect(answerTexts()).toEqual([]);
  });

  it('without a step shows the sample multiple-choice step with 4 answers', () => {
    show(null);
    expect(screen.getByTestId('task-preview-banner').textContent).toBe(SAMPLE_PREVIEW_STEP.text);
    expect(answerTexts()).toHaveLength(4);
    expect(SAMPLE_PREVIEW_STEP.type).toBe('multipleChoice');
  });

  it('shows an image with a cache-busted URL', () => {
    show(
      step({ media: { filename: 'map.png', mimeType: 'image/png', url: 'https://cdn/x/map.png' } }),
    );
    expect(screen.getByTestId('task-preview-image').getAttribute('src')).toBe(
      'https://cdn/x/map.png?cb=t1',
    );
  });

  it('audio shows "Tap to play"; video also "Video will play full screen during live activity play"', () => {
    show(step({ media: { filename: 'a.mp3', mimeType: 'audio/mp3', url: 'https://cdn/a.mp3' } }));
    expect(screen.getByTestId('task-preview-audio').textContent).toContain('Tap to play');
    expect(screen.queryByText('Video will play full screen during live activity play')).toBeNull();
    cleanup();
    show(
      step({ media: { filename: 'v.mp4', mimeType: 'video/mp4', url: 'https://cdn/v.mp4?x=1' } }),
    );
    expect(screen.getByText('Tap to play')).toBeTruthy();
    expect(screen.getByText('Video will play full screen during live activity play')).toBeTruthy();
    expect(screen.getByTestId('task-preview-video').getAttribute('data-src')).toBe(
      'https://cdn/v.mp4?x=1&cb=t1',
    );
  });
});

describe('withCacheBuster', () => {
  it('adds the query before a hash and leaves local blob: and data: URLs alone', () => {
    expect(withCacheBuster('https://h/a.png#top', '9')).toBe('https://h/a.png?cb=9#top');
    expect(withCacheBuster('blob:https://h/123', '9')).toBe('blob:https://h/123');
    expect(withCacheBuster('data:image/png;base64,AA', '9')).toBe('data:image/png;base64,AA');
  });
});
