/**
 * SPEC §2.4 guard rules: opening a later step with no state sends the user back to
 * the first step that is missing; a step that is already done moves on (a reload resumes).
 */
import { describe, expect, it } from 'vitest';
import { demoRedirect, wizardRedirect } from '../../../src/features/wizard/guards';
import { AI_WIZARD_DEFAULTS, DEMO_STATE_DEFAULTS } from '../../../src/domain/flowDefaults';

const answered = { ...AI_WIZARD_DEFAULTS, topics: 'Food hygiene', name: 'Bakery' };
const requested = { ...answered, statusUrl: 'http://h/v1/ai_content_requests/r1' };
const completed = { ...requested, completedAt: '2026-03-01T09:00:00.000Z' };

describe('wizardRedirect', () => {
  it('type, tasks and topics always show: SPEC §3 gives gameType and stepsCount defaults', () => {
    for (const step of ['type', 'tasks', 'topics'] as const) {
      expect(wizardRedirect(step, AI_WIZARD_DEFAULTS)).toBeNull();
    }
  });

  it('name needs non-blank topics', () => {
    expect(wizardRedirect('name', { ...AI_WIZARD_DEFAULTS, topics: '  ' })).toBe(
      '/activity/topics',
    );
    expect(wizardRedirect('name', { ...AI_WIZARD_DEFAULTS, topics: 'x' })).toBeNull();
  });

  it('create needs topics and a name, and moves on once a request is under way', () => {
    expect(wizardRedirect('create', { ...answered, topics: '' })).toBe('/activity/topics');
    expect(wizardRedirect('create', { ...answered, name: ' ' })).toBe('/activity/name');
    expect(wizardRedirect('create', answered)).toBeNull();
    expect(wizardRedirect('create', requested)).toBe('/activity/status');
    // A refused request stays on create to show its error.
    expect(wizardRedirect('create', { ...answered, error: 'refused' })).toBeNull();
  });

  it('status needs a status URL, and moves on once completedAt is present', () => {
    expect(wizardRedirect('status', answered)).toBe('/activity/create');
    expect(wizardRedirect('status', requested)).toBeNull();
    expect(wizardRedirect('status', completed)).toBe('/activity/complete');
    expect(wizardRedirect('status', { ...requested, error: 'poll failed' })).toBeNull();
  });

  it('complete needs completedAt, else the first step that is missing', () => {
    expect(wizardRedirect('complete', completed)).toBeNull();
    expect(wizardRedirect('complete', requested)).toBe('/activity/status');
    expect(wizardRedirect('complete', answered)).toBe('/activity/create');
    expect(wizardRedirect('complete', AI_WIZARD_DEFAULTS)).toBe('/activity/topics');
  });
});

describe('demoRedirect', () => {
  const mine = { ...DEMO_STATE_DEFAULTS, templateId: 't1' };
  const created = { ...mine, statusUrl: 'http://h/v1/templates/t1/games/g1' };
  const ready = { ...created, code: 'ABCD2345', qrCodeUrl: '/v1/qr/ABCD2345.png' };

  it('create shows until the demo is created, then moves on to status', () => {
    expect(demoRedirect('create', 't1', DEMO_STATE_DEFAULTS)).toBeNull();
    expect(demoRedirect('create', 't1', mine)).toBeNull();
    expect(demoRedirect('create', 't1', created)).toBe('/activity/t1/demo/status');
    expect(demoRedirect('create', 't1', { ...created, error: 'refused' })).toBeNull();
  });

  it('a demo of another template counts as none', () => {
    expect(demoRedirect('create', 't2', ready)).toBeNull();
    expect(demoRedirect('status', 't2', ready)).toBe('/activity/t2/demo/create');
    expect(demoRedirect('complete', 't2', ready)).toBe('/activity/t2/demo/create');
  });

  it('status needs the created demo and moves on when it has a code', () => {
    expect(demoRedirect('status', 't1', mine)).toBe('/activity/t1/demo/create');
    expect(demoRedirect('status', 't1', created)).toBeNull();
    expect(demoRedirect('status', 't1', ready)).toBe('/activity/t1/demo/complete');
  });

  it('complete needs the code and the QR code', () => {
    expect(demoRedirect('complete', 't1', ready)).toBeNull();
    expect(demoRedirect('complete', 't1', created)).toBe('/activity/t1/demo/status');
    expect(demoRedirect('complete', 't1', { ...ready, qrCodeUrl: null })).toBe(
      '/activity/t1/demo/status',
    );
  });
});
