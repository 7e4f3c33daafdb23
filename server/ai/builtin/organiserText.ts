/**
 * The organiser's text read once for everything the built-in generator takes from it: the
 * subjects it names (for the question bank), and each statement with its parts and answerable
 * spans (for questions and challenges).
 */
import { findSpans, namesInText, type AnswerSpan } from './answerSpans';
import { parseClause, type Clause } from './clause';
import { readText, type Statement } from './statements';

export interface ReadStatement {
  statement: Statement;
  clause: Clause | null;
  spans: AnswerSpan[];
}

export interface OrganiserText {
  subjects: string[];
  statements: ReadStatement[];
}

export function readOrganiserText(topics: string): OrganiserText {
  const { statements, subjects } = readText(topics);
  const names = namesInText(topics);
  return {
    subjects,
    statements: statements.map((statement) => {
      const clause = parseClause(statement.text);
      return {
        statement,
        clause,
        spans: findSpans(statement.text, clause?.at ?? -1, clause?.end ?? -1, names),
      };
    }),
  };
}
