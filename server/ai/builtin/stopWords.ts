/**
 * Words that say nothing about a topic: common English words, and the words organisers use to
 * ask for any activity ("a quiz for our staff about…"). They are left out of the search index
 * and of queries so that they cannot make every topic match.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again all also am an and any are as at be because been before being
  below between both but by can could did do does doing down during each few for from further
  had has have having he her here hers him his how i if in into is it its just like me more most
  my no nor not now of off on once only or other our ours out over own same she should so some
  such than that the their them then there these they this those through to too under until up
  very was we were what when where which while who whom why will with would you your yours
  activity activities game games quiz quizzes question questions task tasks challenge challenges
  fun include including please want need make create generate topic topics staff employees
  people colleagues everyone session event day week month year years new since`
    .split(/\s+/)
    .filter(Boolean),
);
