/** The build's sign-in configuration (README "Web app settings"). */
const configured = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** With a key, Clerk signs users in instead of the server's own accounts. */
export const CLERK_PUBLISHABLE_KEY = configured(import.meta.env.VITE_CLERK_PUBLISHABLE_KEY);
