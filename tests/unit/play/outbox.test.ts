// @vitest-environment happy-dom
/**
 * The answer outbox (docs/games.md "Answers survive a dropped connection"): every answer is kept
 * on the phone before it is sent, sent again when the phone is back, kept across a reload, and
 * dropped only when the server refuses it for good.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../src/play/api';
import type { MediaStore } from '../../../src/play/mediaStore';
import { MEDIA_LOST_MESSAGE, Outbox, RETRY_DELAYS_MS } from '../../../src/play/outbox';
import type { OutboxEntry, OutboxHandlers } from '../../../src/play/outbox';
import { answerResult, CODE, installFakeServer, playPath, TOKEN } from './fakes';
import type { FakeServer, Reply } from './fakes';

const KEY = `teamtrail.play.${CODE}.outbox`;

let online: boolean;
let reply: (path: string) => Reply;
let server: FakeServer;
let media: MediaStore;

function makeOutbox(handlers: OutboxHandlers = {}): Outbox {
  return new Outbox({
    storageKey: KEY,
    media,
    send: (entry, blob, onProgress) =>
      'media' in entry
        ? api.media(
            CODE,
            TOKEN,
            entry.stepId,
            entry.clientId,
            blob!,
            entry.fileName,
            onProgress,
            entry.answeredAt,
          )
        : api.answer(
            CODE,
            TOKEN,
            entry.stepId,
            entry.clientId,
            { text: (entry as { text: string }).text },
            entry.answeredAt,
          ),
    ...handlers,
  });
}

const textEntry = (clientId: string, stepId = 's-free', text = 'Paris'): OutboxEntry => ({
  clientId,
  stepId,
  createdAt: 1,
  text,
});

/**
 * happy-dom's Blob does not survive structuredClone, so IndexedDB itself is tested in
 * mediaStore.test.ts (node's Blob); here a Map stands in for it.
 */
function memoryMediaStore(): MediaStore {
  const blobs = new Map<string, Blob>();
  return {
    put: async (key, blob) => void blobs.set(key, blob),
    get: async (key) => blobs.get(key) ?? null,
    delete: async (key) => void blobs.delete(key),
  };
}

const stored = (): OutboxEntry[] => JSON.parse(localStorage.getItem(KEY) ?? '[]');

beforeEach(() => {
  localStorage.clear();
  online = true;
  reply = () => ({ status: 200, body: answerResult({}, 10) });
  server = installFakeServer((call) => (online ? reply(call.path) : 'offline'));
  media = memoryMediaStore();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('answers are kept on the phone before they are sent', () => {
  it('an answer given while offline is saved, waits, and is sent once the phone is back online', async () => {
    online = false;
    const sent: string[] = [];
    const outbox = makeOutbox({ onSent: (entry) => sent.push(entry.clientId) });
    const stop = outbox.start();

    await outbox.add(textEntry('c-1'));
    await vi.waitFor(() => expect(outbox.getSnapshot().waiting).toBe(true));
    expect(stored().map((e) => e.clientId)).toEqual(['c-1']);
    expect(sent).toEqual([]);

    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sent).toEqual(['c-1']));
    expect(stored()).toEqual([]);
    expect(outbox.getSnapshot()).toMatchObject({ entries: [], waiting: false, sending: {} });
    stop();
  });

  it('a resend after a dropped connection carries the same clientId', async () => {
    online = false;
    const outbox = makeOutbox();
    await outbox.add(textEntry('c-same'));
    await vi.waitFor(() => expect(outbox.getSnapshot().waiting).toBe(true));
    online = true;
    await outbox.flush();
    const answers = server.calls.filter((c) => c.path === playPath('/answers'));
    expect(answers).toHaveLength(2);
    expect(answers.map((c) => (c.body as { clientId: string }).clientId)).toEqual([
      'c-same',
      'c-same',
    ]);
    expect(answers[1]?.headers.TeamToken).toBe(TOKEN);
  });

  it('a double tap sends one answer: a second answer to a task already waiting is ignored', async () => {
    online = false;
    const outbox = makeOutbox();
    const [first, second] = await Promise.all([
      outbox.add(textEntry('c-1', 's-free', 'Paris')),
      outbox.add(textEntry('c-2', 's-free', 'Paris')),
    ]);
    expect([first, second]).toEqual([true, false]);
    expect(stored().map((e) => e.clientId)).toEqual(['c-1']);
    outbox.stop();
  });

  it('queued answers are not lost on reload: a new outbox on the same phone sends them', async () => {
    online = false;
    const first = makeOutbox();
    await first.add(textEntry('c-1'));
    await first.add(textEntry('c-2', 's-mc'));
    await vi.waitFor(() => expect(first.getSnapshot().waiting).toBe(true));
    first.stop();

    online = true;
    const sent: string[] = [];
    const reloaded = makeOutbox({ onSent: (entry) => sent.push(entry.clientId) });
    expect(reloaded.getSnapshot().entries.map((e) => e.clientId)).toEqual(['c-1', 'c-2']);
    const stop = reloaded.start();
    await vi.waitFor(() => expect(sent).toEqual(['c-1', 'c-2']));
    expect(stored()).toEqual([]);
    stop();
  });

  it('the outbox retries by itself with back-off while the phone stays offline', async () => {
    vi.useFakeTimers();
    online = false;
    const outbox = makeOutbox();
    await outbox.add(textEntry('c-1'));
    await vi.advanceTimersByTimeAsync(0);
    const attempts = () => server.calls.length;
    expect(attempts()).toBe(1);

    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0] - 1);
    expect(attempts()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts()).toBe(2);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1]);
    expect(attempts()).toBe(3);

    online = true;
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[2]);
    expect(attempts()).toBe(4);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it('a 5xx keeps the answer for a later try', async () => {
    reply = () => ({ status: 503, body: { errorMessage: 'Down for maintenance' } });
    const rejected: string[] = [];
    const outbox = makeOutbox({ onRejected: (_e, m) => rejected.push(m) });
    await outbox.add(textEntry('c-1'));
    await vi.waitFor(() => expect(outbox.getSnapshot().waiting).toBe(true));
    expect(stored()).toHaveLength(1);
    expect(rejected).toEqual([]);
    outbox.stop();
  });
});

describe('refusals', () => {
  it('a 4xx other than 401 removes the answer and reports the server’s errorMessage', async () => {
    reply = () => ({ status: 410, body: { errorMessage: 'This activity has ended' } });
    const rejected: [string, string][] = [];
    const outbox = makeOutbox({ onRejected: (e, m) => rejected.push([e.clientId, m]) });
    await outbox.add(textEntry('c-1'));
    await vi.waitFor(() => expect(rejected).toEqual([['c-1', 'This activity has ended']]));
    expect(stored()).toEqual([]);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it('one refused answer does not hold back the next one', async () => {
    reply = () => ({ status: 409, body: { errorMessage: 'You have already answered this task' } });
    const outbox = makeOutbox();
    online = false;
    await outbox.add(textEntry('c-1', 's-free'));
    await outbox.add(textEntry('c-2', 's-mc'));
    await vi.waitFor(() => expect(outbox.getSnapshot().waiting).toBe(true));
    let n = 0;
    reply = () =>
      ++n === 1
        ? { status: 409, body: { errorMessage: 'You have already answered this task' } }
        : { status: 200, body: answerResult({ stepId: 's-mc' }, 20) };
    online = true;
    const sent: string[] = [];
    outbox.setHandlers({ onSent: (e) => sent.push(e.clientId) });
    await outbox.flush();
    expect(sent).toEqual(['c-2']);
    expect(stored()).toEqual([]);
  });

  it('a 401 keeps the answers and tells that the team token is no longer valid', async () => {
    reply = () => ({ status: 401, body: { errorMessage: 'Join the activity first' } });
    const unauthorised = vi.fn();
    const outbox = makeOutbox({ onUnauthorised: unauthorised });
    await outbox.add(textEntry('c-1'));
    await vi.waitFor(() => expect(unauthorised).toHaveBeenCalledOnce());
    expect(stored()).toHaveLength(1);
    await outbox.clear();
    expect(stored()).toEqual([]);
  });

  it('408 and 429 are a busy server, not a refusal: the answer stays', async () => {
    reply = () => ({ status: 429, body: { errorMessage: 'Too many requests' } });
    const outbox = makeOutbox();
    await outbox.add(textEntry('c-1'));
    await vi.waitFor(() => expect(outbox.getSnapshot().waiting).toBe(true));
    expect(stored()).toHaveLength(1);
    outbox.stop();
  });
});

describe('photos and videos', () => {
  it('a photo is kept in the media store until it is sent, then removed', async () => {
    online = false;
    const photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    const outbox = makeOutbox();
    await outbox.add(
      { clientId: 'c-photo', stepId: 's-photo', createdAt: 1, media: 'photo', fileName: 'p.jpg' },
      photo,
    );
    await vi.waitFor(() => expect(outbox.getSnapshot().uploadsWaiting).toBe(true));
    expect(await media.get('c-photo')).not.toBeNull();

    online = true;
    reply = () => ({
      status: 200,
      body: answerResult({ stepId: 's-photo', kind: 'media', correct: null, points: 50 }, 50),
    });
    server.uploadProgress = [
      [5, 10],
      [10, 10],
    ];
    const progress: (number | null)[] = [];
    outbox.subscribe(() => progress.push(outbox.getSnapshot().sending['c-photo'] ?? null));
    await outbox.flush();

    const upload = server.calls.at(-1)!;
    expect(upload.path).toBe(playPath('/answers/media'));
    expect(upload.headers.TeamToken).toBe(TOKEN);
    const form = upload.body as FormData;
    expect(form.get('stepId')).toBe('s-photo');
    expect(form.get('clientId')).toBe('c-photo');
    expect(form.get('media')).toBeInstanceOf(Blob);
    expect(progress).toEqual(expect.arrayContaining([0.5, 1]));
    expect(await media.get('c-photo')).toBeNull();
    expect(stored()).toEqual([]);
  });

  it('an entry whose photo is no longer on the phone is dropped with a message to take it again', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify([
        { clientId: 'c-gone', stepId: 's-photo', createdAt: 1, media: 'photo', fileName: 'p.jpg' },
      ]),
    );
    const rejected: string[] = [];
    const outbox = makeOutbox({ onRejected: (_e, m) => rejected.push(m) });
    await outbox.flush();
    expect(rejected).toEqual([MEDIA_LOST_MESSAGE]);
    expect(stored()).toEqual([]);
    expect(server.calls).toEqual([]);
  });
});

describe('uploads never block answers (answers go first, uploads run beside them)', () => {
  const videoEntry = (clientId: string, stepId = 's-video'): OutboxEntry => ({
    clientId,
    stepId,
    createdAt: 1,
    answeredAt: Date.parse('2030-01-01T10:00:00.000Z'),
    media: 'video',
    fileName: 'song.mp4',
  });
  const video = () => new Blob(['mp4 bytes'], { type: 'video/mp4' });
  const uploads = () => server.calls.filter((c) => c.path === playPath('/answers/media'));
  const answers = () => server.calls.filter((c) => c.path === playPath('/answers'));

  /** Holds every upload until the test lets it go. */
  function holdUploads(): { release: (reply?: Reply) => void } {
    const held: ((reply: Reply) => void)[] = [];
    server.handler = (call) =>
      call.path === playPath('/answers/media')
        ? new Promise<Reply>((resolve) => held.push(resolve))
        : online
          ? reply(call.path)
          : 'offline';
    return {
      release: (answer = { status: 200, body: answerResult({ stepId: 's-video' }, 40) }) =>
        held.shift()?.(answer),
    };
  }

  it('an answer queued after a slow media upload is sent before the upload finishes', async () => {
    const upload = holdUploads();
    const sent: string[] = [];
    const outbox = makeOutbox({ onSent: (entry) => sent.push(entry.clientId) });
    server.uploadProgress = [[45, 100]];
    await outbox.add(videoEntry('c-video'), video());
    await vi.waitFor(() => expect(outbox.getSnapshot().sending['c-video']).toBe(0.45));

    const answeredAt = Date.parse('2030-01-01T10:01:00.000Z');
    await outbox.add({ ...textEntry('c-text', 's-free'), answeredAt });
    await vi.waitFor(() => expect(sent).toEqual(['c-text']));
    // The upload is still going, and its answer is the moment of answering, not of sending.
    expect(outbox.getSnapshot().entries.map((e) => e.clientId)).toEqual(['c-video']);
    expect(outbox.getSnapshot().sending).toEqual({ 'c-video': 0.45 });
    expect(answers()[0]?.body).toMatchObject({
      clientId: 'c-text',
      answeredAt: '2030-01-01T10:01:00.000Z',
    });

    upload.release();
    await vi.waitFor(() => expect(sent).toEqual(['c-text', 'c-video']));
    expect((uploads()[0]?.body as FormData).get('answeredAt')).toBe('2030-01-01T10:00:00.000Z');
    expect(stored()).toEqual([]);
    expect(outbox.getSnapshot().sending).toEqual({});
  });

  it('uploads retry with back-off without blocking answers', async () => {
    vi.useFakeTimers();
    let uploadUp = false;
    server.handler = (call) =>
      call.path === playPath('/answers/media')
        ? uploadUp
          ? { status: 200, body: answerResult({ stepId: 's-video' }, 40) }
          : { status: 503, body: { errorMessage: 'Busy' } }
        : reply(call.path);
    const sent: string[] = [];
    const outbox = makeOutbox({ onSent: (entry) => sent.push(entry.clientId) });
    await outbox.add(videoEntry('c-video'), video());
    await vi.advanceTimersByTimeAsync(0);
    expect(uploads()).toHaveLength(1);
    expect(outbox.getSnapshot()).toMatchObject({ uploadsWaiting: true, waiting: false });

    // An answer made while the upload waits for its retry goes at once.
    await outbox.add(textEntry('c-text', 's-free'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['c-text']);
    // ...and does not cut the upload's back-off short either.
    expect(uploads()).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0] - 1);
    expect(uploads()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(uploads()).toHaveLength(2);
    await outbox.add(textEntry('c-text-2', 's-mc'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['c-text', 'c-text-2']);

    uploadUp = true;
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1]);
    expect(uploads()).toHaveLength(3);
    expect(sent).toEqual(['c-text', 'c-text-2', 'c-video']);
    expect(outbox.getSnapshot()).toMatchObject({ entries: [], uploadsWaiting: false });
    // Every try of the upload carries the same clientId: the server keeps it once.
    expect(uploads().map((c) => (c.body as FormData).get('clientId'))).toEqual([
      'c-video',
      'c-video',
      'c-video',
    ]);
    outbox.stop();
  });

  it('uploads go one at a time, in the order they were made', async () => {
    const upload = holdUploads();
    const sent: string[] = [];
    const outbox = makeOutbox({ onSent: (entry) => sent.push(entry.clientId) });
    await outbox.add(videoEntry('c-video-1', 's-video'), video());
    await outbox.add(videoEntry('c-video-2', 's-photo'), video());
    await vi.waitFor(() => expect(uploads()).toHaveLength(1));
    expect(Object.keys(outbox.getSnapshot().sending)).toEqual(['c-video-1']);
    upload.release();
    await vi.waitFor(() => expect(uploads()).toHaveLength(2));
    expect((uploads()[1]?.body as FormData).get('clientId')).toBe('c-video-2');
    upload.release();
    await vi.waitFor(() => expect(sent).toEqual(['c-video-1', 'c-video-2']));
  });

  it('nothing is sent twice after a reload: sent answers are gone, the unfinished upload goes once more with the same clientId', async () => {
    holdUploads();
    const first = makeOutbox();
    const stopFirst = first.start();
    await first.add(videoEntry('c-video'), video());
    await first.add(textEntry('c-text', 's-free'));
    await vi.waitFor(() =>
      expect(first.getSnapshot().entries.map((e) => e.clientId)).toEqual(['c-video']),
    );
    expect(answers()).toHaveLength(1);
    expect(uploads()).toHaveLength(1);
    // The page reloads in the middle of the upload.
    stopFirst();

    server.handler = (call) =>
      call.path === playPath('/answers/media')
        ? { status: 200, body: answerResult({ stepId: 's-video' }, 40) }
        : reply(call.path);
    const sent: string[] = [];
    const reloaded = makeOutbox({ onSent: (entry) => sent.push(entry.clientId) });
    expect(reloaded.getSnapshot().entries.map((e) => e.clientId)).toEqual(['c-video']);
    const stop = reloaded.start();
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sent).toEqual(['c-video']));
    await reloaded.flush();
    expect(answers()).toHaveLength(1);
    expect(uploads()).toHaveLength(2);
    expect(uploads().map((c) => (c.body as FormData).get('clientId'))).toEqual([
      'c-video',
      'c-video',
    ]);
    expect(stored()).toEqual([]);
    expect(await media.get('c-video')).toBeNull();
    stop();
  });

  it('triggers while an upload is going do not send it a second time', async () => {
    const upload = holdUploads();
    const outbox = makeOutbox();
    const stop = outbox.start();
    await outbox.add(videoEntry('c-video'), video());
    await vi.waitFor(() => expect(uploads()).toHaveLength(1));
    for (let i = 0; i < 3; i++) {
      window.dispatchEvent(new Event('focus'));
      window.dispatchEvent(new Event('online'));
    }
    await outbox.add(textEntry('c-text', 's-free'));
    await vi.waitFor(() => expect(answers()).toHaveLength(1));
    expect(uploads()).toHaveLength(1);
    upload.release();
    await vi.waitFor(() => expect(outbox.getSnapshot().entries).toEqual([]));
    await outbox.flush();
    expect(uploads()).toHaveLength(1);
    expect(answers()).toHaveLength(1);
    stop();
  });
});
