/**
 * A client address as the server's own limits count it, the way the API's rate limiter does
 * (@fastify/rate-limit's ipv6Subnet, 64 by default): an IPv4 address as it is, an IPv6 address
 * by its /64 network, since one home or phone connection is given a whole /64 and could
 * otherwise take a fresh address for every request. IPv4 written as IPv6 (::ffff:a.b.c.d)
 * counts as the IPv4 address.
 */
import { isIP } from 'node:net';

export function addressForLimits(ip: string): string {
  const address = ip.toLowerCase().split('%')[0] ?? '';
  if (isIP(address) !== 6) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  // Groups of four hex digits; an IPv4 tail (…:1.2.3.4) stands for the last two.
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  let groups: string[];
  if (address.includes('::')) {
    const [head = '', tail = ''] = address.split('::');
    const before = groupsOf(head);
    const after = groupsOf(tail);
    groups = [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  } else {
    groups = groupsOf(address);
  }
  const network = groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${network.join(':')}::/64`;
}
