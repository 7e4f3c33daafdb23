/**
 * Every topic of the built-in generator's question bank. Each topic is one file under topics/;
 * tests/unit/ai/bank.test.ts checks the bank's size and that every entry is a valid task.
 */
import type { BankTopic } from './types';
import { topic as onboarding } from './topics/onboarding';
import { topic as companyCulture } from './topics/company-culture';
import { topic as healthAndSafety } from './topics/health-and-safety';
import { topic as firstAid } from './topics/first-aid';
import { topic as foodHygiene } from './topics/food-hygiene';
import { topic as dataProtection } from './topics/data-protection';
import { topic as cyberSecurity } from './topics/cyber-security';
import { topic as ethicsAndCompliance } from './topics/ethics-and-compliance';
import { topic as customerService } from './topics/customer-service';
import { topic as sales } from './topics/sales';
import { topic as leadership } from './topics/leadership';
import { topic as communication } from './topics/communication';
import { topic as teamwork } from './topics/teamwork';
import { topic as problemSolving } from './topics/problem-solving';
import { topic as remoteWorking } from './topics/remote-working';
import { topic as projectManagement } from './topics/project-management';
import { topic as wellbeing } from './topics/wellbeing';
import { topic as diversityAndInclusion } from './topics/diversity-and-inclusion';
import { topic as sustainability } from './topics/sustainability';
import { topic as moneyAndBusiness } from './topics/money-and-business';
import { topic as geography } from './topics/geography';
import { topic as science } from './topics/science';
import { topic as history } from './topics/history';
import { topic as space } from './topics/space';
import { topic as music } from './topics/music';
import { topic as filmAndTv } from './topics/film-and-tv';
import { topic as sport } from './topics/sport';
import { topic as foodAndDrink } from './topics/food-and-drink';
import { topic as holidaysAndCelebrations } from './topics/holidays-and-celebrations';
import { topic as technology } from './topics/technology';
import { topic as natureAndAnimals } from './topics/nature-and-animals';
import { topic as artAndLiterature } from './topics/art-and-literature';

export const BANK_TOPICS: readonly BankTopic[] = [
  onboarding,
  companyCulture,
  healthAndSafety,
  firstAid,
  foodHygiene,
  dataProtection,
  cyberSecurity,
  ethicsAndCompliance,
  customerService,
  sales,
  leadership,
  communication,
  teamwork,
  problemSolving,
  remoteWorking,
  projectManagement,
  wellbeing,
  diversityAndInclusion,
  sustainability,
  moneyAndBusiness,
  geography,
  science,
  history,
  space,
  music,
  filmAndTv,
  sport,
  foodAndDrink,
  holidaysAndCelebrations,
  technology,
  natureAndAnimals,
  artAndLiterature,
];

/** A bank topic's title, by its id (null for an id the bank does not have, or none). */
export const bankTopicTitle = (topicId: string | null): string | null =>
  BANK_TOPICS.find((topic) => topic.id === topicId)?.title ?? null;
