/**
 * One activity code, from the first look-up to the end of the game. With a team token on the
 * phone it asks GET /me (a 401 forgets the team and goes back to joining); without one it shows
 * the game's phase: upcoming (refreshed until it starts), ended, full, or joining. An address
 * with ?rejoin={team code} (the QR code of "Use another phone") first continues as that team.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { PlayerState, PublicGame } from '../domain/games';
import { api } from './api';
import type { AnswerBody } from './api';
import { CodeEntry, lookedUp } from './CodeEntry';
import { Join } from './Join';
import { Failed, Full, Upcoming, Ended } from './Lobby';
import { createMediaStore } from './mediaStore';
import type { PlayRoute } from './navigation';
import { Outbox } from './outbox';
import { Playing } from './Playing';
import type { RejoinProblem } from './Rejoin';
import type { OutboxEntry } from './outbox';
import { applyResult } from './progress';
import { formatCode, newClientId, normaliseRejoinCode, TEXTS } from './rules';
import {
  forgetTeam,
  loadCachedState,
  loadToken,
  outboxKey,
  saveCachedState,
  saveToken,
} from './teamStorage';
import { PLAYER_EVENTS } from '../protocol/events';
import { subscribeTeamStream } from './teamStream';
import { serverNow } from './serverClock';
import { Loading } from './ui';

type Load =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string }
  | { kind: 'lobby'; game: PublicGame; full: string | null }
  | { kind: 'team'; state: PlayerState; offline: boolean };

/** How often an upcoming game is asked again (it also refreshes right at its start time). */
const UPCOMING_POLL_MS = 30_000;
/** Focus refreshes the team's state (judging may have changed points), at most this often. */
const FOCUS_REFRESH_MS = 10_000;

export const TEAM_GONE =
  'Your team is no longer part of this activity on this phone. Join again to keep playing.';

/** Said before a phone tries to join a game that has all its teams (the server says 403). */
const FULL_BEFORE_JOINING = 'All the teams this activity takes have already joined.';

const mediaStore = createMediaStore();

function createOutbox(code: string): Outbox {
  return new Outbox({
    storageKey: outboxKey(code),
    media: mediaStore,
    send: (entry, media, onProgress) => {
      const token = loadToken(code) ?? '';
      if ('media' in entry) {
        const blob = media ?? new Blob();
        return api.media(
          code,
          token,
          entry.stepId,
          entry.clientId,
          blob,
          entry.fileName,
          onProgress,
          entry.answeredAt,
        );
      }
      return api.answer(
        code,
        token,
        entry.stepId,
        entry.clientId,
        answerBody(entry),
        entry.answeredAt,
      );
    },
  });
}

/**
 * What the phone should show for a code. With a token: the team (GET /me), or, when the server
 * cannot be reached, the last state kept on the phone. A 401 forgets the team and its unsent
 * answers, then continues as without a token: the game's phase (GET /play/{code}).
 */
async function fetchLoad(code: string, outbox: Outbox): Promise<{ load: Load; teamGone: boolean }> {
  const token = loadToken(code);
  let teamGone = false;
  if (token) {
    const me = await api.me(code, token);
    if (me.ok) {
      saveCachedState(code, me.data);
      return { load: { kind: 'team', state: me.data, offline: false }, teamGone };
    }
    if (me.error.status === 404) return { load: { kind: 'missing' }, teamGone };
    if (me.error.status !== 401) {
      const cached = loadCachedState(code);
      const load: Load = cached
        ? { kind: 'team', state: cached, offline: true }
        : { kind: 'failed', message: me.error.message };
      return { load, teamGone };
    }
    forgetTeam(code);
    await outbox.clear();
    teamGone = true;
  }
  const prefetched = lookedUp.get(code);
  lookedUp.delete(code);
  const game = prefetched ? ({ ok: true, data: prefetched } as const) : await api.game(code);
  if (game.ok) return { load: { kind: 'lobby', game: game.data, full: null }, teamGone };
  if (game.error.status === 404) return { load: { kind: 'missing' }, teamGone };
  return { load: { kind: 'failed', message: game.error.message }, teamGone };
}

/**
 * /play/{code}?rejoin={team code}: this phone continues as the team (POST /teams/rejoin) and
 * keeps its own token. Answers what went wrong, or null: joined, already this team, or a refusal
 * the game screen shows by itself (the game has ended, there is no such activity).
 */
async function rejoinFromAddress(
  code: string,
  typed: string,
  outbox: Outbox,
): Promise<RejoinProblem | null> {
  const rejoinCode = normaliseRejoinCode(typed);
  if (!rejoinCode) return { typed, message: TEXTS.badRejoinCode };
  const cached = loadCachedState(code);
  // This phone is that team already (it scanned its own QR code): nothing to do.
  if (loadToken(code) && cached?.rejoinCode === rejoinCode) return null;
  const result = await api.rejoin(code, rejoinCode);
  // An ended game (410) shows as ended; an unknown activity (404) as a wrong activity code.
  if (!result.ok) {
    return result.error.status === 410 ? null : { typed, message: result.error.message };
  }
  if (loadToken(code) && cached?.team.id !== result.data.team.id) {
    // This phone was another team: its unsent answers are that team's, never this one's.
    forgetTeam(code);
    await outbox.clear();
  }
  saveToken(code, result.data.token);
  return null;
}

export function Game(props: { code: string; route: PlayRoute }) {
  const { code } = props;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);
  const [outdated, setOutdated] = useState(false);
  /** The team code of the address (?rejoin=…), read once: the address is then tidied. */
  const [rejoinCode] = useState(() => new URLSearchParams(location.search).get('rejoin'));
  const [rejoinProblem, setRejoinProblem] = useState<RejoinProblem | null>(null);
  const rejoinStarted = useRef(false);
  const [rejections, setRejections] = useState<Record<string, string>>({});
  const [outbox] = useState(() => createOutbox(code));
  const outboxView = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);

  /** Loads again; a quiet load keeps what is shown when the server cannot be reached. */
  const loadGame = useCallback(
    (quiet: boolean) =>
      fetchLoad(code, outbox).then(({ load: next, teamGone }) => {
        if (teamGone) setNotice(TEAM_GONE);
        setLoad((current) => {
          if (!quiet) return next;
          if (next.kind === 'failed') return current;
          if (next.kind === 'team' && next.offline && current.kind === 'team') {
            return { ...current, offline: true };
          }
          return next;
        });
      }),
    [code, outbox],
  );

  useEffect(() => {
    if (rejoinCode === null) {
      void loadGame(false);
      return;
    }
    // Once, even when React runs the effect twice (StrictMode): each rejoin makes a token.
    if (rejoinStarted.current) return;
    rejoinStarted.current = true;
    // A reload, or the address shared from here, does not rejoin again.
    history.replaceState(history.state, '', location.pathname);
    void rejoinFromAddress(code, rejoinCode, outbox).then((problem) => {
      setRejoinProblem(problem);
      return loadGame(false);
    });
  }, [code, outbox, rejoinCode, loadGame]);

  /** A team joined or continued on this phone: show it. */
  const onJoined = useCallback(() => {
    setNotice(null);
    setRejoinProblem(null);
    void loadGame(false);
  }, [loadGame]);

  useEffect(() => {
    outbox.setHandlers({
      onSent: (_entry, result) =>
        setLoad((current) => {
          if (current.kind !== 'team') return current;
          const state = applyResult(current.state, result);
          saveCachedState(code, state);
          return { ...current, state, offline: false };
        }),
      onRejected: (entry, message) => {
        setRejections((current) => ({ ...current, [entry.stepId]: message }));
        void loadGame(true);
      },
      onUnauthorised: () => void loadGame(true),
    });
  }, [outbox, code, loadGame]);

  // The outbox runs while there is a team; it sends what an earlier visit left at once.
  const hasTeam = load.kind === 'team';
  useEffect(() => (hasTeam ? outbox.start() : undefined), [hasTeam, outbox]);

  // A team's state is asked again when the phone comes back to the page.
  useEffect(() => {
    if (!hasTeam) return;
    let last = Date.now();
    const refresh = () => {
      if (document.visibilityState !== 'visible' || Date.now() - last < FOCUS_REFRESH_MS) return;
      last = Date.now();
      void loadGame(true);
    };
    addEventListener('focus', refresh);
    addEventListener('online', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      removeEventListener('focus', refresh);
      removeEventListener('online', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [hasTeam, loadGame]);

  // A photo or video of this team judged on the live screens (rejected, or restored), or the
  // game paused, resumed, ended or extended, shows at once: the server tells this team's phones,
  // and the state is asked again.
  const teamId = load.kind === 'team' ? load.state.team.id : null;
  useEffect(() => {
    if (teamId === null) return;
    let dropped = false;
    return subscribeTeamStream(code, teamId, {
      events: {
        [PLAYER_EVENTS.judged]: () => void loadGame(true),
        // The organiser ended, paused, resumed or moved the end of the game.
        [PLAYER_EVENTS.game]: () => void loadGame(true),
        // A message from the organiser: the state carries the latest ones.
        [PLAYER_EVENTS.announcement]: () => void loadGame(true),
      },
      // Back after the connection dropped (a basement, a tunnel; often with no 'online' event):
      // whatever the organiser did meanwhile was told while this phone could not hear it. A
      // phone that came back after the end otherwise went on showing the tasks as open.
      onOpen: () => {
        if (!dropped) return;
        dropped = false;
        void loadGame(true);
      },
      onError: () => {
        dropped = true;
      },
      // A new Teamtrail was deployed while this page was open: its events may not read as this
      // page expects, so it stops listening and asks for a reload (the outbox is kept).
      onOutdated: () => setOutdated(true),
    });
  }, [code, teamId, loadGame]);

  // An upcoming game is asked again now and then, and right when it should start.
  const upcomingAt =
    load.kind === 'lobby' && load.game.phase === 'upcoming' ? Date.parse(load.game.startsAt) : null;
  useEffect(() => {
    if (upcomingAt === null) return;
    const poll = setInterval(() => void loadGame(true), UPCOMING_POLL_MS);
    const atStart = setTimeout(
      () => void loadGame(true),
      Math.min(Math.max(upcomingAt - Date.now() + 500, 0), 2 ** 31 - 1),
    );
    return () => {
      clearInterval(poll);
      clearTimeout(atStart);
    };
  }, [upcomingAt, loadGame]);

  // Without any connection, try again as soon as the phone is back.
  const failed = load.kind === 'failed';
  useEffect(() => {
    if (!failed) return;
    const retry = () => void loadGame(false);
    addEventListener('online', retry);
    return () => removeEventListener('online', retry);
  }, [failed, loadGame]);

  const answer = useCallback(
    (stepId: string, body: AnswerBody) => {
      setRejections(({ [stepId]: _gone, ...rest }) => rest);
      void outbox.add({
        clientId: newClientId(),
        stepId,
        createdAt: Date.now(),
        answeredAt: serverNow(),
        ...body,
      });
    },
    [outbox],
  );
  const answerMedia = useCallback(
    (stepId: string, media: 'photo' | 'video', blob: Blob, fileName: string) => {
      setRejections(({ [stepId]: _gone, ...rest }) => rest);
      void outbox.add(
        {
          clientId: newClientId(),
          stepId,
          createdAt: Date.now(),
          answeredAt: serverNow(),
          media,
          fileName,
        },
        blob,
      );
    },
    [outbox],
  );

  switch (load.kind) {
    case 'loading':
      return <Loading label="Opening the activity…" />;
    case 'missing':
      return <CodeEntry initialCode={formatCode(code)} initialError={TEXTS.notFound} />;
    case 'failed':
      return <Failed message={load.message} onRetry={() => void loadGame(false)} />;
    case 'team':
      return (
        <Playing
          code={code}
          route={props.route}
          state={load.state}
          offline={load.offline}
          outdated={outdated}
          outbox={outboxView}
          rejections={rejections}
          onAnswer={answer}
          onMedia={answerMedia}
        />
      );
    case 'lobby': {
      const { game } = load;
      if (game.phase === 'upcoming') return <Upcoming game={game} />;
      if (game.phase === 'ended') return <Ended game={game} />;
      const full =
        load.full ??
        (game.maxTeams !== null && game.teamsCount >= game.maxTeams ? FULL_BEFORE_JOINING : null);
      if (full) {
        return (
          <Full
            game={game}
            message={full}
            onRetry={() => void loadGame(false)}
            rejoinProblem={rejoinProblem}
            onRejoined={onJoined}
          />
        );
      }
      return (
        <Join
          code={code}
          game={game}
          notice={notice}
          rejoinProblem={rejoinProblem}
          onJoined={onJoined}
          onFull={(message) => setLoad({ kind: 'lobby', game, full: message })}
          onClosed={() => void loadGame(false)}
        />
      );
    }
  }
}

function answerBody(entry: OutboxEntry): AnswerBody {
  if ('text' in entry) return { text: entry.text };
  if ('answerId' in entry) return { answerId: entry.answerId };
  if ('pass' in entry) return { pass: true };
  return { done: true };
}
