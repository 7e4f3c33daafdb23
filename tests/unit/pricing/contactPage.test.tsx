// @vitest-environment happy-dom
/**
 * The contact page, the default of the meeting-booking links (SPEC §1 "Contact
 * Us", "Request a theme", "Upgrade - Contact us"): the SPEC §9 support phone and e-mail from
 * configuration, and "book a call" by e-mail. It calls no backend.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { SUPPORT_CONTACT, telHref } from '../../../src/ui/supportContact';
import { ContactPage } from '../../../src/features/pricing/ContactPage';
import { mailHref } from '../../../src/features/pricing/contactLinks';
import { renderRoutes } from '../app/render';

function renderContact(element = <ContactPage />) {
  return renderRoutes([{ path: '/contact', element }], ['/contact']);
}

/** The subject and body of a mailto: link, decoded. */
function mailParts(href: string | null) {
  const url = new URL(href ?? '');
  return {
    to: url.pathname,
    subject: url.searchParams.get('subject'),
    body: url.searchParams.get('body'),
  };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SPEC §9 support contact on the contact page', () => {
  it('links the configured phone number as tel: and the e-mail as mailto:', () => {
    renderContact();
    const phone = within(screen.getByTestId('contact-phone')).getByRole('link', {
      name: SUPPORT_CONTACT.phone,
    });
    expect(phone.getAttribute('href')).toBe(telHref(SUPPORT_CONTACT.phone));
    const email = within(screen.getByTestId('contact-email')).getByRole('link', {
      name: SUPPORT_CONTACT.email,
    });
    expect(mailParts(email.getAttribute('href')).to).toBe(SUPPORT_CONTACT.email);
  });

  it('uses whatever contact the configuration gives', () => {
    renderContact(
      <ContactPage contact={{ phone: '+1 (555) 010-2030', email: 'help@acme.test' }} />,
    );
    expect(screen.getByRole('link', { name: '+1 (555) 010-2030' }).getAttribute('href')).toBe(
      'tel:+15550102030',
    );
    expect(screen.getByRole('link', { name: 'help@acme.test' }).getAttribute('href')).toMatch(
      /^mailto:help@acme\.test\?/,
    );
  });

  it('"book a call" is an e-mail with the subject "Teamtrail: book a call" and prompts in the body', () => {
    renderContact();
    expect(screen.getByRole('heading', { name: 'Book a call' })).toBeTruthy();
    const book = mailParts(
      screen.getByRole('link', { name: 'E-mail us to book a call' }).getAttribute('href'),
    );
    expect(book.to).toBe(SUPPORT_CONTACT.email);
    expect(book.subject).toBe('Teamtrail: book a call');
    expect(book.body).toContain('Times that suit me');
  });

  it('"Request a theme" is an e-mail with its own subject', () => {
    renderContact();
    const theme = mailParts(
      screen.getByRole('link', { name: 'Request a theme' }).getAttribute('href'),
    );
    expect(theme.subject).toBe('Teamtrail: theme request');
  });

  it('makes no call to a server', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderContact();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('mail links', () => {
  it('encode the subject and body so that any text survives', () => {
    expect(mailHref('a@b.test', 'Q&A: plans?', 'Line 1\nLine 2')).toBe(
      'mailto:a@b.test?subject=Q%26A%3A%20plans%3F&body=Line%201%0ALine%202',
    );
  });
});
