/**
 * SPEC §2.3 Dashboard (/): three image tiles. "Create new game" starts the AI wizard afresh,
 * "Welcome video" plays the welcome video, "Play a demo" opens the Play Demo dialog. Guests see it
 * too (SPEC §6).
 */
import { Box, Container, SimpleGrid, Stack, Text, ThemeIcon, Group, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../auth/session';
import { PRODUCT_NAME, WELCOME_VIDEO_SLUG, type VideoSlug } from '../../domain/constants';
import { useWhenDataReady } from '../../localdb/hooks/DataProvider';
import { resetWizardAndDemo } from '../../localdb/hooks/flowState';
import { SelectionCard } from '../../ui/SelectionCard';
import { PlayDemoDialog } from '../publishing/PlayDemoDialog';
import { VideoDialog } from '../publishing/VideoDialog';

export const DASHBOARD_TEXTS = {
  heading: `Welcome to ${PRODUCT_NAME}`,
  greeting: (name: string) => `Good to see you, ${name}.`,
  intro:
    'Build a team activity in minutes, test it on your phone as a 10 minute demo, then run it live with your team.',
  tiles: {
    create: {
      title: 'Create new game',
      description:
        'Tell our AI Assistant what your activity is about and it writes the tasks for you.',
    },
    video: {
      title: 'Welcome video',
      description: `A quick tour of building, testing and running an activity with ${PRODUCT_NAME}.`,
    },
    demo: {
      title: 'Play a demo',
      description: 'Play our sample activity on your phone and see what your participants see.',
    },
  },
  stepsHeading: 'How it works',
  steps: [
    { title: 'Create', text: 'Start from the AI Assistant or a template, then add your branding.' },
    { title: 'Test', text: 'Play a 10 minute demo on your phone before anyone else sees it.' },
    { title: 'Launch', text: 'Go live today or schedule it; teams join with a QR code.' },
  ],
} as const;

export const DASHBOARD_IMAGES = {
  create: '/thumbnails/dashboard-create.svg',
  video: '/thumbnails/dashboard-video.svg',
  demo: '/thumbnails/dashboard-demo.svg',
} as const;

const TILE_IMAGE_HEIGHT = 190;

export function DashboardPage() {
  const navigate = useNavigate();
  const session = useSession();
  // The Dashboard renders before the local database is open; the reset waits for it.
  const whenDataReady = useWhenDataReady();
  const [video, setVideo] = useState<VideoSlug | null>(null);
  const [playDemoOpen, setPlayDemoOpen] = useState(false);
  const [starting, setStarting] = useState(false);

  const createNewGame = async () => {
    if (starting) return;
    setStarting(true);
    try {
      // A new game starts from the wizard's defaults, not from an earlier half-finished run.
      await resetWizardAndDemo((await whenDataReady()).db);
    } finally {
      void navigate('/activity');
    }
  };

  const texts = DASHBOARD_TEXTS;

  return (
    <Container size="lg" py="xl">
      <Stack gap={40}>
        <Stack gap="xs">
          <Title order={1}>{texts.heading}</Title>
          {session.signedIn && (
            <Text size="lg" fw={500}>
              {texts.greeting(session.user.name)}
            </Text>
          )}
          <Text size="lg" c="dimmed" maw={680}>
            {texts.intro}
          </Text>
        </Stack>

        <SimpleGrid cols={3} spacing="lg">
          <SelectionCard
            image={DASHBOARD_IMAGES.create}
            title={texts.tiles.create.title}
            description={texts.tiles.create.description}
            imageHeight={TILE_IMAGE_HEIGHT}
            onClick={() => void createNewGame()}
            data-testid="tile-create"
          />
          <SelectionCard
            image={DASHBOARD_IMAGES.video}
            title={texts.tiles.video.title}
            description={texts.tiles.video.description}
            imageHeight={TILE_IMAGE_HEIGHT}
            onClick={() => setVideo(WELCOME_VIDEO_SLUG)}
            data-testid="tile-video"
          />
          <SelectionCard
            image={DASHBOARD_IMAGES.demo}
            title={texts.tiles.demo.title}
            description={texts.tiles.demo.description}
            imageHeight={TILE_IMAGE_HEIGHT}
            onClick={() => setPlayDemoOpen(true)}
            data-testid="tile-demo"
          />
        </SimpleGrid>

        <Box component="section" aria-labelledby="dashboard-steps">
          <Title order={2} fz="lg" mb="md" id="dashboard-steps">
            {texts.stepsHeading}
          </Title>
          <SimpleGrid cols={3} spacing="lg">
            {texts.steps.map((step, index) => (
              <Group key={step.title} wrap="nowrap" align="flex-start" gap="sm">
                <ThemeIcon radius="xl" size={32} variant="light" aria-hidden>
                  <Text fw={700} size="sm">
                    {index + 1}
                  </Text>
                </ThemeIcon>
                <Stack gap={2}>
                  <Text fw={600}>{step.title}</Text>
                  <Text size="sm" c="dimmed">
                    {step.text}
                  </Text>
                </Stack>
              </Group>
            ))}
          </SimpleGrid>
        </Box>
      </Stack>

      <VideoDialog slug={video} onClose={() => setVideo(null)} />
      <PlayDemoDialog opened={playDemoOpen} onClose={() => setPlayDemoOpen(false)} />
    </Container>
  );
}
