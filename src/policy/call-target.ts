/**
 * Where a call of the browser's tools acts or sends (grants.ts `CallOrigin`), decided the same
 * way for the chat (src/chat-approval/chat-approval.ts) and the external clients' gate
 * (src/browser-access/gate.ts): the address's origin for a tool that loads one, no page for the
 * list of tabs, else the origin of the tab it acts on, which each looks up and pins its own way.
 */
import { normalizeUrl } from '../browser-tools/restricted-urls';
import { BROWSER_SERVER_ID } from '../messaging/browser-access-contract';
import { originOf } from './chat-sources';
import type { CallOrigin, ToolLike } from './grants';

/** Browser tools that load a URL of the model's choosing: where they send is their URL. */
const OPENS_PAGE = new Set(['navigate', 'tab_open']);

export function opensPage(tool: Pick<ToolLike, 'serverId' | 'name'>): boolean {
  return tool.serverId === BROWSER_SERVER_ID && OPENS_PAGE.has(tool.name);
}

/** A URL's origin and path, the part of an address that says which page it is. */
export function pageOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}

/**
 * Where a browser call acts, where that needs no tab: the origin of the address a page opener
 * loads (undefined for one that cannot be told), `null` for the list of tabs; "its tab" for a
 * call that acts on a tab, whose origin the caller looks up (chat-sources.ts `originOf`).
 */
export function browserCallOrigin(name: string, args: unknown): CallOrigin | 'its tab' {
  if (opensPage({ serverId: BROWSER_SERVER_ID, name })) {
    const url = (args as { url?: unknown } | undefined)?.url;
    return typeof url === 'string' ? originOf(normalizeUrl(url)) : undefined;
  }
  return name === 'tabs_list' ? null : 'its tab';
}
