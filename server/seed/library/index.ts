/**
 * The master templates of the Template Library (SPEC §2.7), in the order they are listed.
 */
import type { LibrarySeed } from '../types';
import { campusExplorer } from './campus-explorer';
import { christmasPartyQuiz } from './christmas-party-quiz';
import { customerServiceExcellence } from './customer-service-excellence';
import { dataProtectionEssentials } from './data-protection-essentials';
import { diversityAndInclusion } from './diversity-and-inclusion';
import { generalKnowledgePubQuiz } from './general-knowledge-pub-quiz';
import { gpsCsrChallenge } from './gps-csr-challenge';
import { healthAndSafetyRefresher } from './health-and-safety-refresher';
import { leadershipFundamentals } from './leadership-fundamentals';
import { newStarterOnboarding } from './new-starter-onboarding';
import { problemSolvingTraining } from './problem-solving-training';
import { remoteTeamConnect } from './remote-team-connect';
import { salesKickOff } from './sales-kick-off';
import { sustainabilityAtWork } from './sustainability-at-work';
import { teamBuildingIcebreakers } from './team-building-icebreakers';
import { wellbeingWeek } from './wellbeing-week';

export const LIBRARY_SEEDS: LibrarySeed[] = [
  newStarterOnboarding,
  problemSolvingTraining,
  healthAndSafetyRefresher,
  dataProtectionEssentials,
  customerServiceExcellence,
  teamBuildingIcebreakers,
  remoteTeamConnect,
  wellbeingWeek,
  diversityAndInclusion,
  sustainabilityAtWork,
  leadershipFundamentals,
  generalKnowledgePubQuiz,
  christmasPartyQuiz,
  salesKickOff,
  gpsCsrChallenge,
  campusExplorer,
];
