/**
 * The first and last name analytics identifies a user by (SPEC §3 "firstName and lastName").
 * The server's own accounts keep one name: its first word is the first name, the rest the last.
 */
export function splitName(name: string | null): {
  firstName: string | null;
  lastName: string | null;
} {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: null, lastName: null };
  const [first, ...rest] = words;
  return { firstName: first ?? null, lastName: rest.length > 0 ? rest.join(' ') : null };
}
