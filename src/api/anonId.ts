/**
 * The guest's anonymous id (cookie wgAnonId, header AnonId; SPEC §7). Made on this device at
 * first need so that a guest's templates have an owner before the server was ever reached.
 */
import { ANON_ID_COOKIE } from '../domain/constants';
import { readCookie, writeCookie } from './cookies';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readAnonId(): string | null {
  const value = readCookie(ANON_ID_COOKIE.name);
  return value && UUID.test(value) ? value.toLowerCase() : null;
}

export function storeAnonId(anonId: string): void {
  if (UUID.test(anonId)) writeCookie(ANON_ID_COOKIE, anonId.toLowerCase());
}

export function ensureAnonId(): string {
  const existing = readAnonId();
  if (existing) return existing;
  const created = crypto.randomUUID();
  storeAnonId(created);
  return created;
}
