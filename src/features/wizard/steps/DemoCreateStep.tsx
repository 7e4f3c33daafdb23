/**
 * SPEC §2.4 step 8, /activity/{templateId}/demo/create, gated by sign-in. A guest is asked for
 * a FREE account and comes back here after signing in or up (?from=); a signed-in user's demo
 * is created at once, and its status URL moves the wizard on to demo/status (guards.ts).
 * A guest may also open the generated tasks in the builder first (SPEC §1: guests open the
 * builder, and are asked for an account on leaving it); the server's notice of fewer tasks than
 * asked shows beside that way to the tasks.
 */
import { Anchor, Button, Divider, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { createDemoGame } from '../../../api/games';
import { OFFLINE_MESSAGE } from '../../../api/client';
import { signInHref } from '../../../auth/authPaths';
import { linkProps, PRICING_LINK } from '../../../ui/marketingLinks';
import { useApiCredentials, useSession } from '../../../auth/session';
import { demoCreateErrorMessage } from '../../../domain/messages';
import { PLANS } from '../../../domain/plans';
import { DEMO_STATE_DEFAULTS } from '../../../domain/flowDefaults';
import { isUnreachable } from '../../../protocol/result';
import { AiResultNotice } from '../../aiFlow/AiResultNotice';
import { WizardCard } from '../WizardCard';
import { WizardFailure } from '../WizardFailure';
import { WizardWaiting } from '../WizardWaiting';
import { builderTasksPath } from '../paths';
import { WIZARD_TEXTS } from '../texts';
import { useDemoStep } from '../useWizardStep';
import { useWizardNotice } from '../useWizardNotice';

const texts = WIZARD_TEXTS.demoGate;

export function DemoCreateStep() {
  const { templateId = '' } = useParams();
  const session = useSession();
  const credentials = useApiCredentials();
  const demo = useDemoStep('create', templateId);
  const { ready, state, update } = demo;
  const failed = state.templateId === templateId && state.error !== null;
  const shouldCreate = ready && session.signedIn && !failed;

  const latest = useRef({ credentials, update });
  useEffect(() => {
    latest.current = { credentials, update };
  });
  // One demo per visit: the effect may run twice (React's StrictMode) but must not create twice.
  const started = useRef(false);
  // Whether the screen is still shown; StrictMode's rehearsal unmount sets it back at once.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!shouldCreate || started.current) return;
    started.current = true;
    const { credentials: calling, update: save } = latest.current;
    void (async () => {
      await save({ ...DEMO_STATE_DEFAULTS, templateId });
      // Left meanwhile: no demo is wanted any more.
      if (!mounted.current) return;
      const result = await createDemoGame(templateId, calling);
      await save(
        result.ok
          ? { statusUrl: result.data.gameStatusUrl, error: null }
          : {
              error: isUnreachable(result.error)
                ? OFFLINE_MESSAGE
                : demoCreateErrorMessage(result.error.status),
            },
      );
    })();
  }, [shouldCreate, templateId]);

  if (demo.gate) return demo.gate;
  if (failed) return <WizardFailure message={state.error!} />;
  if (session.signedIn) return <WizardWaiting headline={WIZARD_TEXTS.demoCreate.waiting} />;
  return <DemoAccountGate templateId={templateId} />;
}

/** Guests: a FREE account is needed to create the demo (SPEC §2.4, §6). */
function DemoAccountGate({ templateId }: { templateId: string }) {
  const { pathname, search } = useLocation();
  const notice = useWizardNotice(templateId);
  return (
    <WizardCard title={texts.title}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Text fz="lg" fw={600}>
            {texts.needsAccount}
          </Text>
          <Text c="teal.8" fw={600}>
            {texts.noCreditCard}
          </Text>
        </Stack>
        <Stack gap="xs">
          <Text size="sm" fw={700} tt="uppercase" c="dimmed">
            {texts.featuresTitle}
          </Text>
          <List
            spacing={8}
            icon={
              <ThemeIcon size={20} radius="xl" color="teal" variant="light" aria-hidden>
                <svg
                  viewBox="0 0 24 24"
                  width={12}
                  height={12}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={3}
                >
                  <polyline
                    points="5 12.5 10 17.5 19 7"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </ThemeIcon>
            }
          >
            {PLANS.FREE.featureList.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        </Stack>
        <Stack gap="sm" align="flex-start">
          <Button component={Link} to={signInHref(pathname + search)} size="md">
            {texts.signIn}
          </Button>
          <Anchor {...linkProps(PRICING_LINK)} size="sm">
            {texts.pricing}
          </Anchor>
        </Stack>
        <Divider />
        <Stack gap="sm" align="flex-start">
          <Text c="dimmed">{texts.editFirst}</Text>
          <AiResultNotice notice={notice} testId="wizard-result-notice" />
          <Button component={Link} to={builderTasksPath(templateId)} variant="default">
            {WIZARD_TEXTS.openBuilder}
          </Button>
        </Stack>
      </Stack>
    </WizardCard>
  );
}
