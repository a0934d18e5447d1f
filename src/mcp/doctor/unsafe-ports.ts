/**
 * Ports Chrome never connects to, failing with ERR_UNSAFE_PORT: other protocols' well-known
 * ports, where a crafted HTTP request could do harm. Chromium's `kRestrictedPorts`
 * (net/base/port_util.cc), which is the Fetch standard's list of bad ports plus 0.
 */
const UNSAFE_PORTS = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
  103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
  512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
  995, 1719, 1720, 1723, 2049, 3659, 4045, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669,
  6697, 10080,
]);

/** The port a request to `url` goes to (the scheme's default when the URL names none). */
export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** Whether Chrome refuses to connect to the port `url` names. */
export function isUnsafePort(url: URL): boolean {
  return UNSAFE_PORTS.has(portOf(url));
}
