/**
 * The contact page's mail links. There is no booking backend: "book a call" is an e-mail to the
 * team with a subject they can sort by and a few prompts that save a round trip.
 */
import { PRODUCT_NAME } from '../../domain/constants';

export const CONTACT_SUBJECTS = {
  bookCall: `${PRODUCT_NAME}: book a call`,
  plans: `${PRODUCT_NAME}: plans and pricing`,
  theme: `${PRODUCT_NAME}: theme request`,
  question: `${PRODUCT_NAME}: question`,
} as const;

export const BOOK_CALL_BODY = [
  'Hello,',
  '',
  'I would like to book a call about:',
  '',
  'Times that suit me (with time zone):',
  '',
  'My organisation and roughly how many people take part:',
  '',
].join('\n');

/** A mailto: link; subject and body are encoded so that any text survives the mail client. */
export function mailHref(email: string, subject: string, body?: string): string {
  const query = [`subject=${encodeURIComponent(subject)}`];
  if (body) query.push(`body=${encodeURIComponent(body)}`);
  return `mailto:${email}?${query.join('&')}`;
}
