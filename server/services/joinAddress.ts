/**
 * Is the join address one the players' phones can reach (docs/games.md "The join address")?
 * Without PUBLIC_URL it is `http://localhost:{port}`, which on a phone means the phone itself;
 * the organiser is told so, with this machine's network addresses as the fix.
 */
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import type { JoinAddress } from '../../src/domain/joinAddress';

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/** Names that only ever mean "this computer" (the whole 127/8 block is loopback). */
export function isLocalHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '0.0.0.0' ||
    host === '::1' ||
    host === '::' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/**
 * The private ranges of home and venue networks first (192.168/16 is the usual Wi-Fi), so the
 * first suggestion is the likely one; a VPN's or container's address comes after.
 */
function preference(address: string): number {
  if (address.startsWith('192.168.')) return 0;
  if (address.startsWith('10.')) return 1;
  if (/^172\.(1[6-9]|2\d|3[01])\./.test(address)) return 2;
  return 3;
}

/** This machine's IPv4 addresses on its networks, best guess first. */
export function lanAddresses(interfaces: Interfaces = networkInterfaces()): string[] {
  const found = new Set<string>();
  for (const infos of Object.values(interfaces)) {
    for (const info of infos ?? []) {
      // Node 18.0–18.3 said 4 instead of 'IPv4'.
      const ipv4 = info.family === 'IPv4' || (info.family as unknown) === 4;
      // 169.254/16 is what a computer gives itself without a network: no phone reaches it.
      if (ipv4 && !info.internal && !info.address.startsWith('169.254.')) found.add(info.address);
    }
  }
  return [...found].sort((a, b) => preference(a) - preference(b));
}

export function joinAddress(publicUrl: string, interfaces?: Interfaces): JoinAddress {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return { joinUrl: publicUrl, local: false, lanUrls: [] };
  }
  const local = isLocalHostname(url.hostname);
  // Only a local address needs a replacement; the addresses are not given out otherwise.
  const lanUrls = local
    ? lanAddresses(interfaces).map((address) => {
        // Same scheme, port and path as now: only the host changes.
        const lan = new URL(url.href);
        lan.hostname = address;
        return lan.href.replace(/\/+$/, '');
      })
    : [];
  return { joinUrl: publicUrl, local, lanUrls };
}
