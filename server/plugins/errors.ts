/**
 * One shape for every error of /v1: `{errorMessage}` with the right 4xx/5xx (SPEC §7), and a
 * JSON body parser that reads an empty body as "no body" (SPEC's clients send
 * Content-Type: application/json on bodiless POSTs such as copy).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, RetryLaterError } from '../errors';
import { serverMessages } from '../messages';
import { describeValidationFailure, type ValidationIssue } from '../validationMessages';

/**
 * A NUL character, which JSON can only carry escaped (`\u0000`; raw control characters are not
 * valid JSON): PostgreSQL stores no NUL in text or jsonb, so a name holding one failed as a 500
 * deep in the write. The escape counts only after an even number of backslashes (`\\u0000` is
 * a backslash followed by the letters u0000).
 */
const ESCAPED_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/i;

/** PostgreSQL's refusals of text it cannot store (a NUL from a query string, a header). */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

function isUnstorableText(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code)) return true;
  }
  return false;
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // Bodies are JSON only (SPEC §7): without Fastify's default text/plain parser, any other
  // content type is answered 415 instead of reaching validation as a string.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (ESCAPED_NUL.test(text)) {
      done(new HttpError(400, serverMessages.nulCharacter), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error instanceof RetryLaterError) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      }
      return reply
        .status(error.statusCode)
        .send({ errorMessage: error.errorMessage, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The values as sent (validation failed, so they were not replaced by the parsed ones):
      // they tell a field that is missing from one of the wrong type.
      const context = error.validationContext;
      const input =
        context === 'querystring'
          ? request.query
          : context === 'params'
            ? request.params
            : context === 'headers'
              ? request.headers
              : request.body;
      return reply.status(400).send({
        errorMessage: describeValidationFailure({
          issues: error.validation as ValidationIssue[],
          context,
          route: request.routeOptions.url,
          input,
        }),
      });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.status(400).send({ errorMessage: serverMessages.invalidJson });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
        return reply.status(413).send({ errorMessage: serverMessages.bodyTooLarge });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ errorMessage: serverMessages.unsupportedContentType });
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send({ errorMessage: serverMessages.nulCharacter });
    }
    if (error instanceof SyntaxError) {
      return reply.status(400).send({ errorMessage: serverMessages.invalidJson });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ errorMessage: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ errorMessage: serverMessages.internal });
  });
});
