/**
 * The relay's address as people write it (`http://127.0.0.1:3456`, `wss://relay.example`), and
 * the WebSocket URL the extension connects to (`/extension`, as the relay protocol names it).
 */
import { invalidInput } from '../errors/patchbay-error';

/** This machine, as the extension pages' connect-src allows it for plain ws: (wxt.config.ts). */
const LOOPBACK = new Set(['localhost', '127.0.0.1']);

/** The socket URL for a relay address; throws a PatchbayError naming the field when it is bad. */
export function extensionSocketUrl(address: string): string {
  const trimmed = address.trim();
  if (!trimmed)
    throw invalidInput('url', 'Enter the relay’s address, such as http://127.0.0.1:3456.');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw invalidInput(
      'url',
      `“${trimmed.slice(0, 100)}” is not an address: write it in full, such as http://127.0.0.1:3456.`,
    );
  }
  const secure = url.protocol === 'https:' || url.protocol === 'wss:';
  if (!secure && url.protocol !== 'http:' && url.protocol !== 'ws:') {
    throw invalidInput(
      'url',
      'The relay’s address starts with http://, https://, ws:// or wss://.',
    );
  }
  if (!secure && !LOOPBACK.has(url.hostname)) {
    // The relay token and everything the browser shows would cross the network in the clear.
    throw invalidInput(
      'url',
      'A relay on another machine must use https:// or wss://; plain http is only for this machine.',
    );
  }
  if (url.username || url.password) {
    throw invalidInput('url', 'Put the token in the Token field, not in the address.');
  }
  url.protocol = secure ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/+$/, '').replace(/\/(mcp|extension)$/, '')}/extension`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

/** The host (and port) a relay address reaches; empty for an address that is not one. */
export function relayHostOf(address: string): string {
  try {
    return new URL(extensionSocketUrl(address)).host;
  } catch {
    return '';
  }
}

/**
 * Whether a token saved with the relay address `saved` still goes with `address`: a token goes
 * only to the relay (host and port) it was saved for.
 */
export function tokenStaysWith(saved: string, address: string): boolean {
  return !saved || relayHostOf(saved) === relayHostOf(address);
}
