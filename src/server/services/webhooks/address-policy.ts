// Where a webhook may be sent (docs/webhooks.md "Address policy"): http and https only; loopback and private ranges
// are allowed (receivers inside the company network are normal for an internal tool), but never link-local or cloud
// metadata addresses, multicast or unspecified ones, however an IPv6 address spells them. A literal address is checked
// when the webhook is saved; every address a host name resolves to is checked again at send time, and the connection
// goes to the checked address.
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

/** The 16 bytes of a valid IPv6 address (`::`, a zone and a trailing dotted IPv4 part allowed). */
function ipv6Bytes(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head = '', tail] = text.split('::');
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const groups = [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

const ipv4At = (bytes: readonly number[], ...at: number[]) => at.map((i) => bytes[i]).join('.');
const zeros = (bytes: readonly number[], from: number, to: number) =>
  bytes.slice(from, to).every((byte) => byte === 0);

/**
 * The IPv4 addresses an IPv6 address carries, by the spellings that reach them: IPv4-mapped (`::ffff:a.b.c.d`),
 * IPv4-translated (`::ffff:0:a.b.c.d`), IPv4-compatible (`::a.b.c.d`, but not `::` and `::1`, which are IPv6's own),
 * and the NAT64 prefixes, whose translator forwards to the IPv4 address inside: the well-known `64:ff9b::/96`, and
 * the local-use `64:ff9b:1::/48`, where a network may place the IPv4 address at any of the RFC 6052 positions its
 * prefix length allows (/48, /56, /64 or /96), so each is judged. At the positions other than the last 32 bits a
 * reading of 0.x.x.x is left out: it is what those positions show of an address laid out after a /96, and no
 * translator forwards to it.
 */
function embeddedIpv4(address: string): string[] {
  const b = ipv6Bytes(address);
  const last = ipv4At(b, 12, 13, 14, 15);
  if (zeros(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return [last];
  if (zeros(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(b, 10, 12)) return [last];
  if (zeros(b, 0, 12)) return zeros(b, 12, 15) && (b[15] ?? 0) <= 1 ? [] : [last];
  const nat64 = b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b;
  if (nat64 && zeros(b, 4, 12)) return [last];
  if (nat64 && b[4] === 0x00 && b[5] === 0x01) {
    const elsewhere = [ipv4At(b, 6, 7, 9, 10), ipv4At(b, 7, 9, 10, 11), ipv4At(b, 9, 10, 11, 12)];
    return [last, ...elsewhere.filter((ipv4) => !ipv4.startsWith('0.'))];
  }
  return [];
}

/**
 * Whether the policy refuses an IP address. An IPv6 address that carries an IPv4 address (mapped, compatible, NAT64)
 * is also judged as that IPv4 address: `[::169.254.169.254]` and `[64:ff9b::a9fe:a9fe]` reach the metadata service as
 * surely as `169.254.169.254` does.
 */
export function isRefusedAddress(address: string): boolean {
  if (isIP(address) !== 6) return refused.check(address, 'ipv4');
  return refused.check(address, 'ipv6') || embeddedIpv4(address).some((ipv4) => refused.check(ipv4, 'ipv4'));
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

/** Every address a host name resolves to. */
export type ResolveHost = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

/** The system's resolver (the hosts file, then DNS), as a connection would resolve the name. */
export const systemResolver: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Resolves the URL's host and answers the address to connect to; throws when any resolved address is refused.
 * `resolve` is the system's resolver but in tests, which need a name to answer addresses no resolver gives on demand.
 */
export async function resolveAllowed(
  url: URL,
  resolve: ResolveHost = systemResolver,
): Promise<{ address: string; family: 4 | 6 }> {
  const literal = literalAddressOf(url);
  const found = literal ? [{ address: literal, family: isIP(literal) }] : await resolve(url.hostname);
  if (found.length === 0) throw new Error(`${url.hostname} does not resolve`);
  // Every address the name has must pass: a name that also points at the metadata service is refused outright.
  for (const entry of found)
    if (isRefusedAddress(entry.address))
      throw new RefusedAddressError(`${url.hostname} resolves to a refused address`);
  const first = found[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
