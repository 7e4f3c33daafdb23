/** What the app says about the sign-in service when it cannot be used. */
export const SIGN_IN_UNAVAILABLE_TEXTS = {
  offline: 'Sign-in is unavailable offline',
  online: 'Sign-in is unavailable right now',
  explanation:
    'You can keep working as a guest: your work is kept on this device and moves to your account when you sign in.',
  retry: 'Try again',
  retryNote: 'Trying again reloads the page; your work on this device is kept.',
} as const;
