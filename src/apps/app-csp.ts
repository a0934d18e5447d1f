/**
 * The Content-Security-Policy an MCP App runs under, built from the `_meta.ui.csp` its server
 * declared on the UI resource (MCP Apps 2026-01-26, "Security"): the declared origins and nothing
 * else. Absent or empty lists mean the restrictive default: no network at all, inline code only.
 * Nested frames are never allowed, whatever `frameDomains` says (hosts may decline it). Nothing a
 * server sends can loosen the policy beyond that: every entry must be a plain origin (https or
 * wss; http or ws on this machine only), optionally with a `*.` wildcard over a domain of at
 * least two labels; keywords, schemes alone, paths and anything with quotes, spaces or
 * semicolons are dropped. ext-apps has no builder for this (its reference host builds the header
 * in a server script), so Patchbay writes its own.
 */
import { isLoopbackHost } from '../net/private-network';

/** What a server declared, as it arrived (untrusted). */
export interface AppCspDeclaration {
  connectDomains?: unknown;
  resourceDomains?: unknown;
  frameDomains?: unknown;
  baseUriDomains?: unknown;
}

/**
 * The declaration as Patchbay applies it: only the origins it accepted. `frameDomains` is never
 * honoured: apps get no nested frames (see the sandbox policy in wxt.config.ts).
 */
export interface AppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  baseUriDomains?: string[];
}

/** The most origins one list may name; a longer list is cut (the rest are refused). */
const MAX_ORIGINS = 32;

/**
 * `origin` as a CSP source expression when it is a safe, plain origin; undefined otherwise.
 * `https://*.example.com`, `https://cdn.example.com:8443`, `wss://live.example.com` and
 * `http://127.0.0.1:3000` pass; `*`, `https:`, `'unsafe-eval'`, `data:`, `http://example.com`
 * and `https://example.com/path` do not.
 */
export function cspOrigin(origin: unknown): string | undefined {
  if (typeof origin !== 'string') return undefined;
  const match = /^(https|wss|http|ws):\/\/(\*\.)?([a-z0-9.-]+)(:\d{1,5})?\/?$/i.exec(origin.trim());
  if (!match) return undefined;
  const [, scheme, wildcard, host, port] = match;
  if (!scheme || !host) return undefined;
  const lowerHost = host.toLowerCase();
  if (lowerHost.startsWith('.') || lowerHost.endsWith('.') || lowerHost.includes('..'))
    return undefined;
  // `https://*.com` would be every .com site: a wildcard needs a domain under it.
  if (wildcard && !lowerHost.includes('.')) return undefined;
  const plain = scheme.toLowerCase() === 'http' || scheme.toLowerCase() === 'ws';
  // Unencrypted origins only on this machine (a local server during development).
  if (plain && (wildcard || !isLoopbackHost(lowerHost))) return undefined;
  if (port && Number(port.slice(1)) > 65_535) return undefined;
  return `${scheme.toLowerCase()}://${wildcard ?? ''}${lowerHost}${port ?? ''}`;
}

function origins(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  const accepted = list.slice(0, MAX_ORIGINS * 8).map(cspOrigin);
  const unique = new Set(accepted.filter((origin): origin is string => origin !== undefined));
  return [...unique].slice(0, MAX_ORIGINS);
}

/** Sources of one directive: the fixed ones, then the declared origins, or `'none'`. */
function sources(fixed: string[], declared: string[], fallback = "'none'"): string {
  const all = [...fixed, ...declared];
  return all.length ? all.join(' ') : fallback;
}

/** The origins of `declaration` Patchbay accepts, list by list; empty lists left out. */
export function acceptedCsp(declaration: AppCspDeclaration | undefined): AppCsp {
  const accepted: AppCsp = {};
  for (const key of ['connectDomains', 'resourceDomains', 'baseUriDomains'] as const) {
    const list = origins(declaration?.[key]);
    if (list.length) accepted[key] = list;
  }
  return accepted;
}

/** The policy for an app that declared `declaration` (or nothing). */
export function buildAppCsp(declaration: AppCspDeclaration | undefined): string {
  const connect = origins(declaration?.connectDomains);
  const resource = origins(declaration?.resourceDomains);
  const baseUri = origins(declaration?.baseUriDomains);
  return [
    "default-src 'none'",
    `script-src ${sources(["'unsafe-inline'"], resource)}`,
    `style-src ${sources(["'unsafe-inline'"], resource)}`,
    `img-src ${sources(['data:', 'blob:'], resource)}`,
    `font-src ${sources(['data:'], resource)}`,
    `media-src ${sources(['data:', 'blob:'], resource)}`,
    `connect-src ${sources([], connect)}`,
    "frame-src 'none'",
    "object-src 'none'",
    `base-uri ${sources([], baseUri, "'self'")}`,
    "form-action 'none'",
  ].join('; ');
}

/**
 * `html` with the policy as the first thing its parser reads: right after a leading doctype (so
 * the page keeps its rendering mode), else at the very start. A `<meta>` before any other
 * element lands in `<head>`, so nothing in the app's markup can run before it applies, and a
 * policy once applied cannot be removed by the page.
 */
export function withCspMeta(html: string, csp: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${csp.replace(/"/g, '&quot;')}">`;
  const doctype = /^\uFEFF?\s*<!doctype[^>]*>/i.exec(html);
  if (!doctype) return `${meta}${html}`;
  return `${doctype[0]}${meta}${html.slice(doctype[0].length)}`;
}
