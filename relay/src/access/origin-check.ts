/**
 * DNS-rebinding and cross-site protection for every request and upgrade: the Host must be one
 * the relay answers for (the loopback names, the address it is bound to, or the operator's
 * `--allowed-hosts`), and an Origin, when a browser sends one, must be an extension's (only the
 * operator's `--allowed-extensions`, when named) or one the operator allowed. Desktop MCP clients
 * send no Origin.
 */
import type { IncomingMessage } from 'node:http';

export interface OriginPolicy {
  /** Host names (without port) accepted. */
  hosts: string[];
  /** Web origins allowed besides extensions' (`chrome-extension://…`). */
  origins: string[];
  /** Extension ids whose origins are allowed; empty = any extension's. */
  extensions?: string[];
  /** Bound to loopback: loopback origins are allowed too. */
  loopback?: boolean;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]', '::1'];
/** Addresses that mean "every interface": no Host is named by them. */
const WILDCARD_HOSTS = ['0.0.0.0', '::', '[::]'];
const EXTENSION_ORIGIN = /^chrome-extension:\/\/([a-p]{32})$/;

const isLoopback = (host: string) => LOOPBACK_HOSTS.includes(host) || host.startsWith('127.');

/**
 * What a relay bound to `bindHost` serves: the operator's host names when given; otherwise the
 * loopback names, and the bound address itself when it names one interface. A relay bound to
 * every interface (0.0.0.0) therefore answers other names only once they are listed.
 */
export function policyFor(options: {
  bindHost: string;
  allowedHosts?: string[];
  allowedOrigins?: string[];
  allowedExtensions?: string[];
}): OriginPolicy {
  const bind = options.bindHost.toLowerCase();
  const named = bind.includes(':') && !bind.startsWith('[') ? `[${bind}]` : bind;
  const hosts = options.allowedHosts?.length
    ? options.allowedHosts.map((host) => host.toLowerCase())
    : [...LOOPBACK_HOSTS, ...(WILDCARD_HOSTS.includes(bind) ? [] : [bind, named])];
  return {
    hosts,
    origins: options.allowedOrigins ?? [],
    extensions: options.allowedExtensions ?? [],
    // Loopback origins only for a loopback relay that serves loopback names.
    loopback: isLoopback(bind) && !options.allowedHosts?.length,
  };
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
  if (!policy.hosts.includes(hostName(host).toLowerCase())) {
    return `Host ${hostName(host)} is not served here (see --allowed-hosts).`;
  }
  const origin = request.headers.origin;
  if (origin === undefined) return undefined;
  if (policy.origins.includes(origin)) return undefined;
  const extension = EXTENSION_ORIGIN.exec(origin)?.[1];
  if (extension !== undefined) {
    if (!policy.extensions?.length || policy.extensions.includes(extension)) return undefined;
    return `Extension ${extension} is not allowed here (see --allowed-extensions).`;
  }
  // On loopback, pages of the same machine (as the SDK's localhost origin check allows): a
  // rebinding attack's page has its own name, never a loopback one.
  if (policy.loopback && LOOPBACK_HOSTS.includes(originHost(origin))) return undefined;
  return `Origin ${origin} is not allowed.`;
}
