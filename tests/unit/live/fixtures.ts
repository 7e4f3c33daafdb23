// Builders of live-screen data (docs/games.md) for the tests; each test changes only what it checks.
import type {
  PublicGame,
  Scoreboard,
  ScoreboardRow,
  Statistics,
  Submission,
  Team,
} from '../../../src/domain/games';
import { challengeStep, freeTextStep } from '../domain/fixtures';

export const GAME_ID = 'game-1';
export const KEY = 'k3y/with+odd=chars';

export function publicGame(overrides: Partial<PublicGame> = {}): PublicGame {
  return {
    code: 'ABCD2345',
    name: 'Friday quiz',
    gameType: 'quiz',
    phase: 'open',
    demo: false,
    startsAt: '2030-01-01T09:00:00.000Z',
    endsAt: '2030-01-01T23:59:00.000Z',
    pausedAt: null,
    stepsCount: 2,
    teamsCount: 0,
    maxTeams: null,
    branding: {
      id: 'b1',
      logo: null,
      headerColour: '#0393E3',
      questionBackgroundColour: '#FFFFFF',
      selfieBackgroundColour: '#8FD1FC',
    },
    theme: null,
    ...overrides,
  };
}

export function row(teamId: string, overrides: Partial<ScoreboardRow> = {}): ScoreboardRow {
  return {
    rank: 1,
    teamId,
    name: `Team ${teamId}`,
    photoUrl: null,
    score: 0,
    answered: 0,
    lastAnswerAt: null,
    ...overrides,
  };
}

export function scoreboard(
  rows: ScoreboardRow[],
  updatedAt = '2030-01-01T10:00:00.000Z',
  game: Partial<PublicGame> = {},
): Scoreboard {
  return { game: publicGame({ teamsCount: rows.length, ...game }), rows, updatedAt };
}

export function team(id: string, overrides: Partial<Team> = {}): Team {
  return {
    id,
    name: `Team ${id}`,
    photoUrl: null,
    score: 0,
    joinedAt: '2030-01-01T09:30:00.000Z',
    ...overrides,
  };
}

export function submission(id: string, overrides: Partial<Submission> = {}): Submission {
  return {
    id,
    teamId: 'a',
    teamName: 'Team a',
    stepId: 's-photo',
    kind: 'media',
    answer: null,
    correct: null,
    points: 50,
    rejected: false,
    adjustedPoints: null,
    mediaUrl: `/uploads/${id}.jpg`,
    mediaType: 'image/jpeg',
    late: false,
    hidden: false,
    createdAt: '2030-01-01T10:05:00.000Z',
    ...overrides,
  };
}

/** Two teams; team a sent one photo (50 points) and answered the question right (10). */
export function statistics(overrides: Partial<Statistics> = {}): Statistics {
  return {
    game: publicGame({ teamsCount: 2 }),
    steps: [
      {
        step: freeTextStep(),
        answered: 2,
        correct: 1,
        passed: 0,
        answers: [
          { answer: 'Paris', count: 1, correct: true },
          { answer: 'Lyon', count: 1, correct: false },
        ],
      },
      { step: challengeStep(), answered: 1, correct: 0, passed: 0, answers: [] },
    ],
    teams: [
      {
        team: team('a', { score: 60 }),
        answered: 2,
        correct: 1,
        timeSeconds: 725,
        adjustmentPoints: 0,
      },
      {
        team: team('b', { score: 0 }),
        answered: 1,
        correct: 0,
        timeSeconds: 30,
        adjustmentPoints: 0,
      },
    ],
    submissions: [
      submission('p1'),
      submission('q1', {
        stepId: 's-free',
        kind: 'answer',
        answer: 'Paris',
        correct: true,
        points: 10,
        mediaUrl: null,
        mediaType: null,
      }),
    ],
    ...overrides,
  };
}

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
