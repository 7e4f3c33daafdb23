/**
 * The phone-shaped preview of the builder (SPEC §2.8: 376x816): a device frame with the
 * activity's header (header colour and logo) over a content area. The overview shows the theme
 * image in it; the task and colour screens show a task or a team-photo screen. `scale` shrinks
 * the whole phone to fit a smaller panel without changing its layout.
 */
import type { CSSProperties, ReactNode } from 'react';
import { PHONE_PREVIEW } from '../domain/constants';

export interface PhonePreviewProps {
  /** The branding's header colour (hex). */
  headerColour: string;
  /** The branding logo's URL, or null for "no uploaded logo". */
  logoUrl: string | null;
  /** The content area's background: a colour, or an image URL (the theme's preview image). */
  background?: { colour?: string; imageUrl?: string | null };
  /** What the phone shows under its header. */
  children?: ReactNode;
  /** 1 is SPEC's 376x816; the builder's panels use less. */
  scale?: number;
  /** The preview's accessible name, e.g. "Phone preview of the activity". */
  label?: string;
}

const BEZEL = 12;
const HEADER_HEIGHT = 64;

export function PhonePreview({
  headerColour,
  logoUrl,
  background,
  children,
  scale = 1,
  label = 'Phone preview',
}: PhonePreviewProps) {
  const outer: CSSProperties = {
    width: (PHONE_PREVIEW.width + BEZEL * 2) * scale,
    height: (PHONE_PREVIEW.height + BEZEL * 2) * scale,
    flexShrink: 0,
  };
  const phone: CSSProperties = {
    width: PHONE_PREVIEW.width + BEZEL * 2,
    height: PHONE_PREVIEW.height + BEZEL * 2,
    padding: BEZEL,
    borderRadius: 48,
    background: '#1f2430',
    boxShadow: '0 18px 40px rgba(20, 24, 40, 0.25)',
    transform: `scale(${scale})`,
    transformOrigin: 'top left',
  };
  const screen: CSSProperties = {
    position: 'relative',
    width: PHONE_PREVIEW.width,
    height: PHONE_PREVIEW.height,
    borderRadius: 36,
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: background?.colour ?? '#ffffff',
    backgroundImage: background?.imageUrl ? `url("${background.imageUrl}")` : undefined,
    backgroundSize: 'cover',
    backgroundPosition: 'center',
  };
  return (
    <div style={outer} role="img" aria-label={label} data-testid="phone-preview">
      <div style={phone}>
        <div style={screen}>
          <div
            data-testid="phone-preview-header"
            style={{
              height: HEADER_HEIGHT,
              flexShrink: 0,
              background: headerColour,
              display: 'flex',
              alignItems: 'flex-end',
              justifyContent: 'center',
              paddingBottom: 10,
            }}
          >
            {logoUrl && (
              <img
                src={logoUrl}
                alt=""
                style={{ maxWidth: 140, maxHeight: 30, objectFit: 'contain' }}
              />
            )}
          </div>
          <div style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>{children}</div>
        </div>
      </div>
    </div>
  );
}
