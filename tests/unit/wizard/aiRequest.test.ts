/**
 * The AI request of both creation flows (SPEC §3 AI content request, §7, docs/ai.md) and the
 * words of SPEC §8 for its failures.
 */
import { describe, expect, it } from 'vitest';
import {
  newActivityRequest,
  POLL_FAILURE_TEXT,
  requestFailureText,
} from '../../../src/features/aiFlow/aiRequest';
import { taskCountImage } from '../../../src/features/aiFlow/illustrations';
import { notAsked, OFFLINE_MESSAGE } from '../../../src/api/client';
import { aiContentRequestBodySchema } from '../../../src/domain/schemas';
import { AI_WIZARD_DEFAULTS } from '../../../src/domain/flowDefaults';

describe('newActivityRequest', () => {
  it('sends the wizard state in the wire spelling, topics and name trimmed', () => {
    const body = newActivityRequest(
      { ...AI_WIZARD_DEFAULTS, topics: '  Food hygiene \n', name: ' Bakery ', duration: 'm90' },
      'requestor-1',
    );
    expect(body).toEqual({
      requestorId: 'requestor-1',
      topics: 'Food hygiene',
      name: 'Bakery',
      gameType: 'quiz',
      deliveryType: 'inPerson',
      duration: 90,
      stepsCount: 20,
    });
    expect(aiContentRequestBodySchema.safeParse(body).success).toBe(true);
  });
});

describe('SPEC §8 AI generation errors', () => {
  it('422: "The generated content or template contains incomplete data."', () => {
    expect(requestFailureText({ status: 422, message: 'x' })).toBe(
      'The generated content or template contains incomplete data.',
    );
  });

  it('other: "Unable to request content generation. Please try again later."', () => {
    for (const status of [400, 403, 429, 500, 503]) {
      expect(requestFailureText({ status, message: 'x' })).toBe(
        'Unable to request content generation. Please try again later.',
      );
    }
  });

  it('no answer at all (status null) is explained as being offline', () => {
    expect(requestFailureText({ status: null, message: OFFLINE_MESSAGE })).toBe(OFFLINE_MESSAGE);
  });

  it('a call the app did not make (an address it does not know) is a failure, not offline', () => {
    const unknown = notAsked<never>('unknown address');
    expect(unknown.ok).toBe(false);
    expect(!unknown.ok && requestFailureText(unknown.error)).toBe(
      'Unable to request content generation. Please try again later.',
    );
  });

  it('poll failure: "Unable to get content generation results. Please try again later"', () => {
    expect(POLL_FAILURE_TEXT).toBe(
      'Unable to get content generation results. Please try again later',
    );
  });
});

describe('task count pictures', () => {
  it('draw one tile per task', () => {
    for (const count of [10, 20, 30]) {
      const svg = decodeURIComponent(taskCountImage(count).replace('data:image/svg+xml,', ''));
      expect(svg.match(/<rect x=/g)).toHaveLength(count);
      expect(svg).toContain(`>${count}</text>`);
    }
  });
});
