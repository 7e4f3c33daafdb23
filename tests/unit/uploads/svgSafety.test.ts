import { describe, it, expect } from 'vitest';
import { checkSvgSafety } from '../../../server/services/uploads/svgSafety';
import { CLEAN_SVG } from './fixtures';

const svg = (body: string, rootAttributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${rootAttributes}>${body}</svg>`;

describe('checkSvgSafety accepts clean SVGs', () => {
  it('accepts an SVG with gradients, styles, internal references and embedded PNG data', () => {
    expect(checkSvgSafety(CLEAN_SVG)).toBeNull();
  });

  it('accepts a literal "<" written as &lt; in text', () => {
    expect(checkSvgSafety(svg('<text>a &lt;script&gt; tag</text>'))).toBeNull();
  });
});

describe('checkSvgSafety refuses scripts', () => {
  it('refuses a <script> element, naming the script', () => {
    expect(checkSvgSafety(svg('<script>alert(1)</script>'))).toBe(
      "This SVG contains a script, which isn't allowed.",
    );
  });

  it.each([
    ['upper case', '<SCRIPT>alert(1)</SCRIPT>'],
    ['a namespace prefix', '<svg:script>alert(1)</svg:script>'],
    ['whitespace after <', '< script>alert(1)</script>'],
    ['an external src', '<script href="https://evil.example/x.js"/>'],
  ])('refuses a <script> element written with %s', (_, body) => {
    expect(checkSvgSafety(svg(body))).toMatch(/script/);
  });

  it('refuses an onload= event handler on the root element', () => {
    expect(checkSvgSafety(svg('', ' onload="alert(1)"'))).toMatch(/event handler \(onload\)/);
  });

  it.each([
    ['upper case', '<rect ONCLICK="alert(1)"/>'],
    ['a slash before it', '<rect/onmouseover="alert(1)"/>'],
    ['spaces around =', '<rect onfocus = "alert(1)"/>'],
    ['a namespace prefix', '<rect xlink:onclick="alert(1)"/>'],
    ['a quoted ">" before it', '<rect title=">" onclick="alert(1)"/>'],
  ])('refuses an event handler attribute written with %s', (_, body) => {
    expect(checkSvgSafety(svg(body))).toMatch(/event handler/);
  });

  it('refuses a javascript: href', () => {
    expect(checkSvgSafety(svg('<a href="javascript:alert(1)"><text>x</text></a>'))).toBe(
      "This SVG contains a javascript: link, which isn't allowed.",
    );
  });

  it.each([
    ['decimal entities', '&#106;avascript:alert(1)'],
    ['hex entities without semicolons', '&#x6A&#x61vascript:alert(1)'],
    ['zero-padded entities', '&#0000106;avascript:alert(1)'],
    ['double encoding', '&amp;#106;avascript:alert(1)'],
    ['an encoded colon', 'javascript&colon;alert(1)'],
    ['a tab inside the scheme', 'java\tscript:alert(1)'],
    ['an encoded newline inside the scheme', 'java&#10;script:alert(1)'],
    ['mixed case and leading spaces', '  JaVaScRiPt:alert(1)'],
  ])('refuses an entity-encoded or obfuscated javascript: URL (%s)', (_, url) => {
    expect(checkSvgSafety(svg(`<a xlink:href="${url}"><text>x</text></a>`))).toMatch(
      /javascript: link/,
    );
  });

  it('refuses a data:text/html URL', () => {
    expect(
      checkSvgSafety(svg('<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"/>')),
    ).toMatch(/embedded HTML/);
  });

  it('refuses an animation that turns a link into a javascript: or outside URL', () => {
    expect(
      checkSvgSafety(svg('<a><set attributeName="href" to="https://evil.example"/></a>')),
    ).toMatch(/animation/);
  });
});

describe('checkSvgSafety refuses embedded documents', () => {
  it('refuses <foreignObject>, naming it', () => {
    expect(
      checkSvgSafety(
        svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>'),
      ),
    ).toBe("This SVG embeds other content (<foreignObject>), which isn't allowed.");
  });

  it.each(['iframe', 'embed', 'object'])('refuses <%s>', (element) => {
    expect(checkSvgSafety(svg(`<${element} src="x"/>`))).toMatch(`<${element}>`);
  });
});

describe('checkSvgSafety refuses outside references', () => {
  it.each([
    ['an https image', '<image href="https://tracker.example/pixel.png"/>'],
    ['a relative image', '<image xlink:href="logo.png"/>'],
    ['a protocol-relative use', '<use href="//evil.example/sprite.svg#a"/>'],
    ['a nested SVG as data URL', '<image href="data:image/svg+xml;base64,PHN2Zz4="/>'],
    ['a link to a web page', '<a href="https://example.com"><text>x</text></a>'],
    ['a CSS url() in a style attribute', '<rect style="fill: url(https://evil.example/x)"/>'],
    [
      'a CSS url() in a style element',
      '<style>rect { background: url( "//evil.example" ) }</style>',
    ],
  ])('refuses %s', (_, body) => {
    expect(checkSvgSafety(svg(body))).toMatch(/outside file or web address/);
  });

  it('refuses @import in a style element, also when CSS-escaped', () => {
    expect(checkSvgSafety(svg('<style>@import url(#x);</style>'))).toMatch(/@import/);
    expect(checkSvgSafety(svg('<style>@\\69mport "https://evil.example/x.css";</style>'))).toMatch(
      /@import/,
    );
  });

  it('refuses an xml-stylesheet processing instruction', () => {
    expect(
      checkSvgSafety(
        `<?xml-stylesheet type="text/css" href="https://evil.example/x.css"?>${svg('')}`,
      ),
    ).toMatch(/style sheet/);
  });
});

describe('checkSvgSafety refuses XML entity tricks', () => {
  it('refuses <!ENTITY> declarations (XXE and billion laughs)', () => {
    const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE svg [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
]>
${svg('<text>&lol2;</text>')}`;
    expect(checkSvgSafety(billionLaughs)).toMatch(/declares XML entities/);
  });

  it('refuses an external entity even with odd spacing and case', () => {
    const xxe = `<!DOCTYPE svg [<!  entity xxe SYSTEM "file:///etc/passwd">]>${svg('<text>&xxe;</text>')}`;
    expect(checkSvgSafety(xxe)).toMatch(/entities/);
  });

  it('refuses an encoding other than UTF-8, so the browser reads the text we checked', () => {
    expect(checkSvgSafety(`<?xml version="1.0" encoding="Shift_JIS"?>${svg('')}`)).toMatch(
      /encoding other than UTF-8/,
    );
  });
});
