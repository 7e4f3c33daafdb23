/**
 * SPEC §2.8 Edit Styling (/builder/{id}/styling): the branding logo, and swatches that open the
 * theme and colour screens, beside a phone preview of the result. Footer: "Back to Overview"
 * and "Next" (Tasks for a quiz, Locations otherwise).
 */
import { ActionIcon, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { BRANDING_COLOUR_FIELDS, BRANDING_COLOUR_ROUTES } from '../../../domain/branding';
import type { BrandingColourMode } from '../../../domain/branding';
import { PhonePreview } from '../../../ui/PhonePreview';
import { BuilderFooter } from '../BuilderFooter';
import { useBuilder } from '../BuilderContext';
import { builderBase, footerRoutes } from '../builderNavigation';
import { HelpIcon } from './icons';
import { LogoUploader } from './LogoUploader';
import { StylingColumns } from './StylingColumns';
import { ColourChip, StylingSwatch, ThemeThumb } from './StylingSwatch';
import { useBrandingLogo } from './useBrandingLogo';
import { useSelectedTheme } from './useSelectedTheme';
import { PREVIEW_SCALE } from './ColourPreviews';

export const STYLING_TEXTS = {
  heading: 'Edit Styling',
  help: 'Help with styling',
  branding: 'Branding (Optional)',
  brandingText:
    'Please upload your company logo, which will appear at the top of the activity screen',
  themeAndColours: 'Theme & Colours',
  theme: 'Theme',
  noTheme: 'No theme chosen',
} as const;

export const SWATCH_LABELS: Readonly<Record<BrandingColourMode, string>> = {
  header: 'Header background',
  task: 'Task background',
  selfie: 'Selfie background',
};

const MODES: readonly BrandingColourMode[] = ['header', 'task', 'selfie'];

export function StylingScreen() {
  const { templateId, template, help } = useBuilder();
  const theme = useSelectedTheme();
  const { url: logoUrl } = useBrandingLogo();
  const base = builderBase(templateId);
  const footer = footerRoutes('styling', template.gameType);

  return (
    <StylingColumns
      preview={
        <PhonePreview
          headerColour={template.branding.headerColour}
          logoUrl={logoUrl}
          background={{ colour: '#eef0f6', imageUrl: theme?.previewImageUrl ?? null }}
          scale={PREVIEW_SCALE}
          label="Phone preview of the activity"
        />
      }
    >
      <Stack gap="xl">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h3">
            {STYLING_TEXTS.heading}
          </Title>
          <Tooltip label={STYLING_TEXTS.help}>
            <ActionIcon
              variant={help.openId === 'styling-quiz' ? 'light' : 'subtle'}
              size="lg"
              aria-label={STYLING_TEXTS.help}
              aria-pressed={help.openId === 'styling-quiz'}
              onClick={() => help.toggle('styling-quiz')}
              data-tour="styling-help"
            >
              <HelpIcon size={22} />
            </ActionIcon>
          </Tooltip>
        </Group>

        <Stack gap="sm" component="section" aria-labelledby="styling-branding" data-tour="branding">
          <Title order={3} size="h5" id="styling-branding">
            {STYLING_TEXTS.branding}
          </Title>
          <Text size="sm" c="dimmed">
            {STYLING_TEXTS.brandingText}
          </Text>
          <LogoUploader />
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="styling-theme-colours">
          <Title order={3} size="h5" id="styling-theme-colours">
            {STYLING_TEXTS.themeAndColours}
          </Title>
          <div data-tour="themes">
            <StylingSwatch
              to={`${base}/styling/theme`}
              label={STYLING_TEXTS.theme}
              value={theme?.name ?? STYLING_TEXTS.noTheme}
              visual={<ThemeThumb imageUrl={theme?.previewImageUrl ?? null} />}
              testId="swatch-theme"
            />
          </div>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" data-tour="background-colours">
            {MODES.map((mode) => {
              const colour = template.branding[BRANDING_COLOUR_FIELDS[mode]];
              return (
                <StylingSwatch
                  key={mode}
                  to={`${base}/styling/${BRANDING_COLOUR_ROUTES[mode]}`}
                  label={SWATCH_LABELS[mode]}
                  value={colour}
                  visual={<ColourChip colour={colour} />}
                  testId={`swatch-${mode}`}
                />
              );
            })}
          </SimpleGrid>
        </Stack>

        <BuilderFooter back={footer.back} next={footer.next} />
      </Stack>
    </StylingColumns>
  );
}
