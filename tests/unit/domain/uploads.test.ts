import { describe, it, expect } from 'vitest';
import {
  acceptAttribute,
  ALL_SUPPORTED_MIME_TYPES,
  AUDIO_MAX_BYTES,
  AUDIO_MIME_TYPES,
  fitsLogoMax,
  formatBytes,
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  isSupportedLogo,
  isSupportedStepMedia,
  LOGO_MAX_BYTES,
  LOGO_MIME_TYPES,
  LOGO_UPLOAD_NOTE,
  maxStepMediaBytes,
  mediaKindOf,
  STEP_MEDIA_FORMATS_TEXT,
  VIDEO_MAX_BYTES,
  VIDEO_MIME_TYPES,
} from '../../../src/domain/uploads';

describe('Uploads: type lists', () => {
  it('Images: image/png, image/svg, image/jpeg (plus the registered image/svg+xml)', () => {
    expect([...IMAGE_MIME_TYPES].sort()).toEqual(
      ['image/jpeg', 'image/png', 'image/svg', 'image/svg+xml'].sort(),
    );
  });
  it('Audio: audio/mp3 (plus the registered audio/mpeg)', () => {
    expect([...AUDIO_MIME_TYPES].sort()).toEqual(['audio/mp3', 'audio/mpeg']);
  });
  it('Video: video/mov, video/mp4 (plus the registered video/quicktime)', () => {
    expect([...VIDEO_MIME_TYPES].sort()).toEqual(['video/mov', 'video/mp4', 'video/quicktime']);
  });
  it('Logo: image/png only', () => {
    expect(LOGO_MIME_TYPES).toEqual(['image/png']);
    expect(isSupportedLogo('image/png')).toBe(true);
    expect(isSupportedLogo('image/jpeg')).toBe(false);
    expect(isSupportedLogo('image/svg+xml')).toBe(false);
  });
  it('"All supported" is the union of these, without duplicates', () => {
    expect([...ALL_SUPPORTED_MIME_TYPES].sort()).toEqual(
      [
        'audio/mp3',
        'audio/mpeg',
        'image/jpeg',
        'image/png',
        'image/svg',
        'image/svg+xml',
        'video/mov',
        'video/mp4',
        'video/quicktime',
      ].sort(),
    );
  });
  it('Step media is stated as JPEG, PNG, SVG, MP4 and MP3', () => {
    expect(STEP_MEDIA_FORMATS_TEXT).toBe('JPEG, PNG, SVG, MP4 and MP3');
  });
  it('the logo note states PNG and 280x60 pixels', () => {
    expect(LOGO_UPLOAD_NOTE).toBe('Files supported: PNG. Max dimensions: 280x60 pixels');
  });
  it('acceptAttribute joins with commas', () => {
    expect(acceptAttribute(['image/png', 'video/mp4'])).toBe('image/png,video/mp4');
  });
});

describe('mediaKindOf', () => {
  it.each([
    ['image/png', 'image'],
    ['image/svg', 'image'],
    ['image/svg+xml', 'image'],
    ['image/jpeg', 'image'],
    ['audio/mp3', 'audio'],
    ['audio/mpeg', 'audio'],
    ['video/mp4', 'video'],
    ['video/mov', 'video'],
    ['video/quicktime', 'video'],
    ['Image/PNG', 'image'],
    ['video/mp4; codecs="avc1"', 'video'],
  ])('%s → %s', (mime, kind) => {
    expect(mediaKindOf(mime)).toBe(kind);
  });
  it.each(['image/gif', 'audio/wav', 'video/webm', 'application/pdf', 'text/html', ''])(
    '%s is not supported',
    (mime) => {
      expect(mediaKindOf(mime)).toBeNull();
      expect(isSupportedStepMedia(mime)).toBe(false);
      expect(maxStepMediaBytes(mime)).toBeNull();
    },
  );
});

describe('Upload size caps', () => {
  it('logo 2 MB, image 10 MB, audio 20 MB, video 100 MB', () => {
    expect(LOGO_MAX_BYTES).toBe(2 * 1024 * 1024);
    expect(IMAGE_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(AUDIO_MAX_BYTES).toBe(20 * 1024 * 1024);
    expect(VIDEO_MAX_BYTES).toBe(100 * 1024 * 1024);
  });
  it('each step-media type gets the cap of its kind', () => {
    expect(maxStepMediaBytes('image/jpeg')).toBe(10 * 1024 * 1024);
    expect(maxStepMediaBytes('audio/mpeg')).toBe(20 * 1024 * 1024);
    expect(maxStepMediaBytes('video/quicktime')).toBe(100 * 1024 * 1024);
  });
  it('formatBytes', () => {
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12)).toBe('12 bytes');
  });
});

describe('Logo maximum 280x60 pixels', () => {
  it('fits at or under both dimensions only', () => {
    expect(fitsLogoMax({ width: 280, height: 60 })).toBe(true);
    expect(fitsLogoMax({ width: 100, height: 20 })).toBe(true);
    expect(fitsLogoMax({ width: 281, height: 60 })).toBe(false);
    expect(fitsLogoMax({ width: 280, height: 61 })).toBe(false);
  });
});
