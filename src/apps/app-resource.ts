/**
 * An MCP App's interface as its server serves it: the `ui://` resource a tool names, read with
 * `resources/read`. Its HTML comes as text or base64; its `_meta.ui` carries the origins it
 * needs (`csp`) and whether it wants a border. Anything else is refused with a sentence.
 */
import { PatchbayError } from '../errors/patchbay-error';
import type { ResourceContents } from '../messaging/features-contract';
import { acceptedCsp, type AppCsp } from './app-csp';
import { APP_MIME_TYPE } from './tool-ui';

/** The largest app Patchbay loads: a single-file app with its scripts inlined fits easily. */
export const MAX_APP_BYTES = 5 * 1024 * 1024;

export interface AppResource {
  uri: string;
  html: string;
  /** The origins it declared that Patchbay accepts (see app-csp.ts). */
  csp?: AppCsp;
  prefersBorder?: boolean;
}

/** Whether a MIME type is the MCP App profile of HTML (parameters in any order or case). */
export function isAppMimeType(mimeType: string | undefined): boolean {
  if (!mimeType) return false;
  const [type, ...parameters] = mimeType.split(';').map((part) => part.trim().toLowerCase());
  return type === 'text/html' && parameters.includes('profile=mcp-app');
}

function decodeBase64Utf8(blob: string): string {
  const binary = atob(blob);
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The app in a `resources/read` answer for `uri`, or a `PatchbayError` saying what is wrong. */
export function appResourceFrom(
  uri: string,
  contents: readonly ResourceContents[],
  serverName: string,
): AppResource {
  const item = contents.find((candidate) => candidate.uri === uri) ?? contents[0];
  const unusable = (why: string) =>
    new PatchbayError('request-failed', `${serverName}'s app (${uri}) ${why}`);
  if (!item) throw unusable('came back empty.');
  if (!isAppMimeType(item.mimeType))
    throw unusable(
      `is not an MCP App: its type is ${item.mimeType ?? 'not given'}, not ${APP_MIME_TYPE}.`,
    );
  let html: string;
  if (typeof item.text === 'string') html = item.text;
  else if (typeof item.blob === 'string') {
    if (item.blob.length > (MAX_APP_BYTES * 4) / 3 + 4) throw unusable('is larger than 5 MB.');
    try {
      html = decodeBase64Utf8(item.blob);
    } catch {
      throw unusable('is not valid base64.');
    }
  } else throw unusable('has no content.');
  if (new Blob([html]).size > MAX_APP_BYTES) throw unusable('is larger than 5 MB.');
  if (!html.trim()) throw unusable('is empty.');
  const ui = (item._meta as { ui?: { csp?: unknown; prefersBorder?: unknown } } | undefined)?.ui;
  const resource: AppResource = { uri, html };
  if (ui && typeof ui.csp === 'object' && ui.csp !== null) resource.csp = acceptedCsp(ui.csp);
  if (typeof ui?.prefersBorder === 'boolean') resource.prefersBorder = ui.prefersBorder;
  return resource;
}
