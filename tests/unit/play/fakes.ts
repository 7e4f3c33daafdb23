/**
 * Test doubles for the player: a fake server behind fetch and XMLHttpRequest (answers decided
 * by a handler per call, or "offline"), and builders of the player's shapes.
 */
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import type {
  AnswerResult,
  PlayerState,
  PlayerStep,
  ProgressEntry,
  PublicGame,
  Scoreboard,
  Team,
} from '../../../src/domain/games';

// The player re-reads its state after an event; the whole suite on two shared cores can take
// longer than Testing Library's default 1 s for that (seen once in CI, on the final screen).
configure({ asyncUtilTimeout: 5_000 });

export const CODE = 'ABCD2345';
export const TOKEN = 'team-token-1';
/** The team's code for continuing on another phone (docs/games.md). */
export const REJOIN_CODE = 'KXT492';

export function publicGame(overrides: Partial<PublicGame> = {}): PublicGame {
  return {
    code: CODE,
    name: 'Quiz night',
    gameType: 'quiz',
    phase: 'open',
    demo: false,
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    pausedAt: null,
    stepsCount: 2,
    teamsCount: 0,
    maxTeams: 3,
    branding: {
      id: 'b1',
      logo: null,
      headerColour: '#6465C7',
      questionBackgroundColour: '#FFFFFF',
      selfieBackgroundColour: '#FCB900',
    },
    theme: null,
    ...overrides,
  };
}

export function team(overrides: Partial<Team> = {}): Team {
  return {
    id: 't1',
    name: 'The Owls',
    photoUrl: null,
    score: 0,
    joinedAt: new Date().toISOString(),
    ...overrides,
  };
}

export function step(overrides: Partial<PlayerStep> = {}): PlayerStep {
  return {
    id: 's-free',
    name: 'Capital',
    type: 'freeText',
    text: 'What is the capital of France?',
    media: null,
    points: 10,
    answers: [],
    ...overrides,
  };
}

export const STEPS = {
  freeText: step(),
  multipleChoice: step({
    id: 's-mc',
    name: 'Planets',
    type: 'multipleChoice',
    text: 'Which planet is largest?',
    points: 20,
    answers: [
      { id: 'a1', value: 'Jupiter' },
      { id: 'a2', value: 'Mars' },
      { id: 'a3', value: 'Venus' },
    ],
  }),
  standardChallenge: step({
    id: 's-std',
    name: 'Human pyramid',
    type: 'standardChallenge',
    text: 'Build a human pyramid',
    points: 30,
  }),
  photoChallenge: step({
    id: 's-photo',
    name: 'Team selfie',
    type: 'photoChallenge',
    text: 'Take a photo of your team with a statue',
    points: 50,
  }),
  videoChallenge: step({
    id: 's-video',
    name: 'Team song',
    type: 'videoChallenge',
    text: 'Sing your team song',
    points: 40,
  }),
} as const;

export function playerState(overrides: Partial<PlayerState> = {}): PlayerState {
  return {
    game: publicGame(),
    team: team(),
    steps: Object.values(STEPS),
    progress: [],
    announcements: [],
    rejoinCode: REJOIN_CODE,
    ...overrides,
  };
}

export function progressEntry(overrides: Partial<ProgressEntry> = {}): ProgressEntry {
  return {
    stepId: 's-free',
    kind: 'answer',
    correct: true,
    points: 10,
    rejected: false,
    mediaUrl: null,
    ...overrides,
  };
}

export const answerResult = (entry: Partial<ProgressEntry>, score: number): AnswerResult => ({
  id: `submission-${entry.stepId ?? 's-free'}`,
  entry: progressEntry(entry),
  score,
});

export function scoreboard(rows: Scoreboard['rows']): Scoreboard {
  return { game: publicGame(), rows, updatedAt: new Date().toISOString() };
}

// ---------------------------------------------------------------------------------------------
// The fake server

export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** JSON body, or the FormData of an upload. */
  body: unknown;
}

export type Reply = { status: number; body?: unknown } | 'offline';
export type Handler = (call: Call) => Reply | Promise<Reply>;

export interface FakeServer {
  calls: Call[];
  handler: Handler;
  /** Upload progress events sent before an upload's answer (loaded/total pairs). */
  uploadProgress: [number, number][];
}

/** Installs fetch and XMLHttpRequest doubles that ask `server.handler` for every answer. */
export function installFakeServer(handler: Handler): FakeServer {
  const server: FakeServer = { calls: [], handler, uploadProgress: [] };

  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const headers = { ...(init.headers as Record<string, string>) };
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: Call = { method: init.method ?? 'GET', path, headers, body };
    server.calls.push(call);
    const reply = await server.handler(call);
    if (reply === 'offline') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status,
      // As a real server: the phone reckons the server's time from it (serverClock.ts).
      headers: { 'Content-Type': 'application/json', Date: new Date().toUTCString() },
    });
  });

  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    private method = 'GET';
    private path = '';
    private headers: Record<string, string> = {};

    open(method: string, path: string) {
      this.method = method;
      this.path = path;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    getResponseHeader(name: string): string | null {
      return name.toLowerCase() === 'date' && this.status !== 0 ? new Date().toUTCString() : null;
    }

    send(body: FormData) {
      const call: Call = { method: this.method, path: this.path, headers: this.headers, body };
      server.calls.push(call);
      void (async () => {
        await Promise.resolve();
        for (const [loaded, total] of server.uploadProgress) {
          this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
        }
        const reply = await server.handler(call);
        if (reply === 'offline') {
          this.onerror?.();
          return;
        }
        this.status = reply.status;
        this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);

  return server;
}

/** A tiny router for handlers: "GET /v1/play/ABCD2345/me" → reply. */
export function routes(table: Record<string, Reply | ((call: Call) => Reply)>): Handler {
  return (call) => {
    const path = call.path.split('?')[0];
    const found = table[`${call.method} ${path}`];
    if (!found) return { status: 404, body: { errorMessage: `No route ${call.method} ${path}` } };
    return typeof found === 'function' ? found(call) : found;
  };
}

export const playPath = (rest = ''): string => `/v1/play/${CODE}${rest}`;
