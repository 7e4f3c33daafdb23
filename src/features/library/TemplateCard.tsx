/**
 * One card of the Template Library (SPEC §2.7): the thumbnail, the name, the delivery-type badge,
 * the short description (else the description), the duration, and "Choose Template" — or
 * "Upgrade - Contact us" for a template that is coming soon.
 */
import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  Group,
  Image,
  Skeleton,
  Text,
  Title,
} from '@mantine/core';
import { useId } from 'react';
import { formatDuration } from '../../domain/constants';
import { DELIVERY_TYPE_LABELS, type DeliveryType } from '../../domain/enums';
import type { LibraryTemplate } from '../../domain/schemas';
import { BOOKING_LINK, linkProps } from '../../ui/marketingLinks';
import { ClockIcon, TemplateIcon } from './icons';

export const THUMBNAIL_HEIGHT = 156;

const DELIVERY_COLOURS: Record<DeliveryType, string> = {
  inPerson: 'brand',
  hybrid: 'grape',
  virtual: 'cyan',
};

/** SPEC §2.7: the short description, falling back to the description. */
export const cardDescription = (
  template: Pick<LibraryTemplate, 'shortDescription' | 'description'>,
) => (template.shortDescription.trim() !== '' ? template.shortDescription : template.description);

export interface TemplateCardProps {
  template: LibraryTemplate;
  /** This card's template is being copied: its button shows a spinner. */
  copying: boolean;
  /** Another copy is in progress: every card waits. */
  disabled: boolean;
  onChoose: () => void;
}

export function TemplateCard({ template, copying, disabled, onChoose }: TemplateCardProps) {
  const titleId = useId();
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="lg"
      h="100%"
      aria-labelledby={titleId}
      aria-busy={copying || undefined}
      data-testid="template-card"
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Card.Section>
        <Thumbnail src={template.thumbnail} />
      </Card.Section>

      <Group justify="space-between" mt="md" mb={8} wrap="nowrap">
        <Badge
          variant="light"
          color={DELIVERY_COLOURS[template.deliveryType]}
          radius="sm"
          data-testid="delivery-type"
        >
          {DELIVERY_TYPE_LABELS[template.deliveryType]}
        </Badge>
        <Group gap={4} wrap="nowrap" c="dimmed" data-testid="duration">
          <ClockIcon size={16} />
          <Text size="sm" c="dimmed">
            {formatDuration(template.duration)}
          </Text>
        </Group>
      </Group>

      <Title order={3} size="h4" id={titleId} lineClamp={2}>
        {template.name}
      </Title>
      <Text size="sm" c="dimmed" mt={6} lineClamp={3} style={{ flex: 1 }} data-testid="description">
        {cardDescription(template)}
      </Text>

      <Box mt="lg">
        {template.comingSoon ? (
          <Button
            component="a"
            {...linkProps(BOOKING_LINK)}
            variant="light"
            fullWidth
            aria-disabled={disabled || undefined}
            data-disabled={disabled || undefined}
            tabIndex={disabled ? -1 : undefined}
            onClick={(event) => {
              if (disabled) event.preventDefault();
            }}
          >
            Upgrade - Contact us
          </Button>
        ) : (
          <Button fullWidth loading={copying} disabled={disabled} onClick={onChoose}>
            Choose Template
          </Button>
        )}
      </Box>
    </Card>
  );
}

function Thumbnail({ src }: { src: string | null }) {
  if (!src) {
    return (
      <Center
        h={THUMBNAIL_HEIGHT}
        bg="brand.0"
        c="brand.4"
        data-testid="thumbnail-placeholder"
        aria-hidden="true"
      >
        <TemplateIcon size={48} strokeWidth={1.5} />
      </Center>
    );
  }
  // Decorative: the card's title names the template.
  return <Image src={src} alt="" h={THUMBNAIL_HEIGHT} fit="cover" bg="gray.1" />;
}

/** A card's shape while the library is read from the device. */
export function TemplateCardSkeleton() {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      h="100%"
      aria-hidden="true"
      data-testid="card-skeleton"
    >
      <Card.Section>
        <Skeleton h={THUMBNAIL_HEIGHT} radius={0} />
      </Card.Section>
      <Group justify="space-between" mt="md" mb={12}>
        <Skeleton h={20} w={72} radius="sm" />
        <Skeleton h={14} w={56} radius="sm" />
      </Group>
      <Skeleton h={18} w="70%" radius="sm" />
      <Skeleton h={12} mt={12} radius="sm" />
      <Skeleton h={12} mt={8} w="85%" radius="sm" />
      <Skeleton h={36} mt="lg" radius="md" />
    </Card>
  );
}
