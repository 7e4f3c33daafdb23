/**
 * The Content-Disposition of a download named after something an organiser typed (a game's
 * name in the results CSV and the media zip). A header may carry Latin-1 only: a name such as
 * "Łódź quiz" used to make Node refuse the header, and the export answered 500. RFC 6266 gives
 * the name twice: `filename*` in UTF-8 for every current browser, and an ASCII `filename` for
 * older clients, with accents dropped ("Lodz quiz") rather than replaced by question marks.
 */
import contentDisposition from 'content-disposition';

/** An ASCII stand-in: letters without their accents, other characters as underscores. */
export function asciiFileName(name: string): string {
  return name
    .replace(/[Łł]/g, (letter) => (letter === 'Ł' ? 'L' : 'l')) // no decomposition for Ł
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\x20-\x7e]/g, '_');
}

export function attachment(fileName: string): string {
  return contentDisposition(fileName, { fallback: asciiFileName(fileName) });
}
