/**
 * A button to one of the marketing pages (SPEC §1): the app's own page opens in place through the
 * router; another site (VITE_BOOKING_URL, VITE_PRICING_URL) opens in a new tab.
 */
import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { linkProps, type MarketingLink } from '../../ui/marketingLinks';

export function MarketingLinkButton({
  link,
  children,
  ...props
}: ButtonProps & { link: MarketingLink; children: ReactNode }) {
  if (link.external) {
    return (
      <Button component="a" {...linkProps(link)} {...props}>
        {children}
      </Button>
    );
  }
  return (
    <Button component={Link} to={link.href} {...props}>
      {children}
    </Button>
  );
}
