/**
 * SPEC §2.8 Theme screen, "Choose activity theme": the selected theme and a scrollable list of
 * the themes; clicking one previews it on the phone. "Confirm choice" sets selectedThemeId and
 * goes back; "Back to Styling" goes back without changing anything.
 */
import { useState } from 'react';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { linkProps, BOOKING_LINK } from '../../../ui/marketingLinks';
import { useThemes } from '../../../localdb/hooks';
import type { Theme } from '../../../domain/schemas';
import { PhonePreview } from '../../../ui/PhonePreview';
import { useBuilder } from '../BuilderContext';
import { builderBase } from '../builderNavigation';
import { PREVIEW_SCALE } from './ColourPreviews';
import { CheckIcon } from './icons';
import { StylingColumns } from './StylingColumns';
import { ThemeThumb } from './StylingSwatch';
import { useBrandingLogo } from './useBrandingLogo';

export const THEME_SCREEN_TEXTS = {
  heading: 'Choose activity theme',
  selected: 'Selected theme',
  none: 'No theme chosen yet',
  list: 'Available themes',
  empty: 'No themes are available yet. They appear here once this device has been online.',
  requestText: "Can't find a suitable theme? Let us know.",
  requestLink: 'Request a theme',
  back: 'Back to Styling',
  confirm: 'Confirm choice',
  previewing: 'Previewing',
  current: 'Current',
} as const;

export function ThemeScreen() {
  const { templateId, template, update } = useBuilder();
  const navigate = useNavigate();
  const { data: themes, isLoading } = useThemes(templateId);
  const { url: logoUrl } = useBrandingLogo();
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const stylingPath = `${builderBase(templateId)}/styling`;

  const selected = themes.find((t) => t.id === template.selectedThemeId) ?? template.theme ?? null;
  const previewed = themes.find((t) => t.id === previewId) ?? selected;

  async function confirm() {
    if (previewId !== null && previewId !== template.selectedThemeId) {
      setSaving(true);
      try {
        await update({ selectedThemeId: previewId });
      } finally {
        setSaving(false);
      }
    }
    await navigate(stylingPath);
  }

  return (
    <StylingColumns
      preview={
        <PhonePreview
          headerColour={template.branding.headerColour}
          logoUrl={logoUrl}
          background={{ colour: '#eef0f6', imageUrl: previewed?.previewImageUrl ?? null }}
          scale={PREVIEW_SCALE}
          label={previewed ? `Preview of the theme ${previewed.name}` : 'Preview without a theme'}
        />
      }
    >
      <Stack gap="lg" maw={560}>
        <Title order={2} size="h3">
          {THEME_SCREEN_TEXTS.heading}
        </Title>

        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {THEME_SCREEN_TEXTS.selected}
          </Text>
          <Paper withBorder radius="md" p="sm" data-testid="selected-theme">
            <Group gap="sm" wrap="nowrap">
              <ThemeThumb imageUrl={selected?.previewImageUrl ?? null} />
              <Text size="sm" fw={600} c={selected ? undefined : 'dimmed'}>
                {selected?.name ?? THEME_SCREEN_TEXTS.none}
              </Text>
            </Group>
          </Paper>
        </Stack>

        <Stack gap={6}>
          <Text size="sm" fw={600} id="theme-list-label">
            {THEME_SCREEN_TEXTS.list}
          </Text>
          {isLoading ? (
            <Stack gap="xs">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h={64} radius="md" />
              ))}
            </Stack>
          ) : themes.length === 0 ? (
            <Paper withBorder radius="md" p="md" bg="gray.0">
              <Text size="sm" c="dimmed">
                {THEME_SCREEN_TEXTS.empty}
              </Text>
            </Paper>
          ) : (
            <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
              <Stack gap="xs" role="list" aria-labelledby="theme-list-label">
                {themes.map((theme) => (
                  <ThemeOption
                    key={theme.id}
                    theme={theme}
                    previewed={previewed?.id === theme.id}
                    current={template.selectedThemeId === theme.id}
                    onPreview={() => setPreviewId(theme.id)}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Stack>

        <Text size="sm">
          {THEME_SCREEN_TEXTS.requestText}{' '}
          <Anchor {...linkProps(BOOKING_LINK)} underline="always">
            {THEME_SCREEN_TEXTS.requestLink}
          </Anchor>
        </Text>

        <Group justify="space-between" mt="md">
          <Button component={Link} to={stylingPath} variant="default">
            {THEME_SCREEN_TEXTS.back}
          </Button>
          <Button onClick={() => void confirm()} loading={saving}>
            {THEME_SCREEN_TEXTS.confirm}
          </Button>
        </Group>
      </Stack>
    </StylingColumns>
  );
}

function ThemeOption({
  theme,
  previewed,
  current,
  onPreview,
}: {
  theme: Theme;
  previewed: boolean;
  current: boolean;
  onPreview: () => void;
}) {
  return (
    <Box role="listitem">
      <UnstyledButton
        onClick={onPreview}
        aria-pressed={previewed}
        w="100%"
        p="sm"
        style={{
          borderRadius: 10,
          border: `2px solid ${previewed ? 'var(--mantine-color-indigo-6)' : 'var(--mantine-color-gray-3)'}`,
          background: previewed ? 'var(--mantine-color-indigo-0)' : undefined,
        }}
      >
        <Group gap="sm" wrap="nowrap">
          <ThemeThumb imageUrl={theme.previewImageUrl} size={40} />
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={600} truncate="end">
              {theme.name}
            </Text>
            <Group gap={4} aria-hidden>
              {[theme.primaryColour, theme.secondaryColour].map((c, i) => (
                <Box
                  key={i}
                  w={14}
                  h={14}
                  style={{
                    borderRadius: '50%',
                    background: c,
                    boxShadow: 'inset 0 0 0 1px rgba(0,0,0,0.15)',
                  }}
                />
              ))}
            </Group>
          </Stack>
          {current && (
            <Badge variant="light" color="gray" size="sm">
              {THEME_SCREEN_TEXTS.current}
            </Badge>
          )}
          {previewed && (
            <Box c="indigo.6" style={{ display: 'grid', placeItems: 'center' }}>
              <CheckIcon size={18} />
            </Box>
          )}
        </Group>
      </UnstyledButton>
    </Box>
  );
}
