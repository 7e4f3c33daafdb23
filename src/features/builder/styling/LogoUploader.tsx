/**
 * SPEC §2.8 Branding logo uploader with SPEC §4's upload widget states: empty → uploading
 * (spinner) → preview (file name, type icon, remove) or error ("Dismiss error"). A picked PNG is
 * kept on the device and previewed at once; it waits there while offline and is sent by the
 * sync worker's upload queue. Removing cancels a waiting file and sets the logo to null.
 */
import { useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { useNetwork } from '@mantine/hooks';
import { useDataContext } from '../../../localdb/hooks/DataProvider';
import { useSyncStatus } from '../../../localdb/hooks';
import { UPLOAD_WIDGET_TEXTS, uploadWidgetText } from '../../../localdb/syncIndicator';
import { MESSAGES } from '../../../domain/messages';
import {
  acceptAttribute,
  LOGO_FORMATS_TEXT,
  LOGO_MAX_BYTES,
  LOGO_MIME_TYPES,
  LOGO_UPLOAD_NOTE,
} from '../../../domain/uploads';
import { useBuilder } from '../BuilderContext';
import { AlertIcon, PhotoIcon, TrashIcon, UploadIcon } from './icons';
import { checkLogoFile, logoFileRefusal } from './logoImage';
import classes from './LogoUploader.module.css';
import { useBrandingLogo } from './useBrandingLogo';

const ACCEPT = acceptAttribute(LOGO_MIME_TYPES);
const DROPZONE_ACCEPT = [...LOGO_MIME_TYPES];

export function LogoUploader() {
  const { owner } = useDataContext();
  const { templateId, template, update } = useBuilder();
  const { upload, logo, url, uploads } = useBrandingLogo();
  const { data: status } = useSyncStatus();
  const { online } = useNetwork();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The drop area's file picker, opened by its "Upload logo" button.
  const openPicker = useRef<() => void>(null);
  // The file being written to the device: removing waits for it, or it would write on after.
  const queueing = useRef<Promise<unknown> | null>(null);

  async function pick(file: File | null) {
    if (!file) return;
    setBusy(true);
    try {
      const check = await checkLogoFile(file);
      if (!check.ok) {
        setRefusal(check.error);
        setWarning(null);
        return;
      }
      setRefusal(null);
      setWarning(check.warning);
      const queued = uploads.queue({
        owner,
        templateId,
        stepId: null,
        purpose: 'logo',
        file,
        filename: file.name,
      });
      queueing.current = queued;
      await queued;
    } finally {
      queueing.current = null;
      setBusy(false);
    }
  }

  async function remove() {
    setRefusal(null);
    setWarning(null);
    await queueing.current?.catch(() => undefined);
    if (upload) await uploads.remove(upload.id);
    if (template.branding.logo)
      await update((current) => ({ branding: { ...current.branding, logo: null } }));
  }

  /** Files the drop area refused by type or size, with the words a picked file gets. */
  function refuse(rejections: FileRejection[]) {
    // Only the first file is taken, as from the picker: the files after it are no error.
    const refused = rejections.find(({ errors }) =>
      errors.some(({ code }) => code !== 'too-many-files'),
    );
    if (!refused) return;
    const { file } = refused;
    setRefusal(
      logoFileRefusal(file) ?? MESSAGES.upload.unsupportedType(file.type, LOGO_FORMATS_TEXT),
    );
    setWarning(null);
  }

  const failed = upload?.status === 'failed' ? upload : null;
  const pending = upload && !failed ? upload : null;
  // Uploading, or about to; a file that simply waits for the network does not spin.
  const pendingText = pending ? uploadWidgetText(pending, status, online) : null;
  const shown = pending
    ? { filename: pending.filename }
    : logo
      ? { filename: logo.filename }
      : null;
  const errorId = 'logo-upload-error';

  return (
    <Stack gap="xs" data-testid="logo-uploader">
      {shown ? (
        <Paper withBorder radius="md" p="sm">
          <Group gap="md" wrap="nowrap">
            <Box
              w={140}
              h={60}
              bg="gray.1"
              style={{ borderRadius: 6, display: 'grid', placeItems: 'center', flexShrink: 0 }}
            >
              {url ? (
                <Image src={url} alt="Logo preview" mah={52} maw={132} fit="contain" />
              ) : (
                <Loader size="sm" aria-label="Loading preview" />
              )}
            </Box>
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Group gap={6} wrap="nowrap">
                <PhotoIcon size={16} />
                <Text fw={600} size="sm" truncate="end" title={shown.filename}>
                  {shown.filename}
                </Text>
                <Badge size="xs" variant="light" color="gray">
                  PNG
                </Badge>
              </Group>
              {pending && (
                <Group gap={6} wrap="nowrap">
                  {pendingText !== UPLOAD_WIDGET_TEXTS.offline && <Loader size={12} aria-hidden />}
                  <Text size="xs" c="dimmed" role="status">
                    {pendingText}
                  </Text>
                </Group>
              )}
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <FileButton onChange={(f) => void pick(f)} accept={ACCEPT}>
                {(props) => (
                  <Button {...props} variant="default" size="xs" loading={busy}>
                    Replace
                  </Button>
                )}
              </FileButton>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<TrashIcon size={14} />}
                onClick={() => void remove()}
              >
                Remove logo
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : (
        <Dropzone
          onDrop={(files) => void pick(files[0] ?? null)}
          onReject={refuse}
          accept={DROPZONE_ACCEPT}
          maxSize={LOGO_MAX_BYTES}
          multiple={false}
          openRef={openPicker}
          // The button below opens the picker, by mouse or keyboard; the area takes drops.
          activateOnClick={false}
          activateOnKeyboard={false}
          enablePointerEvents
          radius={10}
          p="md"
          className={classes.dropzone}
          mod={{ refused: refusal !== null }}
          data-testid="logo-dropzone"
        >
          <Group gap="md" wrap="nowrap">
            <Box c="gray.6" style={{ display: 'grid', placeItems: 'center' }}>
              <UploadIcon size={28} />
            </Box>
            <Stack gap={0} style={{ flex: 1 }}>
              <Text size="sm" fw={600}>
                Drop your logo here
              </Text>
              <Text size="xs" c="dimmed">
                or choose a file from your computer
              </Text>
            </Stack>
            <Button
              variant="light"
              loading={busy}
              onClick={() => openPicker.current?.()}
              aria-describedby={refusal ? errorId : undefined}
            >
              Upload logo
            </Button>
          </Group>
        </Dropzone>
      )}

      {refusal && (
        <Text id={errorId} size="sm" c="red.7" role="alert">
          {refusal}
        </Text>
      )}
      {failed && (
        <Alert
          color="red"
          variant="light"
          icon={<AlertIcon size={18} />}
          title={`${failed.filename} was not uploaded`}
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{failed.errorMessage ?? 'The server refused this file.'}</Text>
            <Button size="xs" variant="default" onClick={() => void uploads.remove(failed.id)}>
              {MESSAGES.common.dismissError}
            </Button>
          </Stack>
        </Alert>
      )}
      {warning && (
        <Alert color="yellow" variant="light" icon={<AlertIcon size={18} />} role="status">
          {warning}
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        {LOGO_UPLOAD_NOTE}
      </Text>
    </Stack>
  );
}
