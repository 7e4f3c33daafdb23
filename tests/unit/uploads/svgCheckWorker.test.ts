/**
 * The SVG safety check moved to a worker thread: inspectUpload must decide every SVG
 * exactly as checkSvgSafety does on the main thread, with the same messages.
 */
import { describe, expect, it } from 'vitest';
import { inspectUpload } from '../../../server/services/uploads/inspect';
import { checkSvgSafety } from '../../../server/services/uploads/svgSafety';
import { CLEAN_SVG, utf8 } from './fixtures';

const svg = (body: string, rootAttributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${rootAttributes}>${body}</svg>`;

const CASES: Array<[string, string]> = [
  ['a clean SVG with gradients, styles and embedded PNG data', CLEAN_SVG],
  ['a literal "<" written as &lt;', svg('<text>a &lt;script&gt; tag</text>')],
  ['a <script> element', svg('<script>alert(1)</script>')],
  ['a <script> with a namespace prefix', svg('<svg:script>alert(1)</svg:script>')],
  ['an onload handler on the root', svg('', ' onload="alert(1)"')],
  ['a handler after a quoted ">"', svg('<rect title=">" onclick="alert(1)"/>')],
  ['a javascript: link', svg('<a href="javascript:alert(1)"><text>x</text></a>')],
  ['a javascript: link in character references', svg('<a href="&#106;avascript:alert(1)"/>')],
  ['an HTML data: link', svg('<a href="data:text/html,&lt;script&gt;alert(1)"/>')],
  ['a <foreignObject>', svg('<foreignObject><div>hi</div></foreignObject>')],
  ['an outside image', svg('<image href="https://tracker.example/pixel.png"/>')],
  ['an outside url() in a style', svg('<rect style="fill: url(https://evil.example/x)"/>')],
  ['an @import', svg('<style>@import "https://evil.example/x.css";</style>')],
  ['an animated link', svg('<a><set attributeName="href" to="https://evil.example"/></a>')],
  [
    'an entity declaration',
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "b">]>${svg('<text>&a;</text>')}`,
  ],
  ['an xml-stylesheet instruction', `<?xml-stylesheet href="x.css"?>${svg('')}`],
  ['a Latin-1 encoding declaration', `<?xml version="1.0" encoding="ISO-8859-1"?>${svg('')}`],
  [
    'an internal reference and an embedded PNG',
    svg('<use href="#a"/><image href="data:image/png;base64,AA=="/>'),
  ],
];

describe('the SVG check in its worker decides as checkSvgSafety does', () => {
  it.each(CASES)('decides %s the same, with the same message', async (_, text) => {
    const expected = checkSvgSafety(text);
    const result = await inspectUpload(utf8(text), 'media');
    if (expected === null) {
      expect(result).toMatchObject({ ok: true, type: { mimeType: 'image/svg+xml' } });
    } else {
      expect(result).toEqual({ ok: false, status: 400, errorMessage: expected });
    }
  });

  it('still refuses an SVG that is not valid UTF-8, with the same message', async () => {
    // Beyond the 64 KB that sniffing reads: the check in the worker is what finds it.
    const bytes = Buffer.concat([
      Buffer.from(svg('<text>')),
      Buffer.alloc(70_000, ' '),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('</text></svg>'),
    ]);
    expect(await inspectUpload(bytes, 'media')).toEqual({
      ok: false,
      status: 400,
      errorMessage: "This SVG isn't valid UTF-8 text and can't be used.",
    });
  });

  it('answers the accepted bytes unchanged: the copy sent to the worker is its own', async () => {
    const bytes = utf8(CLEAN_SVG);
    const result = await inspectUpload(bytes, 'media');
    expect(result.ok && result.bytes).toBe(bytes);
    expect(new TextDecoder().decode(bytes)).toBe(CLEAN_SVG);
  });
});
