/**
 * A game's launch QR code with its code under it, labelled "Activity Code" (SPEC §2.4 demo
 * complete, §2.9 launch/demo dialog and join info). The QR code opens the phone player at
 * /play/{code}; the code is shown in two groups of four to read out.
 */
import { Anchor, Image, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCode } from '../domain/gameCodes';

export interface ActivityCodeBlockProps {
  qrCodeUrl: string;
  code: string;
  /** Under the code, e.g. the demo's "valid for 10 minutes" note. */
  note?: ReactNode;
}

const QR_SIZE = 200;

export function ActivityCodeBlock({ qrCodeUrl, code, note }: ActivityCodeBlockProps) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="activity-code">
      <Stack align="center" gap="xs">
        <Image
          src={qrCodeUrl}
          alt={`QR code that opens the activity ${formatCode(code)} on a phone`}
          w={QR_SIZE}
          h={QR_SIZE}
          fit="contain"
        />
        <Text size="sm" c="dimmed" fw={600} tt="uppercase">
          Activity Code
        </Text>
        <Text
          ff="monospace"
          fz={28}
          fw={700}
          lts={2}
          data-testid="activity-code-value"
          aria-label={`Activity Code ${code.split('').join(' ')}`}
        >
          {formatCode(code)}
        </Text>
        <Anchor href={`/play/${code}`} target="_blank" rel="noopener noreferrer" size="sm">
          Open the player in this browser
        </Anchor>
        {note && (
          <Text size="sm" c="dimmed" ta="center">
            {note}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
