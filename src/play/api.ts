/**
 * The player's calls (docs/games.md "The player"). Every call answers the browser programs' one
 * ApiResult (src/protocol/result.ts) instead of throwing: an error status of null means the
 * request never got an answer (offline, dropped connection), which callers treat differently
 * from a refusal. Responses are typed from src/domain/games.ts but not parsed with zod (see
 * rules.ts for why the player carries no zod).
 */
import type { AnswerResult, PlayerState, PublicGame, Scoreboard, Team } from '../domain/games';
import type { ApiResult } from '../protocol/result';
import { TEXTS } from './rules';
import { noteServerDate } from './serverClock';

export const playPath = (code: string, rest = ''): string =>
  `/v1/play/${encodeURIComponent(code)}${rest}`;

const headersFor = (token?: string | null): Record<string, string> =>
  token ? { TeamToken: token } : {};

/** `status` null: no answer came at all. */
function failure<T>(status: number | null, body: unknown): ApiResult<T> {
  const message =
    body && typeof body === 'object' && 'errorMessage' in body
      ? String((body as { errorMessage: unknown }).errorMessage)
      : status === null
        ? TEXTS.offline
        : `Something went wrong (${status}). Please try again.`;
  return { ok: false, error: { status, message } };
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

async function call<T>(path: string, token?: string | null, body?: unknown): Promise<ApiResult<T>> {
  let response: Response;
  const sentAt = Date.now();
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        Accept: 'application/json',
        ...headersFor(token),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    return failure(null, null);
  }
  noteServerDate(response.headers.get('date'), sentAt, Date.now());
  const data = parse(await response.text().catch(() => ''));
  return response.ok ? { ok: true, data: data as T } : failure(response.status, data);
}

/**
 * A multipart upload through XMLHttpRequest, the only browser API that reports upload progress
 * (fetch does not): onProgress gets 0…1.
 */
export function upload<T>(
  path: string,
  form: FormData,
  token: string | null,
  onProgress?: (fraction: number) => void,
): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('TeamToken', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const sentAt = Date.now();
    xhr.onload = () => {
      noteServerDate(xhr.getResponseHeader('date'), sentAt, Date.now());
      const data = parse(xhr.responseText);
      resolve(
        xhr.status >= 200 && xhr.status < 300
          ? { ok: true, data: data as T }
          : // XHR's status 0 is a request that got no answer.
            failure(xhr.status === 0 ? null : xhr.status, data),
      );
    };
    xhr.onerror = xhr.onabort = xhr.ontimeout = () => resolve(failure(null, null));
    xhr.send(form);
  });
}

export type AnswerBody = { text: string } | { answerId: string } | { pass: true } | { done: true };

export const api = {
  game: (code: string) => call<PublicGame>(playPath(code)),
  join: (code: string, name: string) =>
    call<{ team: Team; token: string }>(playPath(code, '/teams'), null, { name }),
  /** Continue as a team that joined on another phone: this phone gets its own token. */
  rejoin: (code: string, rejoinCode: string) =>
    call<{ team: Team; token: string }>(playPath(code, '/teams/rejoin'), null, { rejoinCode }),
  me: (code: string, token: string) => call<PlayerState>(playPath(code, '/me'), token),
  /** `answeredAt`: when the team answered, in server time (serverClock.ts), for late delivery. */
  answer: (
    code: string,
    token: string,
    stepId: string,
    clientId: string,
    body: AnswerBody,
    answeredAt?: number,
  ) =>
    call<AnswerResult>(playPath(code, '/answers'), token, {
      stepId,
      clientId,
      ...body,
      ...(answeredAt === undefined ? {} : { answeredAt: new Date(answeredAt).toISOString() }),
    }),
  /** The top of the scoreboard and the team's own row (docs/games.md). */
  scoreboard: (code: string, teamId: string) =>
    call<Scoreboard>(playPath(code, `/scoreboard?team=${encodeURIComponent(teamId)}`)),
  teamPhoto: (code: string, token: string, photo: Blob, onProgress: (f: number) => void) => {
    const form = new FormData();
    form.append('photo', photo, photoName(photo));
    return upload<Team>(playPath(code, '/team/photo'), form, token, onProgress);
  },
  media: (
    code: string,
    token: string,
    stepId: string,
    clientId: string,
    media: Blob,
    fileName: string,
    onProgress: (f: number) => void,
    answeredAt?: number,
  ) => {
    // The fields go before the file: a streaming multipart reader sees them first.
    const form = new FormData();
    form.append('stepId', stepId);
    form.append('clientId', clientId);
    if (answeredAt !== undefined) form.append('answeredAt', new Date(answeredAt).toISOString());
    form.append('media', media, fileName);
    return upload<AnswerResult>(playPath(code, '/answers/media'), form, token, onProgress);
  },
};

const photoName = (blob: Blob): string =>
  blob instanceof File && blob.name
    ? blob.name
    : blob.type === 'image/png'
      ? 'team.png'
      : 'team.jpg';
