/**
 * The live side of a game's streams (players' phones and live screens), one per game however
 * many watch it: one subscription to the game's events, one in-memory scoreboard moved by them
 * (liveScoreboard.ts), and at most one update every SCOREBOARD_MIN_INTERVAL_MS, serialised once
 * and written to every live screen; phones get it at a pace set by how many there are
 * (phoneBoardInterval). A new stream gets the last update at once, without touching the
 * database. Phones also hear here what concerns them (the game's control, announcements, their
 * own judged photos), so 2,000 phones are one listener on the bus, not 2,000. Events from other
 * instances arrive through the same bus (realtimePostgres.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  PLAYER_EVENTS,
  type JudgedPayload,
  type PlayerStreamEventName,
} from '../../../src/protocol/events';
import type { RealtimeEvent } from '../realtime';
import { gameChannel } from '../realtime';
import { gameCacheOf } from './gameCache';
import { LiveScoreboard, type BoardSnapshot, type BoardTeam } from './liveScoreboard';
import { loadBoardTeams, toPublicGame } from './players';
import type { GameRow } from './publishing';

/**
 * A burst of answers becomes at most 2 scoreboard updates a second: "within a second" on every
 * screen, while a 2,000-team board is ranked and serialised only twice a second.
 */
export const SCOREBOARD_MIN_INTERVAL_MS = 500;
/**
 * Phones' scoreboards are paced by their number: each phone's update is a write (a system call)
 * of its own, and at 2,000 phones two updates a second took half the one thread the answers
 * need (profiled, `npm run bench`). A phone shows its own answer's result from the answer's
 * reply at once; its rank may follow a little later. Up to 500 phones: every 500 ms, as the
 * screens; then 1 ms per phone, at most every 2 s (2,000 phones and more).
 */
const PHONE_BOARD_MS_PER_PHONE = 1;
const PHONE_BOARD_MAX_INTERVAL_MS = 2_000;
/**
 * Phones written to in one turn of the event loop. Writing to 2,000 at once held the thread
 * for about 90 ms (profiled, `npm run bench`), and Node accepts one new connection per turn:
 * the answers arriving meanwhile waited for all of it. In slices, a turn stays a few
 * milliseconds and they are read between two.
 */
export const PHONES_PER_TURN = 200;

export function phoneBoardInterval(phones: number): number {
  return Math.min(
    PHONE_BOARD_MAX_INTERVAL_MS,
    Math.max(SCOREBOARD_MIN_INTERVAL_MS, phones * PHONE_BOARD_MS_PER_PHONE),
  );
}
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
  sendJson(event: PlayerStreamEventName, json: string): void;
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
  /** Counts the phones' updates: a slice of an older one stops when a newer one has begun. */
  phoneRound: number;
  /** A change the screens, or the phones, have not been sent yet. */
  screensDue: boolean;
  phonesDue: boolean;
  screensSentAt: number;
  phonesSentAt: number;
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
      entry.phoneRound++; // the slices of a phones' update still to come stop
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

  const screensDueAt = (entry: Watched) => entry.screensSentAt + SCOREBOARD_MIN_INTERVAL_MS;
  const phonesDueAt = (entry: Watched) =>
    entry.phonesSentAt + phoneBoardInterval(entry.phones.size);

  const update = async (entry: Watched) => {
    entry.timer = null;
    if (watchers(entry) === 0) {
      entry.snapshot = null; // nobody to send it to; the next stream asks for a fresh one
      entry.screensDue = entry.phonesDue = false;
      return;
    }
    // Nobody of a kind: nothing owed to it (a new one is welcomed with the last snapshot).
    if (entry.screens.size === 0) entry.screensDue = false;
    if (entry.phones.size === 0) entry.phonesDue = false;
    const now = Date.now();
    const toScreens = entry.screensDue && now >= screensDueAt(entry);
    const toPhones = entry.phonesDue && now >= phonesDueAt(entry);
    if (toScreens || toPhones) {
      // Counted as sent before trying: a failure is tried again an interval later, not at once.
      if (toScreens) entry.screensSentAt = now;
      if (toPhones) entry.phonesSentAt = now;
      try {
        if (!entry.loaded || entry.board.stale) await reload(entry);
        const at = new Date();
        const snapshot = entry.board.snapshot(
          toPublicGame(entry.game, entry.board.size, at),
          at.toISOString(),
        );
        entry.snapshot = snapshot;
        if (toScreens) {
          entry.screensDue = false;
          for (const send of entry.screens) send(snapshot.fullJson());
        }
        if (toPhones) {
          entry.phonesDue = false;
          sendToPhones(entry, snapshot);
        }
      } catch (error) {
        app.log.warn({ err: error, gameId: entry.game.id }, 'live scoreboard update failed');
      }
    }
    schedule(entry); // what is still owed: the phones' turn, or a failed update again
  };

  /**
   * Each phone's board, PHONES_PER_TURN a turn (see there). A phone gone meanwhile is skipped;
   * one that came meanwhile was welcomed with this snapshot; a newer update supersedes the rest.
   */
  const sendToPhones = (entry: Watched, snapshot: BoardSnapshot) => {
    const round = ++entry.phoneRound;
    const phones = [...entry.phones];
    const sendFrom = (start: number) => {
      if (entry.phoneRound !== round) return;
      const end = Math.min(phones.length, start + PHONES_PER_TURN);
      for (let i = start; i < end; i++) {
        const phone = phones[i]!;
        if (entry.phones.has(phone)) {
          phone.stream.sendJson(PLAYER_EVENTS.scoreboard, snapshot.playerJson(phone.teamId));
        }
      }
      if (end < phones.length) setImmediate(sendFrom, end);
    };
    sendFrom(0);
  };

  /** The next update at the earliest time one is owed; one timer per game. */
  const schedule = (entry: Watched) => {
    if (entry.timer) return; // an update is already on its way and will include this change
    const due: number[] = [];
    if (entry.screensDue) due.push(screensDueAt(entry));
    if (entry.phonesDue) due.push(phonesDueAt(entry));
    if (due.length === 0) return;
    const wait = Math.max(0, Math.min(...due) - Date.now());
    entry.timer = setTimeout(() => void update(entry), wait);
  };

  /** The board changed (or a watcher needs a first one): everyone is owed an update. */
  const changed = (entry: Watched) => {
    entry.screensDue = true;
    entry.phonesDue = true;
    schedule(entry);
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
      // The organiser ended, paused or extended the game, maybe through another instance: the
      // players' calls here read the game's row again now rather than within the second its
      // cached copy lasts (an answer just after an End is then refused as after the end).
      gameCacheOf(app.db).forget(entry.game.code);
      // The boards carry its new phase.
      const { startsAt, endsAt, pausedAt } = event.control;
      entry.game = {
        ...entry.game,
        startsAt: new Date(startsAt),
        endsAt: new Date(endsAt),
        pausedAt: pausedAt === null ? null : new Date(pausedAt),
      };
      const json = JSON.stringify(event.control);
      for (const phone of entry.phones)
        if (phone.teamId) phone.stream.sendJson(PLAYER_EVENTS.game, json);
    }
    if (event.announcement) {
      const json = JSON.stringify(event.announcement);
      for (const phone of entry.phones) {
        if (phone.teamId) phone.stream.sendJson(PLAYER_EVENTS.announcement, json);
      }
    }
    // A team's own photo or video judged on the live screens: its phone reloads the task's
    // state at once rather than on its next visit (docs/games.md).
    if (event.reason === 'judged' && event.submission) {
      const { teamId, stepId, rejected } = event.submission;
      const judged: JudgedPayload = { stepId, rejected };
      const json = JSON.stringify(judged);
      for (const phone of entry.phones) {
        if (phone.teamId === teamId) phone.stream.sendJson(PLAYER_EVENTS.judged, json);
      }
    }
    if (event.reason !== 'announcement') changed(entry);
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
      phoneRound: 0,
      screensDue: false,
      phonesDue: false,
      screensSentAt: 0,
      phonesSentAt: 0,
      linger: null,
      reconcile: null,
    };
    entry.unsubscribe = app.bus.subscribe(gameChannel(game.id), (event) => onEvent(entry, event));
    if (options.reconcile) {
      entry.reconcile = setInterval(() => {
        entry.board.stale = true;
        changed(entry);
      }, RECONCILE_INTERVAL_MS);
      entry.reconcile.unref();
    }
    watched.set(game.id, entry);
    return entry;
  }

  /** The last update at once when there is one; otherwise the next update brings it. */
  function welcome(entry: Watched, sendLast: (snapshot: BoardSnapshot) => void) {
    if (entry.snapshot) sendLast(entry.snapshot);
    else changed(entry);
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
      welcome(entry, (snapshot) =>
        stream.sendJson(PLAYER_EVENTS.scoreboard, snapshot.playerJson(teamId)),
      );
      return () => {
        entry.phones.delete(phone);
        release(entry);
      };
    },
  };
}
