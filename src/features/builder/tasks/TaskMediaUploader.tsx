/**
 * A task's media (SPEC §2.8 Edit Tasks) with SPEC §4's upload widget: empty → uploading
 * (spinner) → preview (file name, type icon, remove button) or error (message with "Dismiss
 * error"). A picked file is kept on the device at once (src/localdb/uploadRepository.ts) and waits
 * there while offline, shown from the device (an image or a video) with what is happening to it;
 * the upload queue sends it, and the asset the server answers becomes the step's media.
 * Removing cancels a waiting file and sets the media to null.
 */
import {
  Alert,
  Anchor,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Input,
  Loader,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useDataContext } from '../../../localdb/hooks/DataProvider';
import { useSyncStatus, useUploads } from '../../../localdb/hooks';
import type { UploadDoc } from '../../../localdb/schemas/uploads';
import { UPLOAD_WIDGET_TEXTS, uploadWidgetText } from '../../../localdb/syncIndicator';
import { createUploadRepository } from '../../../localdb/uploadRepository';
import { MESSAGES } from '../../../domain/messages';
import type { Asset } from '../../../domain/schemas';
import {
  acceptAttribute,
  ALL_SUPPORTED_MIME_TYPES,
  formatBytes,
  maxStepMediaBytes,
  mediaKindOf,
  STEP_MEDIA_FORMATS_TEXT,
  type MediaKind,
} from '../../../domain/uploads';
import { useBuilder } from '../BuilderContext';
import { useLocalFileUrl } from '../styling/useBrandingLogo';
import { AudioIcon, ImageIcon, TrashIcon, VideoIcon } from './taskIcons';

export const MEDIA_TEXTS = {
  label: 'Media (optional)',
  upload: 'Upload media',
  formats: `Files supported: ${STEP_MEDIA_FORMATS_TEXT}`,
  recommendedSizes: 'Recommended sizes',
  uploading: UPLOAD_WIDGET_TEXTS.uploading,
  /** Queued while offline. */
  waiting: UPLOAD_WIDGET_TEXTS.offline,
  /** Queued while online: its turn, a retry, or its template's first push, comes next. */
  waitingOnline: UPLOAD_WIDGET_TEXTS.waiting,
  saving: UPLOAD_WIDGET_TEXTS.saving,
  remove: 'Remove media',
  dismiss: 'Dismiss error',
} as const;

/** A picked file the uploader refuses before it is stored: the message, or null when it fits. */
export function checkMediaFile(file: { type: string; size: number }): string | null {
  const max = maxStepMediaBytes(file.type);
  if (max === null) return MESSAGES.upload.unsupportedType(file.type, STEP_MEDIA_FORMATS_TEXT);
  if (file.size > max) return MESSAGES.upload.tooLarge(formatBytes(max));
  return null;
}

function KindIcon({ kind }: { kind: MediaKind | null }) {
  if (kind === 'audio') return <AudioIcon />;
  if (kind === 'video') return <VideoIcon />;
  return <ImageIcon />;
}

export interface TaskMediaUploaderProps {
  stepId: string;
  media: Asset | null;
  disabled: boolean;
  onChange(media: Asset | null): void;
}

/** Memoised: typing in the task's other fields does not render the uploader again. */
export const TaskMediaUploader = memo(function TaskMediaUploader({
  stepId,
  media,
  disabled,
  onChange,
}: TaskMediaUploaderProps) {
  const { db, owner } = useDataContext();
  const { templateId, help } = useBuilder();
  const uploads = useMemo(() => createUploadRepository(db), [db]);
  const { data: docs } = useUploads(templateId);
  const { data: status } = useSyncStatus();
  const { online } = useNetwork();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The file being written to the device: removing waits for it.
  const queueing = useRef<Promise<UploadDoc> | null>(null);
  const mine = docs.filter((d) => d.purpose === 'media' && d.stepId === stepId);
  const upload: UploadDoc | null = mine.filter((d) => d.status !== 'done').at(-1) ?? null;
  const finished = mine.filter((d) => d.status === 'done' && d.asset !== null).at(-1) ?? null;
  // The picked file as stored on the device, previewed while it waits (once it is written).
  const previewable =
    upload && (upload.status === 'queued' || upload.status === 'uploading') ? upload : null;
  const localUrl = useLocalFileUrl(uploads, previewable?.id ?? null);
  const localKind = previewable ? mediaKindOf(previewable.mimeType) : null;

  // The server's answer replaces the local file as the step's media, once per upload.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const adopted = useRef(new Set<string>());
  useEffect(() => {
    if (!finished?.asset || adopted.current.has(finished.id)) return;
    adopted.current.add(finished.id);
    onChangeRef.current(finished.asset);
    uploads.remove(finished.id).catch(() => {});
  }, [finished, uploads]);

  async function pick(file: File | null) {
    if (!file) return;
    const problem = checkMediaFile(file);
    setRefusal(problem);
    if (problem) return;
    setBusy(true);
    try {
      queueing.current = uploads.queue({
        owner,
        templateId,
        stepId,
        purpose: 'media',
        file,
        filename: file.name,
      });
      await queueing.current;
    } finally {
      queueing.current = null;
      setBusy(false);
    }
  }

  function remove() {
    onChange(null);
    // A file still waiting is cancelled (after it is written, or the write would go on); it may
    // already be gone (sent, or removed elsewhere).
    const writing = queueing.current;
    if (writing) {
      writing.then((doc) => uploads.remove(doc.id)).catch(() => {});
    } else if (upload) {
      uploads.remove(upload.id).catch(() => {});
    }
  }

  const error = refusal ?? (upload?.status === 'failed' ? (upload.errorMessage ?? '') : null);
  const pending =
    busy || (upload !== null && upload.status !== 'failed' && upload.status !== 'done');

  let body;
  if (error !== null) {
    body = (
      <Alert color="red" variant="light" role="alert" title={upload?.filename}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error || MESSAGES.upload.noFile}</Text>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => {
              setRefusal(null);
              if (upload?.status === 'failed') uploads.remove(upload.id).catch(() => {});
            }}
          >
            {MEDIA_TEXTS.dismiss}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (pending) {
    const line = upload ? uploadWidgetText(upload, status, online) : MEDIA_TEXTS.saving;
    body = (
      <Paper withBorder radius="md" p="sm" data-testid="media-uploading">
        <Group gap="sm" wrap="nowrap">
          {localUrl && localKind === 'image' ? (
            <Image
              src={localUrl}
              alt={`Preview of ${upload?.filename ?? 'the file'}`}
              w={72}
              h={48}
              radius="sm"
              fit="cover"
              data-testid="media-local-preview"
            />
          ) : localUrl && localKind === 'video' ? (
            <video
              src={localUrl}
              muted
              playsInline
              preload="metadata"
              aria-label={`Preview of ${upload?.filename ?? 'the file'}`}
              data-testid="media-local-preview"
              style={{ width: 72, height: 48, objectFit: 'cover', borderRadius: 4 }}
            />
          ) : (
            <Box c="brand.7" style={{ display: 'flex' }}>
              <KindIcon kind={upload ? mediaKindOf(upload.mimeType) : null} />
            </Box>
          )}
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={500} truncate="end">
              {upload?.filename ?? MEDIA_TEXTS.saving}
            </Text>
            <Group gap={6} wrap="nowrap">
              {/* A file that simply waits for the network does not spin. */}
              {line !== MEDIA_TEXTS.waiting && (
                <Loader size={12} aria-hidden data-testid="media-upload-spinner" />
              )}
              <Text size="xs" c="dimmed" role="status">
                {line}
              </Text>
            </Group>
          </Stack>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<TrashIcon />}
            onClick={remove}
          >
            {MEDIA_TEXTS.remove}
          </Button>
        </Group>
      </Paper>
    );
  } else if (media) {
    body = (
      <Paper withBorder radius="md" p="sm" data-testid="media-preview">
        <Group gap="sm" wrap="nowrap">
          <Box c="brand.7" style={{ display: 'flex' }}>
            <KindIcon kind={mediaKindOf(media.mimeType)} />
          </Box>
          <Text size="sm" fw={500} truncate="end" style={{ flex: 1, minWidth: 0 }}>
            {media.filename}
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<TrashIcon />}
            disabled={disabled}
            onClick={remove}
          >
            {MEDIA_TEXTS.remove}
          </Button>
        </Group>
      </Paper>
    );
  } else {
    body = (
      <Group gap="sm">
        <FileButton
          onChange={(file) => void pick(file)}
          accept={acceptAttribute(ALL_SUPPORTED_MIME_TYPES)}
          disabled={disabled}
        >
          {(props) => (
            <Button variant="default" size="sm" {...props} disabled={disabled}>
              {MEDIA_TEXTS.upload}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {MEDIA_TEXTS.formats}
        </Text>
      </Group>
    );
  }

  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Input.Label component="div">{MEDIA_TEXTS.label}</Input.Label>
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() => help.toggle('recommended-sizes')}
        >
          {MEDIA_TEXTS.recommendedSizes}
        </Anchor>
      </Group>
      {body}
    </Stack>
  );
});
