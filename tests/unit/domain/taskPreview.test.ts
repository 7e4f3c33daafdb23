import { describe, it, expect } from 'vitest';
import {
  answerPlaceholder,
  attemptsLine,
  challengeButtonLabel,
  challengeResponseLine,
  formatAttempts,
  previewAnswerRows,
  showsCapturedMediaNote,
} from '../../../src/domain/taskPreview';
import { answer, challengeStep, freeTextStep, multipleChoiceStep } from './fixtures';

describe('Response line for challenges', () => {
  it('Standard: "Requires an action to be undertaken"', () => {
    expect(challengeResponseLine('standardChallenge')).toBe('Requires an action to be undertaken');
  });
  it('Photo: "Requires a photo to complete challenge"', () => {
    expect(challengeResponseLine('photoChallenge')).toBe('Requires a photo to complete challenge');
  });
  it('Video: "Requires a video to complete challenge"', () => {
    expect(challengeResponseLine('videoChallenge')).toBe('Requires a video to complete challenge');
  });
  it('question types have no response line', () => {
    expect(challengeResponseLine('freeText')).toBeNull();
    expect(challengeResponseLine('multipleChoice')).toBeNull();
  });
});

describe('Task preview: challenge button', () => {
  it('"Continue" (standard), "Take a photo" (photo), "Record video" (video)', () => {
    expect(challengeButtonLabel('standardChallenge')).toBe('Continue');
    expect(challengeButtonLabel('photoChallenge')).toBe('Take a photo');
    expect(challengeButtonLabel('videoChallenge')).toBe('Record video');
    expect(challengeButtonLabel('freeText')).toBeNull();
  });
  it('Photo and video challenges also show the captured-media note', () => {
    expect(showsCapturedMediaNote('photoChallenge')).toBe(true);
    expect(showsCapturedMediaNote('videoChallenge')).toBe(true);
    expect(showsCapturedMediaNote('standardChallenge')).toBe(false);
    expect(showsCapturedMediaNote('multipleChoice')).toBe(false);
  });
});

describe('Task preview: Attempts line', () => {
  it('"1 attempt" for freeText and multipleChoice', () => {
    expect(attemptsLine('freeText')).toBe('1 attempt');
    expect(attemptsLine('multipleChoice')).toBe('1 attempt');
  });
  it('hidden otherwise', () => {
    expect(attemptsLine('standardChallenge')).toBeNull();
    expect(attemptsLine('photoChallenge')).toBeNull();
    expect(attemptsLine('videoChallenge')).toBeNull();
  });
  it('The plural wording is "attempts"', () => {
    expect(formatAttempts(2)).toBe('2 attempts');
    expect(formatAttempts(0)).toBe('0 attempts');
    expect(formatAttempts(1)).toBe('1 attempt');
  });
});

describe('Task preview: answer rows', () => {
  it('an empty answer shows "Answer N will be previewed here"', () => {
    expect(answerPlaceholder(3)).toBe('Answer 3 will be previewed here');
    const rows = previewAnswerRows(multipleChoiceStep());
    expect(rows.map((r) => r.text)).toEqual([
      'Jupiter',
      'Mars',
      'Venus',
      'Answer 4 will be previewed here',
    ]);
    expect(rows.map((r) => r.isPlaceholder)).toEqual([false, false, false, true]);
  });
  it('up to 4 radio rows for multipleChoice', () => {
    const answers = ['A', 'B', 'C', 'D', 'E'].map((v, i) => answer(`a${i}`, v));
    expect(previewAnswerRows(multipleChoiceStep({ answers }))).toHaveLength(4);
  });
  it('only the first answer for freeText', () => {
    const answers = [answer('a1', 'Paris', true), answer('a2', 'Lyon')];
    expect(previewAnswerRows(freeTextStep({ answers }))).toEqual([
      { id: 'a1', n: 1, text: 'Paris', isPlaceholder: false },
    ]);
  });
  it('no rows for challenges', () => {
    expect(previewAnswerRows(challengeStep({ answers: [answer('x', 'y')] }))).toEqual([]);
  });
});
