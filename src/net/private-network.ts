/**
 * Where plain http may go. Loopback (`localhost`, `127.0.0.1`) is this machine. The person's own
 * network is private IPv4 (10/8, 172.16/12, 192.168/16), link-local (169.254/16), IPv6 unique
 * local addresses (fc00::/7), and names only a local network resolves (`.local` from mDNS,
 * `.lan`, `.internal`, `.home.arpa`): a Home Assistant at `http://homeassistant.local:8123`, a
 * NAS at `http://192.168.1.20`. Anything else is the public internet, where plain http lets
 * anyone on the way read and answer for the server, so it needs https.
 */

/** Names only a local network resolves (RFC 6762 `.local`, RFC 8375 `.home.arpa`, and common use). */
const LOCAL_SUFFIXES = ['.local', '.lan', '.internal', '.home.arpa'];

/** True for the hosts of this machine that the extension's pages may reach over plain http. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '127.0.0.1';
}

/** The four numbers of a dotted IPv4 address, or undefined (URL already normalizes forms). */
function ipv4Of(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const numbers = parts.map(Number);
  return numbers.every((value) => value <= 255) ? numbers : undefined;
}

/** The first 16 bits of a bracketed IPv6 literal (`[fd00::1]` as URL gives it), or undefined. */
function ipv6HeadOf(host: string): number | undefined {
  if (!host.startsWith('[') || !host.endsWith(']')) return undefined;
  const head = host.slice(1, -1).split(':')[0];
  if (head === undefined || !/^[0-9a-f]{1,4}$/i.test(head)) return undefined;
  return Number.parseInt(head, 16);
}

/** True for a host on the person's own network (not this machine, not the internet). */
export function isPrivateNetworkHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const v4 = ipv4Of(host);
  if (v4) {
    const [a, b] = v4 as [number, number, number, number];
    return (
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  const v6 = ipv6HeadOf(host);
  // fc00::/7: the first seven bits are 1111 110.
  if (v6 !== undefined) return (v6 & 0xfe00) === 0xfc00;
  return LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
}

/** Whether a server at `url` may be reached over plain http: this machine or the own network. */
export function mayUsePlainHttp(url: URL): boolean {
  return isLoopbackHost(url.hostname) || isPrivateNetworkHost(url.hostname);
}

/**
 * Whether traffic to a server at `url` crosses the person's network unencrypted (plain http to
 * a host of that network): the form and the server's card say so. Plain http to the internet
 * is refused, not warned about.
 */
export function isUnencrypted(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' && isPrivateNetworkHost(parsed.hostname);
  } catch {
    return false;
  }
}

/** What the form and the card say of a server reached over plain http on the own network. */
export const UNENCRYPTED_WARNING =
  'Traffic to this server is not encrypted; use it only on networks you trust.';
