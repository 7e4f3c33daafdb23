/**
 * "And the winner is…": the first three places of a finished game on steps (second, first,
 * third), each with its teams' photos, names and points; tied teams share a step. The steps rise
 * one after the other, the first last (none with reduced motion).
 */
import { TeamAvatar } from './TeamAvatar';
import { placeLabel, podiumPlaces } from '../state/podium';
import type { ScoreboardRow } from '../../domain/games';
import { plural } from '../format';
import classes from './Podium.module.css';

/** Names shown on one step; more tied teams are counted. */
const NAMES_PER_STEP = 3;

export function Podium({
  rows,
  label = 'Podium',
}: {
  rows: readonly ScoreboardRow[];
  label?: string;
}) {
  const places = podiumPlaces(rows);
  if (places.length === 0) return null;
  return (
    <ol className={classes.podium} aria-label={label} data-testid="podium">
      {places.map((place) => (
        <li
          key={place.rank}
          className={classes.place}
          data-rank={place.rank}
          aria-label={`${placeLabel(place.rank)}: ${place.teams.map((t) => t.name).join(', ')}, ${plural(place.score, 'point')}`}
        >
          <div className={classes.avatars}>
            {place.teams.slice(0, NAMES_PER_STEP).map((team) => (
              <TeamAvatar
                key={team.teamId}
                name={team.name}
                photoUrl={team.photoUrl}
                size={place.teams.length > 1 ? '3rem' : place.rank === 1 ? '5.5rem' : '4rem'}
              />
            ))}
          </div>
          <div className={classes.names}>
            {place.teams.slice(0, NAMES_PER_STEP).map((team) => (
              <span key={team.teamId} className={classes.name} title={team.name}>
                {team.name}
              </span>
            ))}
            {place.teams.length > NAMES_PER_STEP && (
              <span className={classes.more}>
                and {plural(place.teams.length - NAMES_PER_STEP, 'more team')}
              </span>
            )}
          </div>
          <span className={classes.score}>{plural(place.score, 'point')}</span>
          <div className={classes.step} aria-hidden="true">
            {placeLabel(place.rank)}
          </div>
        </li>
      ))}
    </ol>
  );
}
