/**
 * The styling screens' two columns: the phone preview on the left (when there is one) and the
 * screen's panel on the right; on narrow windows the preview goes above the panel.
 */
import type { ReactNode } from 'react';
import { Box, Flex } from '@mantine/core';

export function StylingColumns({
  preview,
  children,
}: {
  preview?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex
      gap="xl"
      align={{ base: 'center', md: 'flex-start' }}
      direction={{ base: 'column', md: 'row' }}
      w="100%"
    >
      {preview && (
        <Box data-testid="styling-preview" style={{ flexShrink: 0 }}>
          {preview}
        </Box>
      )}
      <Box style={{ flex: 1, minWidth: 0, width: '100%' }}>{children}</Box>
    </Flex>
  );
}
