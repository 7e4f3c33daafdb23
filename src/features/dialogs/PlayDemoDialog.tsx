/**
 * SPEC §2.9 Play Demo, "Play Welcome to Teamtrail!": explains the sample activity and shows its
 * fixed QR image and fixed 12-digit Activity Code (SPEC §9), with "Contact Us" and "Close".
 */
import { Button, Group, Image, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { PLAY_DEMO_CODE_LENGTH } from '../../domain/constants';
import { MESSAGES } from '../../domain/messages';
import { MobileAppPanel } from '../../ui/MobileAppPanel';
import { ContactUsButton } from './ContactUsButton';
import { dialogModalProps } from './dialogModalProps';
import { DIALOG_TEXTS } from './texts';

/** SPEC §9: "Play Demo dialog: fixed 12-digit Activity Code". */
export const PLAY_DEMO_CODE = '482913605271';
export const PLAY_DEMO_QR_URL = '/play-demo-qr.svg';

if (!new RegExp(`^\\d{${PLAY_DEMO_CODE_LENGTH}}$`).test(PLAY_DEMO_CODE)) {
  throw new Error(`PLAY_DEMO_CODE must have ${PLAY_DEMO_CODE_LENGTH} digits`);
}

/** "482913605271" → "482 913 605 271": groups of three are easier to read out and type. */
export const formatPlayDemoCode = (code: string): string => code.replace(/(\d{3})(?=\d)/g, '$1 ');

const QR_SIZE = 184;

export interface PlayDemoDialogProps {
  opened: boolean;
  onClose: () => void;
}

export function PlayDemoDialog({ opened, onClose }: PlayDemoDialogProps) {
  const texts = DIALOG_TEXTS.playDemo;
  return (
    <Modal {...dialogModalProps} opened={opened} onClose={onClose} title={texts.title} size="lg">
      <Stack gap="lg">
        <Text>{texts.intro}</Text>
        <Paper withBorder radius="md" p="lg">
          <SimpleGrid cols={2} spacing="lg" verticalSpacing="lg">
            <Image
              src={PLAY_DEMO_QR_URL}
              alt={texts.qrAlt}
              w={QR_SIZE}
              h={QR_SIZE}
              fit="contain"
              mx="auto"
            />
            <Stack gap={6} justify="center">
              <Text size="sm" c="dimmed" fw={600} tt="uppercase">
                {texts.codeLabel}
              </Text>
              <Text
                ff="monospace"
                fz={26}
                fw={700}
                lh={1.2}
                data-testid="play-demo-code"
                aria-label={`${texts.codeLabel} ${PLAY_DEMO_CODE.split('').join(' ')}`}
              >
                {formatPlayDemoCode(PLAY_DEMO_CODE)}
              </Text>
              <Text size="sm" c="dimmed">
                {texts.howTo}
              </Text>
            </Stack>
          </SimpleGrid>
        </Paper>
        <MobileAppPanel />
        <Group justify="flex-end" gap="sm">
          <ContactUsButton onNavigate={onClose} />
          <Button onClick={onClose}>{MESSAGES.common.close}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
