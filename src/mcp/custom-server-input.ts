import { invalidInput } from '../errors/patchbay-error';
import type { AddServerPayload } from '../messaging/contract';
import type { ServerConfig } from './catalog';
import { mayUsePlainHttp } from '../net/private-network';

/** Largest icon Patchbay stores, in bytes of image data. */
export const MAX_ICON_BYTES = 64 * 1024;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the transports set themselves; letting a user override them breaks the protocol. */
const RESERVED_HEADERS = new Set([
  'accept',
  'content-type',
  'content-length',
  'host',
  'connection',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
]);
const ICON_DATA_URL = /^data:image\/(png|jpeg|svg\+xml);base64,([A-Za-z0-9+/]+={0,2})$/;

export type CustomServerFields = Omit<ServerConfig, 'id' | 'isCustom' | 'requiresAuthentication'>;

/**
 * Checks what a person entered for a custom server and returns it normalized, or throws an
 * `invalid-input` error naming the field. `others` are the servers it must not duplicate.
 */
export function validateCustomServerInput(
  input: AddServerPayload,
  others: readonly ServerConfig[],
): CustomServerFields {
  const name = input.name.trim();
  if (!name) throw invalidInput('name', 'Give the server a name.');
  if (name.length > 60) throw invalidInput('name', 'Keep the name under 60 characters.');
  if (others.some((server) => server.name.toLowerCase() === name.toLowerCase())) {
    throw invalidInput('name', `A server named "${name}" already exists. Pick another name.`);
  }

  const url = validateUrl(input.url);
  if (others.some((server) => sameEndpoint(server.url, url))) {
    throw invalidInput('url', 'A server with this URL is already in your list.');
  }

  const fields: CustomServerFields = {
    name,
    url,
    description: `Custom server at ${new URL(url).host}`,
  };
  const headers = validateHeaders(input.headers ?? []);
  if (headers.length > 0) fields.headers = headers;
  if (input.iconDataUrl) fields.iconDataUrl = validateIcon(input.iconDataUrl);
  const oauth = validateOAuth(input.oauth);
  if (oauth) fields.oauth = oauth;
  return fields;
}

/** Query parameter names that carry credentials (api_key, access_token, secret, …). */
const SECRET_PARAMETER =
  /^(api[-_]?key|apikey|key|access[-_]?token|auth[-_]?token|token|secret|client[-_]?secret|password|passwd|pwd|auth|authorization|sig|signature)$/i;

/** The URL a custom server may have (https, or plain http on this machine or the own network). */
export function validateUrl(raw: string): string {
  const text = raw.trim();
  if (!text) throw invalidInput('url', 'Enter the server URL, e.g. https://example.com/mcp.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalidInput(
      'url',
      `"${text}" is not a valid URL. Include the scheme, e.g. https://example.com/mcp.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalidInput('url', `Use an https:// URL (got ${url.protocol}).`);
  }
  if (url.protocol === 'http:' && !mayUsePlainHttp(url)) {
    throw invalidInput(
      'url',
      `Plain http is only allowed for servers on this machine or your own network (a private address, or a name ending in .local, .lan, .internal or .home.arpa). Use https:// for ${url.hostname}.`,
    );
  }
  if (url.username || url.password) {
    throw invalidInput('url', 'Put credentials in a header, not in the URL.');
  }
  const secret = [...url.searchParams.keys()].find((name) => SECRET_PARAMETER.test(name));
  if (secret) {
    throw invalidInput(
      'url',
      `The URL carries what looks like a secret ("${secret}") in its query string, where it would be shown and exported with the server. Send it in a header instead (Authorization, or the header the server documents).`,
    );
  }
  url.hash = '';
  return url.href;
}

/** True when two server URLs name the same endpoint (scheme, host, port, path and query). */
export function sameEndpoint(a: string, b: string): boolean {
  try {
    const left = new URL(a);
    const right = new URL(b);
    const trim = (path: string) => path.replace(/\/+$/, '');
    return (
      left.origin === right.origin &&
      trim(left.pathname) === trim(right.pathname) &&
      left.search === right.search
    );
  } catch {
    return false;
  }
}

function validateHeaders(
  headers: { key: string; value: string }[],
): { key: string; value: string }[] {
  const seen = new Set<string>();
  const result: { key: string; value: string }[] = [];
  headers.forEach((header, index) => {
    const key = header.key.trim();
    const value = header.value.trim();
    if (!key && !value) return; // an empty row in the form
    const field = `headers.${index}`;
    if (!HEADER_NAME.test(key)) {
      throw invalidInput(
        `${field}.key`,
        `"${key}" is not a valid header name: use letters, digits and - only.`,
      );
    }
    if (RESERVED_HEADERS.has(key.toLowerCase())) {
      throw invalidInput(`${field}.key`, `Patchbay sets ${key} itself; remove this header.`);
    }
    if (!value) {
      throw invalidInput(`${field}.value`, `Enter a value for ${key}, or remove the header.`);
    }
    if (seen.has(key.toLowerCase()))
      throw invalidInput(`${field}.key`, `The header ${key} is listed twice.`);
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is rejected
    if (/[\r\n\u0000]/.test(header.value)) {
      throw invalidInput(
        `${field}.value`,
        `The value of ${key} contains a line break; paste it on one line.`,
      );
    }
    seen.add(key.toLowerCase());
    result.push({ key, value });
  });
  return result;
}

function validateIcon(dataUrl: string): string {
  const match = ICON_DATA_URL.exec(dataUrl);
  if (!match) throw invalidInput('iconDataUrl', 'The icon must be a PNG, JPEG or SVG image.');
  const base64 = match[2] ?? '';
  const bytes =
    Math.floor((base64.length * 3) / 4) -
    (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  if (bytes > MAX_ICON_BYTES) {
    throw invalidInput(
      'iconDataUrl',
      `The icon is ${Math.ceil(bytes / 1024)} KB; the limit is 64 KB.`,
    );
  }
  return dataUrl;
}

function validateOAuth(oauth: AddServerPayload['oauth']): ServerConfig['oauth'] | undefined {
  if (!oauth) return undefined;
  const clientId = oauth.clientId?.trim();
  const clientSecret = oauth.clientSecret?.trim();
  const scopes = (oauth.scopes ?? []).map((scope) => scope.trim()).filter(Boolean);
  if (clientSecret && !clientId)
    throw invalidInput('oauth.clientId', 'A client secret needs its client ID.');
  if (!clientId && scopes.length === 0) return undefined;
  return {
    ...(clientId ? { clientId } : {}),
    ...(clientSecret ? { clientSecret } : {}),
    ...(scopes.length ? { scopes } : {}),
  };
}
