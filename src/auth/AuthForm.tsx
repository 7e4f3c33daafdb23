/**
 * The sign-in and sign-up pages (SPEC §2.2: both return to ?from=). With the server's own
 * accounts, a form (Mantine's useForm): fields checked with the domain's schemas before sending,
 * the server's refusals shown next to the field they concern. With Clerk, Clerk's own screens, or a
 * quiet explanation when Clerk cannot load (the app goes on as a guest).
 */
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { signInRequestSchema, signUpRequestSchema } from '../domain/schemas';
import { signUpFormSchema } from '../domain/accountForms';
import { LIMITS } from '../domain/limits';
import type { ApiError } from '../protocol/result';
import { useAuth } from './context';
import { SignInUnavailablePanel } from './SignInUnavailable';
import type { PasswordAccounts } from './types';
import { authLink, returnPath } from './returnPath';

type Field = 'name' | 'email' | 'password';

/** Which field a server refusal is about; null when it is about the form, none in particular. */
function fieldOf({ status, message }: ApiError): Field | null {
  // A refused sign-in names neither field on purpose (it must not tell which one was wrong).
  if (status === 401) return null;
  if (status === 409) return 'email';
  if (status === 400 && /password/i.test(message)) return 'password';
  if (status === 400 && /e-mail/i.test(message)) return 'email';
  return null;
}

type Mode = 'sign-in' | 'sign-up';

/** The sign-in form has no name: its request schema is strict and would refuse one. */
interface AuthValues {
  name?: string;
  email: string;
  password: string;
}

const INITIAL_VALUES: Record<Mode, AuthValues> = {
  'sign-in': { email: '', password: '' },
  'sign-up': { name: '', email: '', password: '' },
};

// Made once: useForm's callbacks are rebuilt whenever the rules change identity.
const VALIDATE = {
  'sign-in': schemaResolver(signInRequestSchema, { sync: true }),
  'sign-up': schemaResolver(signUpFormSchema, { sync: true }),
};

interface AuthFormProps {
  mode: Mode;
  accounts: PasswordAccounts;
  /** Where to go once signed in (SPEC §2.2 ?from=). */
  from: string;
}

export function AuthForm({ mode, accounts, from }: AuthFormProps) {
  const { signIn, signUp } = accounts;
  const navigate = useNavigate();
  const signingUp = mode === 'sign-up';
  // The server's refusal of the whole form (a wrong e-mail or password, the network).
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AuthValues>({
    // Nothing on the page follows each key press: the inputs keep their own text.
    mode: 'uncontrolled',
    initialValues: INITIAL_VALUES[mode],
    // On submit only, as before: a field's problem goes once that field changes.
    validate: VALIDATE[mode],
    // Any change makes a refusal of what was sent stale.
    onValuesChange: () => setFormError(null),
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const result = signingUp
      ? await signUp(signUpRequestSchema.parse(values))
      : await signIn(signInRequestSchema.parse(values));
    if (result.ok) {
      void navigate(from, { replace: true });
      return;
    }
    const field = fieldOf(result.error);
    if (field) form.setFieldError(field, result.error.message);
    else setFormError(result.error.message);
  });

  return (
    <Paper
      component="section"
      withBorder
      shadow="sm"
      radius="md"
      p="xl"
      maw={420}
      mx="auto"
      my="xl"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h2">
            {signingUp ? 'Create your free account' : 'Sign in to Teamtrail'}
          </Title>
          <Text c="dimmed" size="sm">
            {signingUp
              ? 'Save, test and deliver your first activity. No credit card needed.'
              : 'Welcome back. Your activities are waiting.'}
          </Text>
          {formError && (
            <Alert
              color="red"
              role="alert"
              title={signingUp ? 'Could not create the account' : 'Could not sign in'}
            >
              {formError}
            </Alert>
          )}
          {signingUp && (
            <TextInput
              label="Your name"
              autoComplete="name"
              key={form.key('name')}
              {...form.getInputProps('name')}
              required
            />
          )}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            key={form.key('email')}
            {...form.getInputProps('email')}
            required
          />
          <PasswordInput
            label="Password"
            autoComplete={signingUp ? 'new-password' : 'current-password'}
            description={
              signingUp
                ? `At least ${LIMITS.passwordMinLength} characters; a phrase of a few words is best.`
                : undefined
            }
            key={form.key('password')}
            {...form.getInputProps('password')}
            required
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            {signingUp ? 'Create account' : 'Sign in'}
          </Button>
          <Text size="sm" ta="center">
            {signingUp ? 'Already have an account? ' : 'New to Teamtrail? '}
            <Anchor
              component={Link}
              to={authLink(signingUp ? 'sign-in' : 'sign-up', from)}
              underline="always"
            >
              {signingUp ? 'Sign in' : 'Create a free account'}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}

/** The page of either adapter: the server's form, or the provider's own screen. */
function AccountPage({ mode }: { mode: Mode }) {
  const { state, availability, passwordAccounts, screens } = useAuth();
  const [params] = useSearchParams();
  const from = returnPath(params.get('from'));

  // Already signed in (another tab, the back button, or a sign-in that just ended).
  if (state.status === 'signedIn') return <Navigate to={from} replace />;
  // Keyed: each mode's form starts afresh with its own fields and rules.
  if (passwordAccounts) {
    return <AuthForm key={mode} mode={mode} accounts={passwordAccounts} from={from} />;
  }
  if (availability === 'unavailable') return <SignInUnavailablePanel />;
  if (availability === 'loading' || !screens) {
    return (
      <Center mih={360} aria-busy="true" aria-label="Loading sign-in">
        <Loader />
      </Center>
    );
  }
  return <screens.Auth mode={mode} returnTo={from} />;
}

export const SignInPage = () => <AccountPage mode="sign-in" />;
export const SignUpPage = () => <AccountPage mode="sign-up" />;
