// Where a webhook may be sent (docs/webhooks.md "Address policy"): http and https only; loopback and private ranges
// are allowed (receivers inside the company network are normal for an internal tool), but never link-local or cloud
// metadata addresses, multicast or unspecified ones. A literal address is checked when the webhook is saved; every
// address a host name resolves to is checked again at send time, and the connection goes to the checked address.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const refused = new BlockList();
// IPv4: "this network", link-local (the metadata service of AWS, GCP and Azure is 169.254.169.254), multicast,
// reserved and broadcast; Alibaba Cloud's metadata service sits in the shared address space.
refused.addSubnet('0.0.0.0', 8, 'ipv4');
refused.addSubnet('169.254.0.0', 16, 'ipv4');
refused.addAddress('100.100.100.200', 'ipv4');
refused.addSubnet('224.0.0.0', 4, 'ipv4');
refused.addSubnet('240.0.0.0', 4, 'ipv4');
// IPv6: unspecified, link-local, AWS's IPv6 metadata range, multicast.
refused.addAddress('::', 'ipv6');
refused.addSubnet('fe80::', 10, 'ipv6');
refused.addSubnet('fd00:ec2::', 32, 'ipv6');
refused.addSubnet('ff00::', 8, 'ipv6');

/** An IPv4 address written in IPv6 (`::ffff:169.254.169.254`) is judged as the IPv4 address it is. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Whether the policy refuses an IP address. */
export function isRefusedAddress(address: string): boolean {
  const { address: plain, family } = unmapped(address);
  return refused.check(plain, family);
}

/** The host of a URL as an IP literal (brackets of IPv6 removed), or null for a host name. */
export function literalAddressOf(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
}

/** Whether the URL's literal address (if it has one) is refused; host names are checked at send time. */
export function refusesLiteral(url: URL): boolean {
  const literal = literalAddressOf(url);
  return literal !== null && isRefusedAddress(literal);
}

export class RefusedAddressError extends Error {}

/** Resolves the URL's host and answers the address to connect to; throws when any resolved address is refused. */
export async function resolveAllowed(url: URL): Promise<{ address: string; family: 4 | 6 }> {
  const literal = literalAddressOf(url);
  const found = literal
    ? [{ address: literal, family: isIP(literal) as 4 | 6 }]
    : await lookup(url.hostname, { all: true, verbatim: true });
  if (found.length === 0) throw new Error(`${url.hostname} does not resolve`);
  // Every address the name has must pass: a name that also points at the metadata service is refused outright.
  for (const entry of found)
    if (isRefusedAddress(entry.address))
      throw new RefusedAddressError(`${url.hostname} resolves to a refused address`);
  const first = found[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
