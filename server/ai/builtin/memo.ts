/**
 * Remembers a pure function's answers for the strings it was asked about, up to a bound, so
 * that the NLP library is not asked about the same word or clause twice in a request (reading a
 * text asks about each clause many times while splitting it). Cleared when full: a long-running
 * server never holds more than `max` answers per function.
 */
export function memo<R>(fn: (key: string) => R, max = 4000): (key: string) => R {
  const answers = new Map<string, R>();
  return (key: string) => {
    const known = answers.get(key);
    if (known !== undefined || answers.has(key)) return known as R;
    if (answers.size >= max) answers.clear();
    const answer = fn(key);
    answers.set(key, answer);
    return answer;
  };
}
