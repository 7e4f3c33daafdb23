/**
 * SPEC §2.8 colour screens (/styling/header, /styling/question, /styling/selfie): a colour
 * picker with SPEC §9's presets and no opacity, a hex field that takes only #RRGGBB, and for a
 * quiz a live preview. Nothing is written until "Confirm choice", and only when a colour was
 * chosen; "Back to Styling" leaves the branding as it was.
 */
import { useState } from 'react';
import { Button, ColorPicker, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import {
  applyChosenColour,
  colourScreenHeading,
  colourSwatchLabel,
  initialColour,
  isHexColour,
  type BrandingColourMode,
} from '../../../domain/branding';
import { BRANDING_COLOUR_PRESETS } from '../../../domain/constants';
import { useBuilder } from '../BuilderContext';
import { builderBase } from '../builderNavigation';
import { ColourPreview } from './ColourPreviews';
import { StylingColumns } from './StylingColumns';
import { ColourChip } from './StylingSwatch';
import { useBrandingLogo } from './useBrandingLogo';
import { useSelectedTheme } from './useSelectedTheme';

export const COLOUR_SCREEN_TEXTS = {
  back: 'Back to Styling',
  confirm: 'Confirm choice',
  hexLabel: 'Hex colour',
  hexError: 'Enter a six-digit hex colour such as #FF6800',
} as const;

const PRESETS: string[] = [...BRANDING_COLOUR_PRESETS];

/** "ff6800" and "#ff6800" become "#FF6800"; anything else is returned unchanged. */
function normaliseHex(value: string): string {
  const trimmed = value.trim();
  const withHash = trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
  return isHexColour(withHash) ? withHash.toUpperCase() : trimmed;
}

export function ColourScreen({ mode }: { mode: BrandingColourMode }) {
  const { templateId, template, update } = useBuilder();
  const navigate = useNavigate();
  const theme = useSelectedTheme();
  const { url: logoUrl } = useBrandingLogo();
  const stylingPath = `${builderBase(templateId)}/styling`;

  const [chosen, setChosen] = useState<string | null>(null);
  const [hexDraft, setHexDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const current = initialColour(template.branding, mode);
  const shown = chosen ?? current;
  const hexValue = hexDraft ?? shown;
  const hexInvalid = hexDraft !== null && !isHexColour(normaliseHex(hexDraft));

  function choose(colour: string) {
    setChosen(colour.toUpperCase());
    setHexDraft(null);
  }

  function onHexChange(value: string) {
    setHexDraft(value);
    const hex = normaliseHex(value);
    if (isHexColour(hex)) setChosen(hex);
  }

  async function confirm() {
    if (chosen !== null && chosen.toUpperCase() !== current.toUpperCase()) {
      setSaving(true);
      try {
        await update((content) => ({
          branding: applyChosenColour(content.branding, mode, chosen),
        }));
      } finally {
        setSaving(false);
      }
    }
    await navigate(stylingPath);
  }

  const preview =
    template.gameType === 'quiz' ? (
      <ColourPreview
        mode={mode}
        colour={shown}
        headerColour={template.branding.headerColour}
        logoUrl={logoUrl}
        themeImageUrl={theme?.previewImageUrl ?? null}
        steps={template.steps}
      />
    ) : undefined;

  return (
    <StylingColumns preview={preview}>
      <Stack gap="lg" maw={520}>
        <Title order={2} size="h3">
          {colourScreenHeading(mode)}
        </Title>
        <Paper withBorder radius="md" p="sm" data-testid="colour-swatch">
          <Group gap="sm" wrap="nowrap">
            <ColourChip colour={shown} size={40} />
            <Stack gap={0}>
              <Text fw={600} size="sm" style={{ textTransform: 'none' }}>
                {colourSwatchLabel(mode)}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {shown}
              </Text>
            </Stack>
          </Group>
        </Paper>
        <ColorPicker
          format="hex"
          value={shown}
          onChange={choose}
          swatches={PRESETS}
          swatchesPerRow={8}
          fullWidth
          saturationLabel="Saturation and brightness"
          hueLabel="Hue"
          aria-label={`${colourSwatchLabel(mode)} colour picker`}
        />
        <TextInput
          label={COLOUR_SCREEN_TEXTS.hexLabel}
          value={hexValue}
          onChange={(e) => onHexChange(e.currentTarget.value)}
          onBlur={() => {
            if (!hexInvalid) setHexDraft(null);
          }}
          error={hexInvalid ? COLOUR_SCREEN_TEXTS.hexError : undefined}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          w={280}
        />
        <Group justify="space-between" mt="md">
          <Button component={Link} to={stylingPath} variant="default">
            {COLOUR_SCREEN_TEXTS.back}
          </Button>
          <Button onClick={() => void confirm()} loading={saving}>
            {COLOUR_SCREEN_TEXTS.confirm}
          </Button>
        </Group>
      </Stack>
    </StylingColumns>
  );
}

export const HeaderColourScreen = () => <ColourScreen mode="header" />;
export const QuestionColourScreen = () => <ColourScreen mode="task" />;
export const SelfieColourScreen = () => <ColourScreen mode="selfie" />;
