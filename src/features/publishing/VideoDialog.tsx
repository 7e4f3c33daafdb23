/**
 * SPEC §2.9 Video player: plays a video of the catalogue (SPEC §3) with "Contact Us" and "Close".
 * Closing pauses the video: the modal keeps its content during the closing animation, and a video
 * must not go on talking behind a closed dialog.
 */
import { AspectRatio, Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { videoTitle, videoUrl, type VideoSlug } from '../../domain/constants';
import { MESSAGES } from '../../domain/messages';
import { ContactUsButton } from './ContactUsButton';
import { dialogModalProps } from './dialogModalProps';
import { DIALOG_TEXTS } from './texts';

export interface VideoDialogProps {
  /** The video to play; the dialog is open while it is not null. */
  slug: VideoSlug | null;
  onClose: () => void;
}

export function VideoDialog({ slug, onClose }: VideoDialogProps) {
  // The last slug keeps the title and video in place while the dialog animates closed; each
  // opening gets a fresh try at loading the video.
  const [previousSlug, setPreviousSlug] = useState<VideoSlug | null>(slug);
  const [shown, setShown] = useState<VideoSlug | null>(slug);
  const [failed, setFailed] = useState(false);
  if (slug !== previousSlug) {
    setPreviousSlug(slug);
    if (slug !== null) {
      setShown(slug);
      setFailed(false);
    }
  }

  const videoRef = useRef<HTMLVideoElement>(null);

  // The parent may close the dialog without going through our buttons.
  useEffect(() => {
    if (slug === null) videoRef.current?.pause();
  }, [slug]);

  const close = () => {
    videoRef.current?.pause();
    onClose();
  };

  const title = shown ? videoTitle(shown) : '';
  const unavailable = shown !== null && failed;

  return (
    <Modal {...dialogModalProps} opened={slug !== null} onClose={close} title={title} size="xl">
      <Stack gap="lg">
        {shown !== null && (
          // The same 16:9 frame for the video and for its failure: nothing jumps.
          <AspectRatio ratio={16 / 9}>
            {unavailable ? (
              <Stack
                align="center"
                justify="center"
                gap="xs"
                p="xl"
                bg="gray.1"
                ta="center"
                role="alert"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              >
                <ThemeIcon size={48} radius="xl" variant="default" aria-hidden>
                  <svg
                    viewBox="0 0 24 24"
                    width={24}
                    height={24}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={2}
                  >
                    <rect x="2" y="5" width="15" height="14" rx="2" />
                    <path d="M17 10l5-3v10l-5-3" />
                    <line x1="3" y1="3" x2="21" y2="21" />
                  </svg>
                </ThemeIcon>
                <Text fw={600}>{DIALOG_TEXTS.video.unavailableTitle}</Text>
                <Text size="sm" c="dimmed" maw={440}>
                  {DIALOG_TEXTS.video.unavailable}
                </Text>
              </Stack>
            ) : (
              <video
                ref={videoRef}
                key={shown}
                src={videoUrl(shown)}
                controls
                autoPlay
                playsInline
                preload="metadata"
                aria-label={title}
                onError={() => setFailed(true)}
                style={{ background: 'black', borderRadius: 'var(--mantine-radius-md)' }}
              />
            )}
          </AspectRatio>
        )}
        <Group justify="flex-end" gap="sm">
          <ContactUsButton onNavigate={close} />
          <Button onClick={close}>{MESSAGES.common.close}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
