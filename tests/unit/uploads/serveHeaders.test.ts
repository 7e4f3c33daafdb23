import { describe, it, expect } from 'vitest';
import { headersForServedFile } from '../../../server/services/uploads/serveHeaders';

describe('headersForServedFile', () => {
  it('serves an SVG with a sandboxing CSP, nosniff and a UTF-8 content type', () => {
    expect(headersForServedFile('image/svg+xml')).toEqual({
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });

  it.each(['image/png', 'image/jpeg', 'video/mp4', 'video/quicktime', 'audio/mpeg'])(
    'serves %s inline with its own type, nosniff and an immutable cache',
    (type) => {
      expect(headersForServedFile(type)).toEqual({
        'Content-Type': type,
        'X-Content-Type-Options': 'nosniff',
        'Content-Disposition': 'inline',
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
    },
  );

  it('serves any other type as a sandboxed download, never rendered', () => {
    expect(headersForServedFile('text/html')).toMatchObject({
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': 'attachment',
      'X-Content-Type-Options': 'nosniff',
    });
  });
});
