// @vitest-environment happy-dom
/**
 * The player's event stream (docs/games.md): one connection per team, shared by the scoreboard
 * ('scoreboard') and the game ('judged' when a photo or video of the team is judged).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeTeamStream, TEAM_STREAM_REOPEN_MS } from '../../../src/play/teamStream';
import { PROTOCOL_EVENT, PROTOCOL_VERSION } from '../../../src/protocol/events';
import { FakeEventSource } from '../support/fakeEventSource';

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a team's event stream", () => {
  it('is one connection for the scoreboard and the game, each hearing its own events', () => {
    const scores: string[] = [];
    const judged: string[] = [];
    const leaveBoard = subscribeTeamStream('ABCD1234', 't1', {
      events: { scoreboard: (data) => scores.push(data) },
    });
    const leaveGame = subscribeTeamStream('ABCD1234', 't1', {
      events: { judged: (data) => judged.push(data) },
    });
    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toContain('/events?team=t1');
    source.emit('scoreboard', '{"rows":[]}');
    source.emit('judged', '{"stepId":"s1","rejected":true}');
    expect(scores).toEqual(['{"rows":[]}']);
    expect(judged).toEqual(['{"stepId":"s1","rejected":true}']);

    leaveBoard();
    expect(source.closed).toBe(false);
    leaveGame();
    expect(source.closed).toBe(true);
  });

  it('tells a screen that joins an open stream that it is live', async () => {
    const leaveGame = subscribeTeamStream('ABCD1234', 't2', { events: { judged: () => {} } });
    FakeEventSource.instances[0]!.open();
    const onOpen = vi.fn();
    const leaveBoard = subscribeTeamStream('ABCD1234', 't2', { events: {}, onOpen });
    await Promise.resolve();
    expect(onOpen).toHaveBeenCalledTimes(1);
    leaveBoard();
    leaveGame();
  });

  it('opens a new connection for another team, and again after all have left', () => {
    subscribeTeamStream('ABCD1234', 't3', { events: {} })();
    subscribeTeamStream('ABCD1234', 't3', { events: {} })();
    const leave = subscribeTeamStream('ABCD1234', 't4', { events: {} });
    expect(FakeEventSource.instances.map((s) => s.url.split('team=')[1])).toEqual([
      't3',
      't3',
      't4',
    ]);
    leave();
  });

  it('a stream the server refused (a 429 at the stream cap) is opened again by itself, later', () => {
    vi.useFakeTimers();
    try {
      const scores: string[] = [];
      const leave = subscribeTeamStream('ABCD1234', 't5', {
        events: { scoreboard: (data) => scores.push(data) },
      });
      const refused = FakeEventSource.instances[0]!;
      refused.refuse(); // EventSource gives up on an HTTP error
      vi.advanceTimersByTime(TEAM_STREAM_REOPEN_MS - 1);
      expect(FakeEventSource.instances).toHaveLength(1);
      vi.advanceTimersByTime(TEAM_STREAM_REOPEN_MS + 1);
      expect(FakeEventSource.instances).toHaveLength(2);
      FakeEventSource.instances[1]!.emit('scoreboard', '{"rows":[1]}');
      expect(scores).toEqual(['{"rows":[1]}']);
      leave();
      expect(FakeEventSource.instances[1]!.closed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a dropped stream is left to EventSource, and leaving cancels a waiting reopen', () => {
    vi.useFakeTimers();
    try {
      const leaveDropped = subscribeTeamStream('ABCD1234', 't6', { events: {} });
      FakeEventSource.instances[0]!.drop(); // EventSource reconnects by itself
      const leaveRefused = subscribeTeamStream('ABCD1234', 't7', { events: {} });
      const refused = FakeEventSource.instances[1]!;
      refused.refuse();
      leaveRefused();
      vi.advanceTimersByTime(3 * TEAM_STREAM_REOPEN_MS);
      expect(FakeEventSource.instances).toHaveLength(2);
      leaveDropped();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a server of a newer protocol stops the stream and tells every screen of the team, now and later', async () => {
    const outdated: string[] = [];
    const leaveGame = subscribeTeamStream('ABCD1234', 't8', {
      events: {},
      onOutdated: () => outdated.push('game'),
    });
    const source = FakeEventSource.instances[0]!;
    source.open();
    source.emit(PROTOCOL_EVENT, { version: PROTOCOL_VERSION + 1 });
    expect(outdated).toEqual(['game']);
    expect(source.closed).toBe(true);
    const leaveBoard = subscribeTeamStream('ABCD1234', 't8', {
      events: {},
      onOutdated: () => outdated.push('scoreboard'),
    });
    await Promise.resolve();
    expect(outdated).toEqual(['game', 'scoreboard']);
    expect(FakeEventSource.instances).toHaveLength(1);
    leaveGame();
    leaveBoard();
  });
});
