/**
 * The match patterns the proxy is registered with for an allowed site: its https pages, and its
 * plain http pages only on this machine (as the hub takes tools: siteOf in page-tool-hub.ts).
 * A pattern without a port matches every port.
 */
import { isLoopbackHost } from '../net/private-network';

export function sitePatterns(domain: string): string[] {
  const host = domain.toLowerCase();
  const local = isLoopbackHost(host) || host.endsWith('.localhost');
  return local ? [`https://${host}/*`, `http://${host}/*`] : [`https://${host}/*`];
}
