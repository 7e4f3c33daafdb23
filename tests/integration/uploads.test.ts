/**
 * Uploads (SPEC §7): the branding logo (field "logo") and a task's media (field "media"),
 * through real multipart requests, then served back from /uploads/… . Content is judged by its
 * bytes, not by its name or declared type; refused files leave neither a row nor a file behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './support/testServer';
import { createTemplate, expectErrorMessage, guest, json, type Caller } from './support/clients';
import { filePart, multipartBody, type MultipartBody } from './support/multipart';
import {
  CLEAN_SVG,
  MB,
  id3Tag,
  isoMedia,
  makeJpeg,
  makePng,
  mp3Frames,
  padded,
  utf8,
} from '../unit/uploads/fixtures';
import { uploads } from '../../server/db/schema';
import type { Asset, Template } from '../../src/domain/schemas';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const createOwnTemplate = (caller: Caller) =>
  createTemplate(server, caller, { name: 'Upload quiz' });

const logoUrl = (templateId: string) => `/v1/templates/${templateId}/branding/logo`;
const mediaUrl = (templateId: string, stepId = randomUUID()) =>
  `/v1/templates/${templateId}/steps/${stepId}/media`;

const upload = (url: string, caller: Caller, body: MultipartBody) =>
  server.request({
    method: 'POST',
    url,
    headers: { ...caller.headers, ...body.headers },
    payload: body.payload,
  });

const uploadLogo = (caller: Caller, templateId: string, bytes: Uint8Array, filename = 'logo.png') =>
  upload(logoUrl(templateId), caller, filePart('logo', filename, 'image/png', bytes));

const uploadMedia = (
  caller: Caller,
  templateId: string,
  bytes: Uint8Array,
  filename: string,
  contentType: string,
) => upload(mediaUrl(templateId), caller, filePart('media', filename, contentType, bytes));

/** A guest with a template of their own, the usual starting point. */
async function guestWithTemplate(): Promise<{ me: Caller; template: Template }> {
  const me = guest();
  return { me, template: await createOwnTemplate(me) };
}

const served = (url: string, headers: Record<string, string> = {}) =>
  server.request({ url, headers });

const uploadRows = (templateId: string) =>
  server.database.db.select().from(uploads).where(eq(uploads.templateId, templateId));

/** Every stored file of a template, as paths under the uploads folder. */
function filesOf(templateId: string): string[] {
  const folder = path.join(server.config.uploadsDir, 'templates', templateId);
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const HTML_PAGE = utf8(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);
const SVG_WITH_SCRIPT = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>`;

async function jpegWithGps(): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}

describe('POST /templates/{id}/branding/logo', () => {
  it('stores a PNG from the field "logo" and answers 201 {filename, mimeType, url}', async () => {
    const { me, template } = await guestWithTemplate();
    const png = await makePng(200, 50, { r: 255, g: 104, b: 0, alpha: 1 });
    const response = await uploadLogo(me, template.id, png, 'company-logo.png');
    expect(response.statusCode, response.body).toBe(201);
    const asset = json<Asset>(response);
    expect(asset).toEqual({
      filename: 'company-logo.png',
      mimeType: 'image/png',
      url: expect.stringMatching(/^\/uploads\/templates\/[0-9a-f-]+\/[0-9a-f-]+\.png$/),
    });
    const rows = await uploadRows(template.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'logo', mimeType: 'image/png', stepId: null });
    expect(filesOf(template.id)).toHaveLength(1);
  });

  it('serves the stored logo as image/png with nosniff, decodable, byte for byte when it fits', async () => {
    const { me, template } = await guestWithTemplate();
    const png = await makePng(120, 40, { r: 0, g: 128, b: 255, alpha: 1 });
    const asset = json<Asset>(await uploadLogo(me, template.id, png));
    // Served to anyone who has the link (players' phones are not signed in).
    const response = await served(asset.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const bytes = response.rawPayload;
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 120, height: 40 });
    expect(Buffer.compare(bytes, png)).toBe(0);
  });

  it.each([
    [560, 120, 280, 60],
    [1000, 100, 280, 28],
    [100, 300, 20, 60],
  ])(
    'fits a larger logo into 280x60 instead of refusing it: %ix%i is served as %ix%i',
    async (width, height, servedWidth, servedHeight) => {
      const { me, template } = await guestWithTemplate();
      const response = await uploadLogo(me, template.id, await makePng(width, height));
      expect(response.statusCode, response.body).toBe(201);
      const file = await served(json<Asset>(response).url);
      const metadata = await sharp(file.rawPayload).metadata();
      expect({ width: metadata.width, height: metadata.height }).toEqual({
        width: servedWidth,
        height: servedHeight,
      });
    },
  );

  it('refuses an HTML file named logo.png with 415, storing neither a row nor a file', async () => {
    const { me, template } = await guestWithTemplate();
    const response = await uploadLogo(me, template.id, HTML_PAGE, 'logo.png');
    expect(response.statusCode).toBe(415);
    expect(expectErrorMessage(response)).toMatch(/PNG/);
    expect(await uploadRows(template.id)).toEqual([]);
    expect(filesOf(template.id)).toEqual([]);
  });

  it('refuses a JPEG as logo with 415, naming PNG as what is accepted', async () => {
    const { me, template } = await guestWithTemplate();
    const response = await upload(
      logoUrl(template.id),
      me,
      filePart('logo', 'logo.jpg', 'image/jpeg', await makeJpeg(100, 40)),
    );
    expect(response.statusCode).toBe(415);
    expect(expectErrorMessage(response)).toMatch(/Logos must be PNG images\. This file is a JPEG/);
    expect(await uploadRows(template.id)).toEqual([]);
  });

  it('refuses the file in the wrong field with 400, naming the right field', async () => {
    const { me, template } = await guestWithTemplate();
    const response = await upload(
      logoUrl(template.id),
      me,
      filePart('file', 'logo.png', 'image/png', await makePng(10, 10)),
    );
    expect(response.statusCode).toBe(400);
    expect(expectErrorMessage(response)).toMatch(/"logo"/);
    expect(await uploadRows(template.id)).toEqual([]);
  });

  it('refuses a form without a file with 400', async () => {
    const { me, template } = await guestWithTemplate();
    const response = await upload(logoUrl(template.id), me, multipartBody([], { note: 'no file' }));
    expect(response.statusCode).toBe(400);
    expectErrorMessage(response);
  });

  it('refuses a request that is not multipart with 415', async () => {
    const { me, template } = await guestWithTemplate();
    const response = await server.request({
      method: 'POST',
      url: logoUrl(template.id),
      headers: me.headers,
      payload: { logo: 'iVBORw0KGgo=' },
    });
    expect(response.statusCode).toBe(415);
    expect(expectErrorMessage(response)).toMatch(/multipart/);
  });

  it('refuses a logo over 2 MB with 413, storing nothing', async () => {
    const { me, template } = await guestWithTemplate();
    const big = padded(await makePng(10, 10), 2 * MB + 1);
    const response = await uploadLogo(me, template.id, big);
    expect(response.statusCode).toBe(413);
    expect(expectErrorMessage(response)).toMatch(/2 MB/);
    expect(await uploadRows(template.id)).toEqual([]);
    expect(filesOf(template.id)).toEqual([]);
  });

  it('keeps the client’s file name only as a label, never as part of the path', async () => {
    const { me, template } = await guestWithTemplate();
    const response = await uploadLogo(me, template.id, await makePng(10, 10), '../../etc/evil.png');
    expect(response.statusCode).toBe(201);
    const asset = json<Asset>(response);
    expect(asset.filename).toBe('evil.png');
    expect(asset.url).not.toContain('evil');
    expect(asset.url).not.toContain('..');
  });
});

describe('POST /templates/{id}/steps/{stepId}/media', () => {
  const MEDIA: Array<[string, string, string, () => Promise<Uint8Array> | Uint8Array]> = [
    ['JPEG', 'image/jpeg', 'photo.jpg', () => makeJpeg(64, 48)],
    ['PNG', 'image/png', 'diagram.png', () => makePng(64, 48)],
    ['clean SVG', 'image/svg+xml', 'drawing.svg', () => utf8(CLEAN_SVG)],
    ['MP4', 'video/mp4', 'clip.mp4', () => isoMedia('isom', ['isom', 'avc1'])],
    ['MOV', 'video/quicktime', 'clip.mov', () => isoMedia('qt  ', ['qt  '])],
    ['MP3', 'audio/mpeg', 'jingle.mp3', () => Buffer.concat([id3Tag(), mp3Frames(3)])],
  ];

  it.each(MEDIA)('accepts a %s (201, mimeType %s)', async (_label, mimeType, filename, make) => {
    const { me, template } = await guestWithTemplate();
    const stepId = randomUUID();
    const response = await upload(
      mediaUrl(template.id, stepId),
      me,
      // The declared type is deliberately generic: the server decides by content.
      filePart('media', filename, 'application/octet-stream', await make()),
    );
    expect(response.statusCode, response.body).toBe(201);
    const asset = json<Asset>(response);
    expect(asset).toMatchObject({ filename, mimeType });
    const rows = await uploadRows(template.id);
    expect(rows).toEqual([expect.objectContaining({ purpose: 'media', stepId, mimeType })]);
    const file = await served(asset.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(new RegExp(`^${mimeType.replace('+', '\\+')}`));
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses an SVG with a script with 400 and a message, storing nothing', async () => {
    const { me, template } = await guestWithTemplate();
    const response = await uploadMedia(
      me,
      template.id,
      utf8(SVG_WITH_SCRIPT),
      'x.svg',
      'image/svg+xml',
    );
    expect(response.statusCode).toBe(400);
    expect(expectErrorMessage(response)).toMatch(/script/);
    expect(await uploadRows(template.id)).toEqual([]);
    expect(filesOf(template.id)).toEqual([]);
  });

  it('refuses an HTML page declared as an image with 415', async () => {
    const { me, template } = await guestWithTemplate();
    const response = await uploadMedia(me, template.id, HTML_PAGE, 'photo.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(415);
    expect(expectErrorMessage(response)).toMatch(/JPEG, PNG, SVG, MP4, MOV or MP3/);
    expect(await uploadRows(template.id)).toEqual([]);
  });

  it('serves an SVG with a sandboxing Content-Security-Policy', async () => {
    const { me, template } = await guestWithTemplate();
    const asset = json<Asset>(
      await uploadMedia(me, template.id, utf8(CLEAN_SVG), 'drawing.svg', 'image/svg+xml'),
    );
    const response = await served(asset.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain('sandbox');
    expect(csp).toContain("default-src 'none'");
    expect(response.body).toBe(CLEAN_SVG);
  });

  it('strips EXIF (GPS position included) from an uploaded JPEG', async () => {
    const { me, template } = await guestWithTemplate();
    const photo = await jpegWithGps();
    // The fixture really carries the position, so the test can fail.
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif!.toString('latin1')).toContain('PhoneMaker');

    const response = await uploadMedia(me, template.id, photo, 'IMG_0001.jpg', 'image/jpeg');
    expect(response.statusCode, response.body).toBe(201);
    const file = await served(json<Asset>(response).url);
    const after = await sharp(file.rawPayload).metadata();
    expect(after.format).toBe('jpeg');
    expect({ width: after.width, height: after.height }).toEqual({ width: 64, height: 48 });
    expect(after.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });
});

describe('PNG metadata (team photos used to keep it)', () => {
  it('strips EXIF (GPS position included) from an uploaded PNG, keeping its pixels', async () => {
    const { me, template } = await guestWithTemplate();
    const photo = await sharp({
      create: {
        width: 64,
        height: 48,
        channels: 4,
        background: { r: 10, g: 120, b: 200, alpha: 0.5 },
      },
    })
      .png()
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    // The fixture really carries it, so the test can fail.
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes(Buffer.from('PhoneMaker'))).toBe(true);

    const response = await uploadMedia(me, template.id, photo, 'screenshot.png', 'image/png');
    expect(response.statusCode, response.body).toBe(201);
    const file = await served(json<Asset>(response).url);
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    const pixels = async (png: Buffer) => (await sharp(png).raw().toBuffer()).toString('base64');
    expect(await pixels(file.rawPayload)).toBe(await pixels(photo));
  });
});

describe('who may upload', () => {
  it.each([
    ['logo', (id: string) => logoUrl(id), 'logo'],
    ['media', (id: string) => mediaUrl(id), 'media'],
  ])(
    "answers 404 for %s uploads to another owner's template, storing nothing",
    async (_l, url, field) => {
      const { template } = await guestWithTemplate();
      const stranger = guest();
      const response = await upload(
        url(template.id),
        stranger,
        filePart(field, 'a.png', 'image/png', await makePng(10, 10)),
      );
      expect(response.statusCode).toBe(404);
      expectErrorMessage(response);
      expect(await uploadRows(template.id)).toEqual([]);
      expect(filesOf(template.id)).toEqual([]);
    },
  );

  it('answers 404 for an id that does not exist, the same as for another owner’s', async () => {
    const { template } = await guestWithTemplate();
    const stranger = guest();
    const png = await makePng(10, 10);
    const theirs = await uploadLogo(stranger, template.id, png);
    const missing = await uploadLogo(stranger, randomUUID(), png);
    expect(missing.statusCode).toBe(404);
    expect(json(theirs)).toEqual(json(missing));
  });

  it.each([
    ['logo', (id: string) => logoUrl(id), 'logo'],
    ['media', (id: string) => mediaUrl(id), 'media'],
  ])(
    'answers 403 for %s uploads to a library template, storing nothing',
    async (_l, url, field) => {
      const me = guest();
      const library = json<{ id: string }[]>(
        await server.request({ url: '/v1/templates/library', headers: me.headers }),
      );
      const masterId = library[0]!.id;
      const rowsBefore = await uploadRows(masterId);
      const response = await upload(
        url(masterId),
        me,
        filePart(field, 'a.png', 'image/png', await makePng(10, 10)),
      );
      expect(response.statusCode).toBe(403);
      expect(expectErrorMessage(response)).toMatch(/Library templates can't be changed/);
      expect(await uploadRows(masterId)).toEqual(rowsBefore);
    },
  );
});

describe('GET /uploads/{key} byte ranges', () => {
  let url: string;
  let whole: Buffer;
  beforeAll(async () => {
    const { me, template } = await guestWithTemplate();
    const response = await uploadMedia(
      me,
      template.id,
      Buffer.concat([id3Tag(), mp3Frames(4)]),
      'song.mp3',
      'audio/mpeg',
    );
    url = json<Asset>(response).url;
    const full = await served(url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['accept-ranges']).toBe('bytes');
    whole = full.rawPayload;
  });

  it('answers a Range request with 206, the right Content-Range and exactly those bytes', async () => {
    const response = await served(url, { range: 'bytes=10-29' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 10-29/${whole.length}`);
    expect(Number(response.headers['content-length'])).toBe(20);
    expect(Buffer.compare(response.rawPayload, whole.subarray(10, 30))).toBe(0);
  });

  it('answers an open-ended and a suffix range with 206', async () => {
    const open = await served(url, { range: `bytes=${whole.length - 7}-` });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe(
      `bytes ${whole.length - 7}-${whole.length - 1}/${whole.length}`,
    );
    expect(Buffer.compare(open.rawPayload, whole.subarray(whole.length - 7))).toBe(0);
    const suffix = await served(url, { range: 'bytes=-5' });
    expect(suffix.statusCode).toBe(206);
    expect(Buffer.compare(suffix.rawPayload, whole.subarray(whole.length - 5))).toBe(0);
  });

  it('answers an unsatisfiable range with 416 and Content-Range bytes */size', async () => {
    const response = await served(url, { range: `bytes=${whole.length}-` });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${whole.length}`);
  });

  it('answers 404 for a key that does not exist or tries to leave the uploads folder', async () => {
    const keys = [
      `templates/${randomUUID()}/${randomUUID()}.png`,
      'templates/..%2f..%2fauth-secret.png',
      'templates/x/.hidden.png',
    ];
    for (const key of keys) {
      const response = await served(`/uploads/${key}`);
      expect(response.statusCode, key).toBe(404);
    }
  });
});
