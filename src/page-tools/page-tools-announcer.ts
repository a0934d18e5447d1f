/**
 * What the side panel hears of page tools: that the tools the chat lists changed, or the sites
 * waiting for the person did. The hub says something changed; the panel hears only about what
 * did.
 */
import { PAGE_TOOLS_SERVER_ID } from '../messaging/page-tools-contract';
import type { Broadcaster } from '../platform/ports';
import type { HubTool } from './hub-tool';
import type { SiteOffer } from './site-offers';

export function createPageToolsAnnouncer(broadcaster: Broadcaster) {
  let lastTools = '[]';
  let lastOffers = '[]';
  /** The chat lists the page tools again. */
  const toolsChanged = () =>
    broadcaster.broadcast({
      type: 'mcp/tools/changed',
      payload: { serverId: PAGE_TOOLS_SERVER_ID },
    });
  return {
    toolsChanged,
    /** The hub's tools now: told when they differ from the last told. */
    tools(tools: HubTool[]): void {
      const text = JSON.stringify(tools);
      if (text === lastTools) return;
      lastTools = text;
      toolsChanged();
    },
    /** The sites waiting now: told when they differ from the last told. */
    offers(offers: SiteOffer[]): void {
      const text = JSON.stringify(offers);
      if (text === lastOffers) return;
      lastOffers = text;
      broadcaster.broadcast({ type: 'page-tools/offers/changed', payload: { offers } });
    },
  };
}
