/**
 * /contact: the app's own meeting-booking page, the default of "Contact Us", "Request a theme"
 * and "Upgrade - Contact us" (SPEC §1 marketing links; ARCHITECTURE.md: never a dead host).
 * It calls no backend: the support phone and e-mail come from configuration (SPEC §9), and
 * "book a call" is an e-mail with a prepared subject.
 */
import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { MailIcon, PhoneIcon } from '../../ui/icons';
import { SUPPORT_CONTACT, telHref, type SupportContact } from '../../ui/supportContact';
import { PRICING_LINK } from '../../ui/marketingLinks';
import { PRODUCT_NAME } from '../../domain/constants';
import { BOOK_CALL_BODY, CONTACT_SUBJECTS, mailHref } from './contactLinks';
import { CalendarMark } from './icons';
import { MarketingLinkButton } from './MarketingLinkButton';
import { CONTACT_TEXTS } from './pricingTexts';

const TOPICS = [
  { label: 'Plans and pricing', subject: CONTACT_SUBJECTS.plans },
  { label: 'Request a theme', subject: CONTACT_SUBJECTS.theme },
  { label: 'Anything else', subject: CONTACT_SUBJECTS.question },
] as const;

export function ContactPage({ contact = SUPPORT_CONTACT }: { contact?: SupportContact }) {
  useDocumentTitle(`${CONTACT_TEXTS.title} · ${PRODUCT_NAME}`);
  const T = CONTACT_TEXTS;

  return (
    <Container size="md" py={40}>
      <Stack gap="xl">
        <Stack gap="xs" maw={640}>
          <Title order={1} size="h2">
            {T.title}
          </Title>
          <Text c="dimmed" size="lg">
            {T.intro}
          </Text>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <ContactCard
            icon={<PhoneIcon size={20} />}
            heading={T.phoneHeading}
            note={T.phoneNote}
            testId="contact-phone"
          >
            <Anchor href={telHref(contact.phone)} fw={700} fz="lg">
              {contact.phone}
            </Anchor>
          </ContactCard>
          <ContactCard
            icon={<MailIcon size={20} />}
            heading={T.emailHeading}
            note={T.emailNote}
            testId="contact-email"
          >
            <Anchor
              href={mailHref(contact.email, CONTACT_SUBJECTS.question)}
              fw={700}
              fz="lg"
              style={{ overflowWrap: 'anywhere' }}
            >
              {contact.email}
            </Anchor>
          </ContactCard>
        </SimpleGrid>

        <Paper
          component="section"
          aria-labelledby="book-a-call-heading"
          withBorder
          radius="lg"
          p="xl"
        >
          <Group align="flex-start" gap="lg" wrap="nowrap">
            <ThemeIcon size={44} radius="md" variant="light">
              <CalendarMark size={22} />
            </ThemeIcon>
            <Stack gap="sm" style={{ flex: 1 }}>
              <Title order={2} size="h3" id="book-a-call-heading">
                {T.bookHeading}
              </Title>
              <Text>{T.bookIntro}</Text>
              <Text size="sm" c="dimmed">
                It helps if you tell us:
              </Text>
              <List size="sm" spacing={4} c="dimmed">
                {T.bookPrompts.map((prompt) => (
                  <List.Item key={prompt}>{prompt}</List.Item>
                ))}
              </List>
              <Group mt="xs">
                <Button
                  component="a"
                  href={mailHref(contact.email, CONTACT_SUBJECTS.bookCall, BOOK_CALL_BODY)}
                  leftSection={<MailIcon size={18} />}
                  size="md"
                >
                  {T.bookButton}
                </Button>
              </Group>
            </Stack>
          </Group>
        </Paper>

        <Stack gap="xs" component="section" aria-labelledby="contact-topics-heading">
          <Title order={2} size="h5" c="dimmed" id="contact-topics-heading">
            {T.topicsHeading}
          </Title>
          <Group gap="sm">
            {TOPICS.map((topic) => (
              <Button
                key={topic.label}
                component="a"
                href={mailHref(contact.email, topic.subject)}
                variant="default"
                radius="xl"
              >
                {topic.label}
              </Button>
            ))}
            <MarketingLinkButton link={PRICING_LINK} variant="subtle" radius="xl">
              {T.plansLink}
            </MarketingLinkButton>
          </Group>
        </Stack>
      </Stack>
    </Container>
  );
}

function ContactCard({
  icon,
  heading,
  note,
  testId,
  children,
}: {
  icon: ReactNode;
  heading: string;
  note: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="xl" data-testid={testId}>
      <Stack gap="sm">
        <Group gap="sm">
          <ThemeIcon size={40} radius="md" variant="light">
            {icon}
          </ThemeIcon>
          <Title order={2} size="h4">
            {heading}
          </Title>
        </Group>
        {children}
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      </Stack>
    </Card>
  );
}
