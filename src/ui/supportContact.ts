/**
 * SPEC §9 support contact, from the build's configuration (VITE_SUPPORT_PHONE,
 * VITE_SUPPORT_EMAIL) with the defaults of src/domain/constants.ts.
 */
import {
  DEFAULT_SUPPORT_EMAIL,
  DEFAULT_SUPPORT_PHONE,
  ERROR_MAIL_SUBJECT,
} from '../domain/constants';

export interface SupportContact {
  readonly phone: string;
  readonly email: string;
}

const configured = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export const SUPPORT_CONTACT: SupportContact = {
  phone: configured(import.meta.env.VITE_SUPPORT_PHONE) ?? DEFAULT_SUPPORT_PHONE,
  email: configured(import.meta.env.VITE_SUPPORT_EMAIL) ?? DEFAULT_SUPPORT_EMAIL,
};

/** A tel: link keeps only the digits and a leading "+" ("+44 20 7946 0000" → tel:+442079460000). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? '+' : ''}${digits.replace(/\+/g, '')}`;
}

/** The "Contact Support" mail link: subject "[product name] Error" (SPEC §2.10). */
export function supportMailHref(email: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(ERROR_MAIL_SUBJECT)}`;
}
