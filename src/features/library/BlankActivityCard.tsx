/**
 * The Template Library's first card: "Start blank", a new empty activity in the builder. It has
 * the template cards' size and look (TemplateCard.tsx) but is not a template: it is not an
 * article, has no delivery type or duration, and is not counted among the templates.
 */
import { Box, Button, Card, Image, Text, Title } from '@mantine/core';
import { BLANK_TEMPLATE_THUMBNAIL } from '../../domain/blankTemplate';
import { THUMBNAIL_HEIGHT } from './TemplateCard';
import { LIBRARY_BLANK_TEXTS as texts } from './texts';

export interface BlankActivityCardProps {
  /** The blank activity is being made: the button shows a spinner. */
  starting: boolean;
  /** A template is being copied: every card waits. */
  disabled: boolean;
  onStart: () => void;
}

export function BlankActivityCard({ starting, disabled, onStart }: BlankActivityCardProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      h="100%"
      aria-busy={starting || undefined}
      data-testid="blank-activity-card"
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Card.Section>
        {/* Decorative: the card's title names it. */}
        <Image
          src={BLANK_TEMPLATE_THUMBNAIL}
          alt=""
          h={THUMBNAIL_HEIGHT}
          fit="cover"
          bg="brand.0"
        />
      </Card.Section>

      <Title order={3} size="h4" mt="md" lineClamp={2}>
        {texts.title}
      </Title>
      <Text size="sm" c="dimmed" mt={6} lineClamp={3} style={{ flex: 1 }}>
        {texts.description}
      </Text>

      <Box mt="lg">
        <Button fullWidth loading={starting} disabled={disabled} onClick={onStart}>
          {texts.start}
        </Button>
      </Box>
    </Card>
  );
}
