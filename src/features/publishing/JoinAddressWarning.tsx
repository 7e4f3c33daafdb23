/**
 * The join address is this computer only (docs/games.md "The join address"): without
 * PUBLIC_URL the QR code and the join link say `localhost`, which on a phone is the phone. The
 * organiser is told before sharing a code, with this machine's network address to set instead.
 * Nothing shows when the address is reachable, or when it could not be asked for.
 */
import { Alert, Button, Code, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { JoinAddress } from '../../domain/joinAddress';
import { DIALOG_TEXTS } from './texts';

const texts = DIALOG_TEXTS.joinAddress;
/** How long "Copied" stays on the button. */
const COPIED_MS = 2000;
/**
 * One more address at most (a second network card): the rest are mostly containers' and VPNs',
 * and each would cost a line that the dialog has no room for.
 */
const MAX_OTHER_ADDRESSES = 1;

export interface JoinAddressWarningProps {
  /** The server's answer; null while unknown or when it could not be asked for. */
  address: JoinAddress | null;
}

function urlParts(joinUrl: string): { host: string; port: string } {
  try {
    const url = new URL(joinUrl);
    return { host: url.hostname, port: url.port };
  } catch {
    return { host: joinUrl, port: '' };
  }
}

export function JoinAddressWarning({ address }: JoinAddressWarningProps) {
  if (!address?.local) return null;
  const { host, port } = urlParts(address.joinUrl);
  const [suggested, ...others] = address.lanUrls;
  const setting = `PUBLIC_URL=${suggested ?? texts.exampleUrl(port)}`;
  const shownOthers = others.slice(0, MAX_OTHER_ADDRESSES);
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      py="xs"
      // Advice that stays on screen, not an error: screen readers read it with the dialog.
      role="note"
      icon={<WarningIcon />}
      data-testid="join-address-warning"
    >
      {/* The heading runs into the text: a line less, so a result dialog fits a laptop screen. */}
      <Text size="sm" lh={1.6}>
        <Text span inherit fw={700}>
          {texts.title}.
        </Text>{' '}
        {texts.explanation(host)}{' '}
        {suggested ? (
          <CopyableSetting setting={setting} />
        ) : (
          <>
            <Code fz="sm">{setting}</Code> {texts.findIt}
          </>
        )}
        {shownOthers.length > 0 && <> {texts.others(shownOthers.join(' or '))}</>}
      </Text>
    </Alert>
  );
}

/** The setting and a copy button; where the browser refuses the clipboard, it is selected. */
function CopyableSetting({ setting }: { setting: string }) {
  const [copied, setCopied] = useState<'copied' | 'byHand' | null>(null);
  const codeRef = useRef<HTMLElement>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timerRef.current !== null) clearTimeout(timerRef.current);
    },
    [],
  );

  const selectByHand = () => {
    const selection = window.getSelection();
    if (codeRef.current && selection) {
      const range = document.createRange();
      range.selectNodeContents(codeRef.current);
      selection.removeAllRanges();
      selection.addRange(range);
    }
    setCopied('byHand');
  };

  const copy = async () => {
    // Plain http on a network address is not a secure context: there is no clipboard there.
    if (!navigator.clipboard?.writeText) return selectByHand();
    try {
      await navigator.clipboard.writeText(setting);
    } catch {
      return selectByHand();
    }
    setCopied('copied');
    if (timerRef.current !== null) clearTimeout(timerRef.current);
    timerRef.current = setTimeout(() => setCopied(null), COPIED_MS);
  };

  return (
    <>
      <Code ref={codeRef} fz="sm" fw={600} data-testid="join-address-suggestion">
        {setting}
      </Code>{' '}
      <Button
        size="compact-xs"
        variant="default"
        leftSection={<CopyIcon />}
        aria-label={copied === 'copied' ? texts.copied : texts.copyLabel(setting)}
        onClick={() => void copy()}
      >
        {copied === 'copied' ? texts.copied : texts.copy}
      </Button>
      {copied === 'byHand' && <> {texts.copyByHand}</>}
    </>
  );
}

function CopyIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={12}
      height={12}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </svg>
  );
}

function WarningIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={20}
      height={20}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
      <line x1="12" y1="9" x2="12" y2="13" />
      <line x1="12" y1="17" x2="12.01" y2="17" />
    </svg>
  );
}
