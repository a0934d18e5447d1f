/**
 * The message contract for page tools (websites' own tools, src/page-tools/): the sites that
 * offer tools and wait for the person, and the sites they always allow. The tools themselves are
 * listed with every other tool (`mcp/tools/list`, server id {@link PAGE_TOOLS_SERVER_ID}) and
 * called like them (`mcp/page-tools/tool/call`).
 */
import { z } from 'zod';

/** The server id page tools are listed and called under. */
export const PAGE_TOOLS_SERVER_ID = 'page-tools';

export const siteOfferSchema = z.object({
  domain: z.string(),
  toolCount: z.number().int().nonnegative(),
  tabIds: z.array(z.number().int()),
});
export type SiteOfferView = z.infer<typeof siteOfferSchema>;

const sitePayload = z.object({ domain: z.string().min(1).max(253) });

/** An allowed site's tools, for the Servers view ("This browser"). */
export const browserSiteSchema = z.object({
  domain: z.string(),
  tools: z.array(
    z.object({
      /** The tool's name in the page. */
      name: z.string(),
      description: z.string(),
      annotations: z.record(z.string(), z.unknown()).optional(),
      /** The numbers of the site's open tabs that offer it. */
      tabs: z.array(z.number().int()),
      /** Kept from an earlier visit (no open tab offers it). */
      kept: z.boolean(),
    }),
  ),
  /** Tools the person switched off (never offered to the model). */
  disabled: z.array(z.string()),
});
export type BrowserSiteView = z.infer<typeof browserSiteSchema>;

export const pageToolsGlobalRequests = {
  'page-tools/offers': z.undefined().or(z.object({}).strict()),
  /** Looks for tools in the tab the person is on (WebMCP's, of a site not allowed yet). */
  'page-tools/check-active': z.undefined().or(z.object({}).strict()),
  /** The panel is open on the active tab: a site not allowed yet gets the detector. */
  'page-tools/look': z.undefined().or(z.object({}).strict()),
  /** Allows a site once (this browser session) or always. */
  'page-tools/allow': sitePayload.extend({ always: z.boolean() }),
  'page-tools/sites': z.undefined().or(z.object({}).strict()),
  /** Takes back a site's permission; its tools go at once. */
  'page-tools/forget': sitePayload,
  'page-tools/list': z.undefined().or(z.object({}).strict()),
  /** Switches off these tools of the site (by their names in the page); the rest are on. */
  'page-tools/disabled/set': sitePayload.extend({
    names: z.array(z.string().min(1).max(128)).max(256),
  }),
};

export const pageToolsGlobalResults = {
  'page-tools/offers': z.object({ offers: z.array(siteOfferSchema) }),
  'page-tools/check-active': z.object({ offers: z.array(siteOfferSchema) }),
  /** `lookAgain`: the page answered with no tools yet; a later look may find some. */
  'page-tools/look': z.object({ lookAgain: z.boolean() }),
  'page-tools/allow': z.object({ domain: z.string() }),
  'page-tools/sites': z.object({ sites: z.array(z.string()) }),
  'page-tools/forget': z.object({ domain: z.string() }),
  'page-tools/list': z.object({ sites: z.array(browserSiteSchema) }),
  'page-tools/disabled/set': z.object({ names: z.array(z.string()) }),
};

export const pageToolsBroadcasts = [
  /** Sites waiting for the person changed. */
  z.object({
    type: z.literal('page-tools/offers/changed'),
    payload: z.object({ offers: z.array(siteOfferSchema) }),
  }),
] as const;
