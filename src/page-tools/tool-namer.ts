/**
 * Names and descriptions of page tools as the model sees them (MCP-B's ToolNamer and
 * DescriptionBuilder): `website_tool_{domain}_tab{n}_{tool}` for a tool in an open tab,
 * `website_tool_{domain}__{tool}` for one kept from an earlier visit (`cache: true`), made
 * provider-safe with the same rule as every other tool name (src/model-tools/tool-names.ts).
 */
import { prefixedName, sanitize, shortHash } from '../model-tools/tool-names';

/** The longest a site may take in a name, so the tool's own name keeps room (64 in all). */
const MAX_SITE_LENGTH = 24;

/** The site as part of a name: sanitized, and shortened with a hash when long. */
function sitePart(domain: string): string {
  const site = sanitize(domain);
  if (site.length <= MAX_SITE_LENGTH) return site;
  return `${site.slice(0, MAX_SITE_LENGTH - 8)}_${shortHash(domain)}`;
}

export function tabToolName(domain: string, tabIndex: number, tool: string): string {
  return prefixedName(`website_tool_${sitePart(domain)}_tab${tabIndex}_`, tool);
}

/**
 * A kept tool's name: `__` after the site, which no tab's tool name has there (those have
 * `_tab{n}_`, and sanitized names never start with `_`), so the two kinds never collide.
 */
export function cachedToolName(domain: string, tool: string): string {
  return prefixedName(`website_tool_${sitePart(domain)}__`, tool);
}

/**
 * The page's description, after a line saying where the tool runs: the site and tab, whether
 * that tab is the one the person is looking at, or that the site will be opened to run it.
 */
export function describePageTool(
  description: string,
  where: { domain: string; tabIndex?: number; active?: boolean; url?: string },
): string {
  const origin =
    where.tabIndex === undefined
      ? `A tool of ${where.domain}, kept from an earlier visit; Patchbay opens ${where.url ?? where.domain} in a new tab to run it.`
      : `A tool of ${where.domain}, in its tab ${where.tabIndex}${where.active ? ' • the active tab' : ''}. It runs in that page, signed in as the person is there.`;
  return description.trim() ? `${origin}\n\n${description.trim()}` : origin;
}
