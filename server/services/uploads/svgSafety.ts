/**
 * Decides whether an uploaded SVG is safe to store and serve. SVG is an XML document that can
 * run script, embed HTML and fetch other resources, so an SVG "image" opened from our origin
 * could act as a page of our site. We refuse unsafe SVGs rather than sanitise them: a sanitiser
 * has to agree with the browser's parser on every corner case, a refusal only has to be
 * conservative. The checks are therefore broad on purpose; a rare harmless SVG may be refused,
 * and the reason tells the organiser what to remove.
 *
 * This is one layer of two: served SVGs also carry a sandboxing CSP (serveHeaders.ts), so a
 * check missed here still cannot run script or load anything.
 */

const SCRIPT = "This SVG contains a script, which isn't allowed.";
const EVENT_HANDLER = (name: string) =>
  `This SVG contains an event handler (${name}), which isn't allowed.`;
const SCRIPT_URL = "This SVG contains a javascript: link, which isn't allowed.";
const HTML_URL = "This SVG contains a link to embedded HTML, which isn't allowed.";
const EMBEDDED_CONTENT = (element: string) =>
  `This SVG embeds other content (<${element}>), which isn't allowed.`;
const OUTSIDE_REFERENCE =
  "This SVG refers to an outside file or web address, which isn't allowed. Only references " +
  'inside the file (#id) and embedded PNG, JPEG, GIF or WebP images can be used.';
const ENTITY =
  "This SVG declares XML entities, which isn't allowed. Export it again as a plain SVG.";
const STYLE_IMPORT = "This SVG imports an outside style sheet (@import), which isn't allowed.";
const STYLESHEET_INSTRUCTION = "This SVG links a style sheet, which isn't allowed.";
const ANIMATED_LINK = "This SVG changes a link with an animation, which isn't allowed.";
const ENCODING = "This SVG declares a text encoding other than UTF-8, which isn't supported.";

/** Elements that run script or embed another document. */
const SCRIPT_ELEMENTS = new Set(['script', 'handler']);
const EMBEDDING_ELEMENTS = new Set([
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'frame',
  'frameset',
  'applet',
]);

/** Elements that can animate another element's attributes (here: a link's target). */
const ANIMATION_ELEMENTS = new Set(['set', 'animate']);

/** `data:` URLs that may be referenced: raster images (which cannot run script) and fonts. */
const ALLOWED_DATA_URL = /^data:(image\/(png|jpe?g|gif|webp)|font\/|application\/(x-)?font-)/;

/** Schemes that run script or render HTML when followed. */
const DANGEROUS_SCHEMES: ReadonlyArray<[RegExp, string]> = [
  [/(java|vb|live)script:/, SCRIPT_URL],
  [/data:(text\/html|application\/xhtml|text\/xml|application\/xml)/, HTML_URL],
];

/** Returns why the SVG is refused, or null when it is safe. */
export function checkSvgSafety(text: string): string | null {
  const decoded = decodeForChecks(text);

  // Entities first: they can rewrite the rest of the document (and the billion-laughs attack
  // needs nothing else), so nothing after this check could be trusted if they were allowed.
  if (/<!\s*entity/.test(decoded)) return ENTITY;

  const declaredEncoding = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([^"']*)["']/.exec(decoded);
  if (declaredEncoding && !/^(utf-?8|us-ascii)$/.test(declaredEncoding[1]!.trim())) {
    return ENCODING;
  }
  if (/<\?\s*xml-stylesheet/.test(decoded)) return STYLESHEET_INSTRUCTION;

  // Whole-text scans on the decoded, lower-cased text. They also look inside comments and
  // text, which costs the odd false refusal but means no parsing subtlety can hide a match.
  for (const element of decoded.matchAll(/<\s*(?:[\w.-]+:)?([\w.-]+)/g)) {
    const name = element[1]!;
    if (SCRIPT_ELEMENTS.has(name)) return SCRIPT;
    if (EMBEDDING_ELEMENTS.has(name)) {
      return EMBEDDED_CONTENT(name === 'foreignobject' ? 'foreignObject' : name);
    }
  }
  const compact = removeWhitespace(decoded);
  for (const [pattern, reason] of DANGEROUS_SCHEMES) if (pattern.test(compact)) return reason;
  if (/@import/.test(compact)) return STYLE_IMPORT;
  const handlerInTag = /<[^<>]*?[\s"'/:](on[a-z]+)\s*=/.exec(decoded);
  if (handlerInTag) return EVENT_HANDLER(handlerInTag[1]!);
  if (cssUrls(compact).some((url) => !isAllowedReference(url))) return OUTSIDE_REFERENCE;

  // Attribute-level checks on the tags themselves, read from the raw text so that quoting is
  // seen exactly as an XML parser sees it; values are decoded before they are judged. Attributes
  // are read one at a time, so a file of millions of tags or attributes is never held as
  // millions of objects.
  for (const attribute of readAttributes(text)) {
    const element = localName(attribute.tag);
    const name = localName(attribute.name);
    const value = removeWhitespace(decodeForChecks(attribute.value));
    if (name.startsWith('on')) return EVENT_HANDLER(attribute.name.toLowerCase());
    if ((name === 'href' || name === 'src') && !isAllowedReference(value)) {
      return OUTSIDE_REFERENCE;
    }
    if (ANIMATION_ELEMENTS.has(element) && name === 'attributename') {
      if (localName(value) === 'href') return ANIMATED_LINK;
    }
  }
  return null;
}

function isAllowedReference(url: string): boolean {
  return url.startsWith('#') || ALLOWED_DATA_URL.test(url);
}

// ---------------------------------------------------------------------------------------------
// Normalisation

/**
 * Undoes the encodings an attacker can use to spell a keyword without writing it: numeric
 * character references (`&#106;`, `&#x6A`, with or without the semicolon, as HTML parsers
 * accept), the HTML named references that matter for URLs, and CSS escapes (`\6a`, `\:`).
 * Repeated until stable so that double encoding (`&amp;#106;`) is undone too. `&lt;` and `&gt;`
 * stay encoded: they are how a harmless SVG writes a literal `<` in its text.
 */
function decodeForChecks(text: string): string {
  let current = text;
  for (let round = 0; round < 5; round++) {
    // Every reference and escape starts with & or \: without them the round changes nothing,
    // and skipping it spares five whole-text passes (millions of attribute values add up).
    if (!current.includes('&') && !current.includes('\\')) break;
    const next = current
      .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => fromCodePoint(parseInt(hex, 16)))
      .replace(/&#([0-9]+);?/g, (_, dec: string) => fromCodePoint(parseInt(dec, 10)))
      .replace(/&(colon|tab|newline|sol|lpar|rpar|period|amp|quot|apos);/gi, (_, name: string) =>
        namedReference(name.toLowerCase()),
      )
      .replace(/\\([0-9a-f]{1,6})[ \t\r\n\f]?/gi, (_, hex: string) =>
        fromCodePoint(parseInt(hex, 16)),
      )
      .replace(/\\([^\r\n\f0-9a-f])/gi, '$1');
    if (next === current) break;
    current = next;
  }
  // Control characters are dropped: browsers ignore some of them inside URL schemes.
  // eslint-disable-next-line no-control-regex
  return current.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g, '').toLowerCase();
}

function fromCodePoint(codePoint: number): string {
  // An invalid reference decodes to nothing rather than throwing.
  return Number.isInteger(codePoint) && codePoint >= 0 && codePoint <= 0x10ffff
    ? String.fromCodePoint(codePoint)
    : '';
}

function namedReference(name: string): string {
  const map: Record<string, string> = {
    colon: ':',
    tab: '\t',
    newline: '\n',
    sol: '/',
    lpar: '(',
    rpar: ')',
    period: '.',
    amp: '&',
    quot: '"',
    apos: "'",
  };
  return map[name] ?? '';
}

/** Browsers strip whitespace and controls inside URLs (`java\tscript:` is javascript:). */
function removeWhitespace(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\s\u0000-\u001f]+/g, '');
}

/** The targets of CSS `url(...)`, in style elements, style attributes and presentation attributes. */
function cssUrls(compact: string): string[] {
  const urls: string[] = [];
  for (const match of compact.matchAll(/url\((["']?)([^"')]*)/g)) urls.push(match[2]!);
  return urls;
}

function localName(qualified: string): string {
  const lower = qualified.toLowerCase();
  return lower.slice(lower.lastIndexOf(':') + 1);
}

// ---------------------------------------------------------------------------------------------
// A minimal tag reader

/** One attribute of a start tag, with the tag's name. */
interface Attribute {
  tag: string;
  name: string;
  value: string;
}

/**
 * Reads start tags and their attributes the way an XML parser does: quoted values may hold
 * `>` and the other quote, and comments, CDATA sections, processing instructions and the
 * DOCTYPE are stepped over. Text between tags is not interpreted.
 */
// Sticky (`y`) patterns match exactly at lastIndex, so the reader never copies the rest of a
// large file to look at the next token.
const TAG_NAME = /<([^\s/>]+)/y;
const ATTRIBUTE_NAME = /[^\s=/>]+/y;
const UNQUOTED_VALUE = /[^\s>]*/y;

function* readAttributes(text: string): Generator<Attribute> {
  let i = 0;
  while ((i = text.indexOf('<', i)) >= 0) {
    if (text.startsWith('<!--', i)) {
      i = endAfter(text, '-->', i + 4);
    } else if (text.startsWith('<![CDATA[', i)) {
      i = endAfter(text, ']]>', i + 9);
    } else if (text.startsWith('<?', i)) {
      i = endAfter(text, '?>', i + 2);
    } else if (text.startsWith('<!', i)) {
      i = endAfter(text, '>', i + 2);
    } else {
      TAG_NAME.lastIndex = i;
      const name = TAG_NAME.exec(text);
      if (!name) {
        i++;
        continue;
      }
      i = yield* readTagAttributes(text, i + name[0].length, name[1]!);
    }
  }
}

/** Yields the attributes of the tag `tag` from `start`; returns the index just past the tag. */
function* readTagAttributes(
  text: string,
  start: number,
  tag: string,
): Generator<Attribute, number> {
  let i = start;
  for (;;) {
    while (i < text.length && /[\s/]/.test(text[i]!)) i++;
    if (i >= text.length) return i;
    if (text[i] === '>') return i + 1;
    ATTRIBUTE_NAME.lastIndex = i;
    const nameMatch = ATTRIBUTE_NAME.exec(text);
    if (!nameMatch) return i + 1;
    const name = nameMatch[0];
    i += name.length;
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text[i] !== '=') {
      yield { tag, name, value: '' };
      continue;
    }
    i++;
    while (i < text.length && /\s/.test(text[i]!)) i++;
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, i + 1);
      const end = close < 0 ? text.length : close;
      yield { tag, name, value: text.slice(i + 1, end) };
      i = end + 1;
    } else {
      UNQUOTED_VALUE.lastIndex = i;
      const unquoted = UNQUOTED_VALUE.exec(text)?.[0] ?? '';
      yield { tag, name, value: unquoted };
      i += unquoted.length;
    }
  }
}

function endAfter(text: string, terminator: string, from: number): number {
  const at = text.indexOf(terminator, from);
  return at < 0 ? text.length : at + terminator.length;
}
