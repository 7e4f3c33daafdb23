/**
 * "Contact Us" (SPEC §1 marketing links): the meeting-booking page. The app's own /contact page
 * opens in place through the router; a configured external page opens in a new tab.
 */
import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BOOKING_LINK, type MarketingLink } from '../../ui/marketingLinks';
import { MESSAGES } from '../../domain/messages';

export interface ContactUsButtonProps extends Pick<ButtonProps, 'variant' | 'size' | 'color'> {
  /** Called when the link opens in place, so the dialog closes behind it. */
  onNavigate?: () => void;
  link?: MarketingLink;
  children?: ReactNode;
}

export function ContactUsButton({
  onNavigate,
  link = BOOKING_LINK,
  children = MESSAGES.common.contactUs,
  variant = 'default',
  ...rest
}: ContactUsButtonProps) {
  if (link.external) {
    return (
      <Button
        component="a"
        href={link.href}
        target="_blank"
        rel="noopener noreferrer"
        variant={variant}
        {...rest}
      >
        {children}
      </Button>
    );
  }
  return (
    <Button component={Link} to={link.href} onClick={onNavigate} variant={variant} {...rest}>
      {children}
    </Button>
  );
}
