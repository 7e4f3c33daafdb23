/**
 * The sign-in and sign-up pages (SPEC §2.2: both return to ?from=). With the server's own
 * accounts, a form: fields checked with the domain's request schemas before sending, the
 * server's refusals shown next to the field they concern. With Clerk, Clerk's own screens, or a
 * quiet explanation when Clerk cannot load (the app goes on as a guest).
 */
import { useState, type FormEvent } from 'react';
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
import { signInRequestSchema, signUpRequestSchema } from '../domain/schemas';
import { LIMITS } from '../domain/limits';
import { useAuth } from './context';
import { SignInUnavailablePanel } from './SignInUnavailable';
import type { PasswordAccounts } from './types';
import { authLink, returnPath } from './returnPath';

type Field = 'name' | 'email' | 'password' | 'form';
type Errors = Partial<Record<Field, string>>;

/** Which field a server refusal is about (the form itself when it is none in particular). */
function fieldOf(status: number, message: string): Field {
  // A refused sign-in names neither field on purpose (it must not tell which one was wrong).
  if (status === 401) return 'form';
  if (status === 409) return 'email';
  if (status === 400 && /password/i.test(message)) return 'password';
  if (status === 400 && /e-mail/i.test(message)) return 'email';
  return 'form';
}

type Mode = 'sign-in' | 'sign-up';

interface AuthFormProps {
  mode: Mode;
  accounts: PasswordAccounts;
  /** Where to go once signed in (SPEC §2.2 ?from=). */
  from: string;
}

export function AuthForm({ mode, accounts, from }: AuthFormProps) {
  const { signIn, signUp } = accounts;
  const navigate = useNavigate();
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const signingUp = mode === 'sign-up';

  const set = (field: 'name' | 'email' | 'password') => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const credentials = { email: values.email, password: values.password };
    const parsed = signingUp
      ? signUpRequestSchema.safeParse(values)
      : signInRequestSchema.safeParse(credentials);
    const found: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
    }
    // The server's rule, checked here too so that every field's problem shows at once.
    if (signingUp && values.password.length < LIMITS.passwordMinLength) {
      found.password ??= `Use a password of at least ${LIMITS.passwordMinLength} characters.`;
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setBusy(true);
    const result = signingUp
      ? await signUp(signUpRequestSchema.parse(values))
      : await signIn(signInRequestSchema.parse(credentials));
    setBusy(false);
    if (result.ok) {
      void navigate(from, { replace: true });
      return;
    }
    setErrors({ [fieldOf(result.status, result.errorMessage)]: result.errorMessage });
  }

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
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Title order={1} size="h2">
            {signingUp ? 'Create your free account' : 'Sign in to Teamtrail'}
          </Title>
          <Text c="dimmed" size="sm">
            {signingUp
              ? 'Save, test and deliver your first activity. No credit card needed.'
              : 'Welcome back. Your activities are waiting.'}
          </Text>
          {errors.form && (
            <Alert
              color="red"
              role="alert"
              title={signingUp ? 'Could not create the account' : 'Could not sign in'}
            >
              {errors.form}
            </Alert>
          )}
          {signingUp && (
            <TextInput
              label="Your name"
              autoComplete="name"
              value={values.name}
              onChange={(e) => set('name')(e.currentTarget.value)}
              error={errors.name}
              required
            />
          )}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
            error={errors.email}
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
            value={values.password}
            onChange={(e) => set('password')(e.currentTarget.value)}
            error={errors.password}
            required
          />
          <Button type="submit" loading={busy} fullWidth>
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
  if (passwordAccounts) return <AuthForm mode={mode} accounts={passwordAccounts} from={from} />;
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
