/**
 * The shape of the built-in generator's question bank (docs/ai.md). One file per topic under
 * topics/, each a BankTopic. The bank is content, written by people: every question has exactly
 * one correct answer and three plausible wrong answers of the same kind, so that it can become a
 * multiple-choice task (and, when the answer is short enough to type, a free-text task).
 */

export type Difficulty = 'easy' | 'medium' | 'hard';

export interface BankQuestion {
  /** Short task title shown on the task card, 2–6 words ("Founding year", "Hand washing"). */
  name: string;
  /** The question, ending with "?". */
  text: string;
  /** The one correct answer, short (a word, a number, a short phrase). */
  answer: string;
  /** Three plausible wrong answers of the same kind as the answer (other years, other cities). */
  distractors: readonly [string, string, string];
  /**
   * True when the answer is short and unambiguous enough that a team would type exactly it
   * (a name, a number, one or two words): such a question may also become a free-text task.
   */
  typeable?: boolean;
  difficulty: Difficulty;
  /** Finer subjects inside the topic ("fire", "allergens"), used by the search index. */
  tags?: readonly string[];
}

export type ChallengeKind = 'photo' | 'video' | 'standard';

export interface BankChallenge {
  kind: ChallengeKind;
  /** Short task title, 2–6 words. */
  name: string;
  /** What the team has to do, addressed to the team ("Take a photo of your team…"). */
  text: string;
  difficulty: Difficulty;
  tags?: readonly string[];
}

export interface BankTopic {
  /** kebab-case, the file name under topics/. */
  id: string;
  /** How an organiser would name the topic ("Health and safety"). */
  title: string;
  /** Words and phrases organisers use when they ask for this topic; feeds the search index. */
  keywords: readonly string[];
  questions: readonly BankQuestion[];
  challenges: readonly BankChallenge[];
}
