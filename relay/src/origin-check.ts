/**
 * DNS-rebinding and cross-site protection for every request and upgrade: the Host must be one
 * the relay answers for (on loopback: localhost, 127.0.0.1, [::1]), and an Origin, when a
 * browser sends one, must be an extension's or one the operator allowed. Desktop MCP clients
 * send no Origin.
 */
import type { IncomingMessage } from 'node:http';

export interface OriginPolicy {
  /** Host names (without port) accepted; empty = any (a relay behind a proxy with its own name). */
  hosts: string[];
  /** Web origins allowed besides extensions' (`chrome-extension://…`). */
  origins: string[];
  /** Bound to loopback: loopback origins are allowed too. */
  loopback?: boolean;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]', '::1'];

export function defaultPolicy(bindHost: string, origins: string[] = []): OriginPolicy {
  const loopback = LOOPBACK_HOSTS.includes(bindHost) || bindHost.startsWith('127.');
  return { hosts: loopback ? [...LOOPBACK_HOSTS, bindHost] : [], origins, loopback };
}

function originHost(origin: string): string {
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return '';
  }
}

function hostName(header: string): string {
  if (header.startsWith('[')) return header.slice(0, header.indexOf(']') + 1);
  return header.split(':')[0] ?? '';
}

/** Why the request is refused, or undefined when it may go on. */
export function refusal(request: IncomingMessage, policy: OriginPolicy): string | undefined {
  const host = request.headers.host;
  if (!host) return 'A Host header is required.';
  if (policy.hosts.length && !policy.hosts.includes(hostName(host).toLowerCase())) {
    return `Host ${hostName(host)} is not served here.`;
  }
  const origin = request.headers.origin;
  if (origin === undefined) return undefined;
  if (/^chrome-extension:\/\/[a-p]{32}$/.test(origin)) return undefined;
  if (policy.origins.includes(origin)) return undefined;
  // On loopback, pages of the same machine (as the SDK's localhost origin check allows): a
  // rebinding attack's page has its own name, never a loopback one.
  if (policy.loopback && LOOPBACK_HOSTS.includes(originHost(origin))) return undefined;
  return `Origin ${origin} is not allowed.`;
}
