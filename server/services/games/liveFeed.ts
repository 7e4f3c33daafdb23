/**
 * The live side of a game's streams (players' phones and live screens), one per game however
 * many watch it: one subscription to the game's events, one in-memory scoreboard moved by them
 * (liveScoreboard.ts), and at most one update every SCOREBOARD_MIN_INTERVAL_MS, serialised once
 * and written to every stream. A new stream gets the last update at once, without touching the
 * database. Phones also hear here what concerns them (the game's control, announcements, their
 * own judged photos), so 2,000 phones are one listener on the bus, not 2,000. Events from other
 * instances arrive through the same bus (realtimePostgres.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { RealtimeEvent } from '../realtime';
import { gameChannel } from '../realtime';
import { LiveScoreboard, type BoardSnapshot, type BoardTeam } from './liveScoreboard';
import { loadBoardTeams, toPublicGame } from './players';
import type { GameRow } from './publishing';

/**
 * A burst of answers becomes at most 2 scoreboard updates a second: "within a second" on every
 * screen, while a 2,000-team board is ranked and serialised only twice a second.
 */
export const SCOREBOARD_MIN_INTERVAL_MS = 500;
/**
 * How long a game's board is kept after its last stream closed: phones reconnect (a tunnel, a
 * locked screen), and keeping it spares reading 2,000 teams again for each comeback.
 */
const LINGER_MS = 60_000;
/**
 * With several instances an event can be missed (the PostgreSQL listener reconnecting), so a
 * watched board is read again this often; one instance hears every event and never needs to.
 */
const RECONCILE_INTERVAL_MS = 60_000;

/** What a phone's stream takes: the JSON of each event, serialised once for every phone. */
export interface PhoneStream {
  sendJson(event: string, json: string): void;
}

interface Phone {
  teamId: string | undefined;
  stream: PhoneStream;
}

interface Watched {
  game: GameRow;
  board: LiveScoreboard;
  loaded: boolean;
  /** While the board is read from the database: the events that arrive meanwhile. */
  arrivedWhileLoading: RealtimeEvent[] | null;
  snapshot: BoardSnapshot | null;
  screens: Set<(json: string) => void>;
  phones: Set<Phone>;
  unsubscribe: () => void;
  timer: NodeJS.Timeout | null;
  lastSentAt: number;
  linger: NodeJS.Timeout | null;
  reconcile: NodeJS.Timeout | null;
}

export interface LiveGameFeed {
  /** A live screen: the whole scoreboard (JSON) now and after every change. */
  watchScoreboard(game: GameRow, send: (json: string) => void): () => void;
  /**
   * A phone (of `teamId`, or a spectator without one): the top of the scoreboard with its own
   * row, the game's control changes, announcements and its own judged submissions.
   */
  watchAsPhone(game: GameRow, teamId: string | undefined, stream: PhoneStream): () => void;
}

export function createLiveGameFeed(
  app: FastifyInstance,
  options: { reconcile: boolean } = { reconcile: false },
): LiveGameFeed {
  const watched = new Map<string, Watched>();
  app.addHook('onClose', async () => {
    for (const entry of watched.values()) {
      entry.unsubscribe();
      for (const timer of [entry.timer, entry.linger]) if (timer) clearTimeout(timer);
      if (entry.reconcile) clearInterval(entry.reconcile);
    }
    watched.clear();
  });

  const watchers = (entry: Watched) => entry.screens.size + entry.phones.size;

  const reload = async (entry: Watched) => {
    const arrived: RealtimeEvent[] = [];
    entry.arrivedWhileLoading = arrived;
    try {
      const teams: BoardTeam[] = await loadBoardTeams(app.db, entry.game.id);
      entry.board.reset(teams);
      entry.loaded = true;
      // What happened while the query ran may or may not be in its result: applying it again
      // is safe (liveScoreboard.ts ignores a standing it already has).
      for (const event of arrived) applyToBoard(entry, event);
    } finally {
      entry.arrivedWhileLoading = null;
    }
  };

  const update = async (entry: Watched) => {
    entry.timer = null;
    entry.lastSentAt = Date.now();
    if (watchers(entry) === 0) {
      entry.snapshot = null; // nobody to send it to; the next stream asks for a fresh one
      return;
    }
    try {
      if (!entry.loaded || entry.board.stale) await reload(entry);
      const now = new Date();
      const snapshot = entry.board.snapshot(
        toPublicGame(entry.game, entry.board.size, now),
        now.toISOString(),
      );
      entry.snapshot = snapshot;
      for (const send of entry.screens) send(snapshot.fullJson());
      for (const phone of entry.phones) {
        phone.stream.sendJson('scoreboard', snapshot.playerJson(phone.teamId));
      }
    } catch (error) {
      app.log.warn({ err: error, gameId: entry.game.id }, 'live scoreboard update failed');
      schedule(entry); // try again at the next turn
    }
  };

  const schedule = (entry: Watched) => {
    if (entry.timer) return; // an update is already on its way and will include this change
    const wait = Math.max(0, entry.lastSentAt + SCOREBOARD_MIN_INTERVAL_MS - Date.now());
    entry.timer = setTimeout(() => void update(entry), wait);
  };

  function applyToBoard(entry: Watched, event: RealtimeEvent) {
    if (event.type !== 'game-changed') return;
    if (event.standing) entry.board.applyStanding(event.standing);
    else if (event.reason === 'team' && event.team) entry.board.applyTeam(event.team);
    // A judgement, a removed team, an answer told without its standing: read the board again.
    else if (event.reason !== 'control' && event.reason !== 'announcement')
      entry.board.stale = true;
  }

  function onEvent(entry: Watched, event: RealtimeEvent) {
    if (event.type !== 'game-changed') return;
    entry.arrivedWhileLoading?.push(event);
    applyToBoard(entry, event);
    if (event.control) {
      // The organiser ended, paused or extended the game: the boards carry its new phase.
      const { startsAt, endsAt, pausedAt } = event.control;
      entry.game = {
        ...entry.game,
        startsAt: new Date(startsAt),
        endsAt: new Date(endsAt),
        pausedAt: pausedAt === null ? null : new Date(pausedAt),
      };
      const json = JSON.stringify(event.control);
      for (const phone of entry.phones) if (phone.teamId) phone.stream.sendJson('game', json);
    }
    if (event.announcement) {
      const json = JSON.stringify(event.announcement);
      for (const phone of entry.phones) {
        if (phone.teamId) phone.stream.sendJson('announcement', json);
      }
    }
    // A team's own photo or video judged on the live screens: its phone reloads the task's
    // state at once rather than on its next visit (docs/games.md).
    if (event.reason === 'judged' && event.submission) {
      const { teamId, stepId, rejected } = event.submission;
      const json = JSON.stringify({ stepId, rejected });
      for (const phone of entry.phones) {
        if (phone.teamId === teamId) phone.stream.sendJson('judged', json);
      }
    }
    if (event.reason !== 'announcement') schedule(entry);
  }

  function entryFor(game: GameRow): Watched {
    const existing = watched.get(game.id);
    if (existing) {
      if (existing.linger) clearTimeout(existing.linger);
      existing.linger = null;
      return existing;
    }
    const entry: Watched = {
      game,
      board: new LiveScoreboard(),
      loaded: false,
      arrivedWhileLoading: null,
      snapshot: null,
      screens: new Set(),
      phones: new Set(),
      unsubscribe: () => undefined,
      timer: null,
      lastSentAt: 0,
      linger: null,
      reconcile: null,
    };
    entry.unsubscribe = app.bus.subscribe(gameChannel(game.id), (event) => onEvent(entry, event));
    if (options.reconcile) {
      entry.reconcile = setInterval(() => {
        entry.board.stale = true;
        schedule(entry);
      }, RECONCILE_INTERVAL_MS);
      entry.reconcile.unref();
    }
    watched.set(game.id, entry);
    return entry;
  }

  /** The last update at once when there is one; otherwise the next update brings it. */
  function welcome(entry: Watched, sendLast: (snapshot: BoardSnapshot) => void) {
    if (entry.snapshot) sendLast(entry.snapshot);
    else schedule(entry);
  }

  function release(entry: Watched) {
    if (watchers(entry) > 0 || entry.linger) return;
    entry.linger = setTimeout(() => {
      if (watchers(entry) > 0) return;
      entry.unsubscribe();
      if (entry.timer) clearTimeout(entry.timer);
      if (entry.reconcile) clearInterval(entry.reconcile);
      if (watched.get(entry.game.id) === entry) watched.delete(entry.game.id);
    }, LINGER_MS);
    entry.linger.unref();
  }

  return {
    watchScoreboard(game, send) {
      const entry = entryFor(game);
      entry.screens.add(send);
      welcome(entry, (snapshot) => send(snapshot.fullJson()));
      return () => {
        entry.screens.delete(send);
        release(entry);
      };
    },
    watchAsPhone(game, teamId, stream) {
      const entry = entryFor(game);
      const phone: Phone = { teamId, stream };
      entry.phones.add(phone);
      welcome(entry, (snapshot) => stream.sendJson('scoreboard', snapshot.playerJson(teamId)));
      return () => {
        entry.phones.delete(phone);
        release(entry);
      };
    },
  };
}
