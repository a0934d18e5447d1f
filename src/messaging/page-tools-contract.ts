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

export const pageToolsGlobalRequests = {
  'page-tools/offers': z.undefined().or(z.object({}).strict()),
  /** Allows a site once (this browser session) or always. */
  'page-tools/allow': sitePayload.extend({ always: z.boolean() }),
  'page-tools/sites': z.undefined().or(z.object({}).strict()),
  /** Takes back a site's permission; its tools go at once. */
  'page-tools/forget': sitePayload,
};

export const pageToolsGlobalResults = {
  'page-tools/offers': z.object({ offers: z.array(siteOfferSchema) }),
  'page-tools/allow': z.object({ domain: z.string() }),
  'page-tools/sites': z.object({ sites: z.array(z.string()) }),
  'page-tools/forget': z.object({ domain: z.string() }),
};

export const pageToolsBroadcasts = [
  /** Sites waiting for the person changed. */
  z.object({
    type: z.literal('page-tools/offers/changed'),
    payload: z.object({ offers: z.array(siteOfferSchema) }),
  }),
] as const;
