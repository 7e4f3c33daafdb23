/**
 * A game's phase now: the server's phase is as of its answer, but a scoreboard opened before the
 * start (or left on overnight) must move on by itself at `startsAt` and `endsAt`.
 */
import { gamePhase, type GamePhase, type PublicGame } from '../../domain/games';
import { useNow } from './useNow';

/** The phase is looked at again this often; a second late at the start or end is fine. */
const PHASE_TICK_MS = 1_000;

export function usePhase(game: Pick<PublicGame, 'startsAt' | 'endsAt' | 'pausedAt'>): GamePhase {
  const now = useNow(PHASE_TICK_MS);
  return gamePhase(
    {
      startsAt: new Date(game.startsAt),
      endsAt: new Date(game.endsAt),
      pausedAt: game.pausedAt ? new Date(game.pausedAt) : null,
    },
    now,
  );
}
