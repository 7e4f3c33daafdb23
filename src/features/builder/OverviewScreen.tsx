/**
 * The builder's overview (SPEC §2.8): the phone preview (header colour, logo, theme image), the
 * panel header (Name, Description, "Type: Indoor|Outdoor"), the sections with their statuses, and
 * "Test Activity".
 */
import { Badge, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { GAME_TYPE_LABELS } from '../../domain/enums';
import { MESSAGES } from '../../domain/messages';
import { tasksSectionStatus } from '../../domain/validation/template';
import { PhonePreview } from '../../ui/PhonePreview';
import { useBuilder } from './BuilderContext';
import { BuilderFooter } from './BuilderFooter';
import { footerRoutes, sectionPath, type BuilderSection } from './builderNavigation';
import { TemplateDescriptionField, TemplateNameField } from './TemplateFields';
import { TutorialButton } from './onboarding/TutorialButton';
import { previewLogoUrl } from './previewLogo';

type SectionTone = 'complete' | 'incomplete' | 'placeholder';

interface OverviewSection {
  section: BuilderSection;
  label: string;
  status: string;
  title: string;
  tone: SectionTone;
}

const PLACEHOLDER_STATUS = {
  status: 'Not set up',
  title: 'Outdoor GPS activities are set up in a later version',
  tone: 'placeholder',
} as const;

const TONE_COLOUR: Record<SectionTone, string> = {
  complete: 'teal',
  incomplete: 'red',
  placeholder: 'gray',
};

export function overviewSections(template: {
  gameType: 'quiz' | 'location';
  steps: Parameters<typeof tasksSectionStatus>[0];
}): OverviewSection[] {
  const tasks = tasksSectionStatus(template.steps);
  const styling: OverviewSection = {
    section: 'styling',
    label: 'Styling',
    status: 'Complete',
    title: MESSAGES.template.stylingValid,
    tone: 'complete',
  };
  const tasksSection: OverviewSection = {
    section: 'tasks',
    label: 'Tasks',
    status: tasks.label,
    title: tasks.title,
    tone: tasks.complete ? 'complete' : 'incomplete',
  };
  if (template.gameType === 'quiz') return [styling, tasksSection];
  return [
    styling,
    { section: 'locations', label: 'Locations', ...PLACEHOLDER_STATUS },
    tasksSection,
    { section: 'order', label: 'Order', ...PLACEHOLDER_STATUS },
  ];
}

export function OverviewScreen() {
  const { template, templateId } = useBuilder();
  const footer = footerRoutes('overview', template.gameType);

  return (
    <Group align="flex-start" gap={48} wrap="nowrap" justify="center">
      <Stack gap="xs" align="center" style={{ flexShrink: 0 }}>
        <div data-tour="gameboard-preview">
          <PhonePreview
            headerColour={template.branding.headerColour}
            logoUrl={previewLogoUrl(template.branding.logo)}
            background={{ imageUrl: template.theme?.previewImageUrl ?? null }}
            scale={0.72}
            label="Phone preview of the activity"
          />
        </div>
        <TutorialButton />
      </Stack>
      <Paper
        withBorder
        radius="lg"
        p="xl"
        w={520}
        style={{ flexShrink: 1, minWidth: 360 }}
        component="section"
        aria-labelledby="overview-heading"
      >
        <Stack gap="md">
          <Title order={2} fz="lg" id="overview-heading">
            Overview
          </Title>
          <Stack gap="md" data-tour="template-name">
            <TemplateNameField />
            <TemplateDescriptionField />
          </Stack>
          <Text size="sm" data-testid="template-type">
            <Text span fw={600}>
              Type:
            </Text>{' '}
            {GAME_TYPE_LABELS[template.gameType]}
          </Text>
          <Stack gap="sm" mt="xs" component="nav" aria-label="Activity sections">
            {overviewSections(template).map((section) => (
              <UnstyledButton
                key={section.section}
                component={Link}
                to={sectionPath(templateId, section.section)}
                title={section.title}
                data-testid={`overview-section-${section.section}`}
                data-tour={`overview-${section.section}`}
              >
                <Paper
                  withBorder
                  radius="md"
                  px="md"
                  py="sm"
                  style={{
                    borderColor:
                      section.tone === 'incomplete' ? 'var(--mantine-color-red-4)' : undefined,
                  }}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={0}>
                      <Text fw={600}>{section.label}</Text>
                      <Text size="xs" c="dimmed">
                        {section.title}
                      </Text>
                    </Stack>
                    <Badge color={TONE_COLOUR[section.tone]} variant="light">
                      {section.status}
                    </Badge>
                  </Group>
                </Paper>
              </UnstyledButton>
            ))}
          </Stack>
          <BuilderFooter {...footer} />
        </Stack>
      </Paper>
    </Group>
  );
}
