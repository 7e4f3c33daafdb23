/**
 * The template's logo as the organiser sees it: a file picked on this device shows at once
 * from the device (it may wait offline for the upload queue), otherwise the uploaded logo.
 * Uploads go through the upload repository; the sync worker sends them to
 * POST /templates/{id}/branding/logo and puts the answered asset into the branding.
 */
import { useEffect, useMemo, useState } from 'react';
import { useDataContext } from '../../../localdb/hooks/DataProvider';
import { useUploads } from '../../../localdb/hooks';
import type { UploadDoc } from '../../../localdb/schemas/uploads';
import { createUploadRepository, type UploadRepository } from '../../../localdb/uploadRepository';
import type { Logo } from '../../../domain/schemas';
import { useBuilder } from '../BuilderContext';
import { previewLogoUrl } from '../previewLogo';

export interface BrandingLogo {
  /** The newest logo file picked here that the server does not have yet (or refused). */
  upload: UploadDoc | null;
  /** The logo on the template; a default logo counts as none (SPEC §3). */
  logo: Logo | null;
  /** What previews show: the picked file, else the uploaded logo, else null. */
  url: string | null;
  uploads: UploadRepository;
}

/** An object URL of a picked file as stored on the device (null until it is read, or without
 * one), revoked when the id changes or the component goes. Also the task media's preview. */
export function useLocalFileUrl(uploads: UploadRepository, uploadId: string | null): string | null {
  const [url, setUrl] = useState<{ id: string; url: string } | null>(null);
  useEffect(() => {
    if (!uploadId) return;
    let created: string | null = null;
    let cancelled = false;
    void uploads
      .localFile(uploadId)
      .then((blob) => {
        if (cancelled || !blob || typeof URL.createObjectURL !== 'function') return;
        created = URL.createObjectURL(blob);
        setUrl({ id: uploadId, url: created });
      })
      // No preview is not worth an error: the file is still queued and will upload.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [uploads, uploadId]);
  return url && url.id === uploadId ? url.url : null;
}

export function useBrandingLogo(): BrandingLogo {
  const { db } = useDataContext();
  const { templateId, template } = useBuilder();
  const uploads = useMemo(() => createUploadRepository(db), [db]);
  const { data: docs } = useUploads(templateId);
  const upload =
    docs
      .filter((d) => d.purpose === 'logo' && d.status !== 'done')
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .at(-1) ?? null;
  // The file is on the device once its document has left 'preparing'.
  const readable = upload && upload.status !== 'failed' && upload.status !== 'preparing';
  const localUrl = useLocalFileUrl(uploads, readable ? upload.id : null);
  const stored = template.branding.logo;
  const logo = previewLogoUrl(stored) !== null ? stored : null;
  return { upload, logo, url: localUrl ?? previewLogoUrl(stored), uploads };
}
