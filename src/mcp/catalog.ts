/** A server Patchbay knows how to reach, built in or added by the user. */
export interface ServerConfig {
  id: string;
  name: string;
  url: string;
  description: string;
  requiresAuthentication: boolean;
  paid?: boolean;
  isCustom: boolean;
  /** Custom HTTP headers sent with every request to the server's origin. Background only. */
  headers?: { key: string; value: string }[];
  iconDataUrl?: string;
  /** A pre-registered OAuth client, for servers without dynamic client registration. */
  oauth?: { clientId?: string; clientSecret?: string; scopes?: string[] };
  /** The transport the vendor documents, so the first connection needs no probing. */
  transport?: 'streamable-http' | 'sse';
}

function monogram(letter: string, background: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${background}"/><text x="16" y="22" font-family="system-ui,sans-serif" font-size="17" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

/**
 * Built-in servers. URLs are the vendors' documented remote MCP endpoints (Notion, Linear,
 * Supabase, Context7 and DeepWiki docs; Ahrefs' MCP page). Linear's `/sse` endpoint speaks
 * the legacy HTTP+SSE transport.
 */
export const CATALOG: readonly ServerConfig[] = [
  {
    id: 'notion',
    name: 'Notion',
    url: 'https://mcp.notion.com/mcp',
    description: 'Search, read and edit pages and databases in your Notion workspace.',
    requiresAuthentication: true,
    isCustom: false,
    iconDataUrl: monogram('N', '#191919'),
    transport: 'streamable-http',
  },
  {
    id: 'linear',
    name: 'Linear',
    url: 'https://mcp.linear.app/sse',
    description: 'Find, create and update Linear issues, projects and comments.',
    requiresAuthentication: true,
    isCustom: false,
    iconDataUrl: monogram('L', '#5e6ad2'),
    transport: 'sse',
  },
  {
    id: 'ahrefs',
    name: 'Ahrefs',
    url: 'https://api.ahrefs.com/mcp/mcp',
    description: 'SEO data: backlinks, keywords, rankings and site audits.',
    requiresAuthentication: true,
    paid: true,
    isCustom: false,
    iconDataUrl: monogram('A', '#ff8800'),
    transport: 'streamable-http',
  },
  {
    id: 'supabase',
    name: 'Supabase',
    url: 'https://mcp.supabase.com/mcp',
    description: 'Manage Supabase projects: tables, SQL, migrations, logs and edge functions.',
    requiresAuthentication: true,
    isCustom: false,
    iconDataUrl: monogram('S', '#3ecf8e'),
    transport: 'streamable-http',
  },
  {
    id: 'context7',
    name: 'Context7',
    url: 'https://mcp.context7.com/mcp',
    description: 'Up-to-date documentation and code examples for libraries and frameworks.',
    requiresAuthentication: false,
    isCustom: false,
    iconDataUrl: monogram('C', '#0f766e'),
    transport: 'streamable-http',
  },
  {
    id: 'deepwiki',
    name: 'DeepWiki',
    url: 'https://mcp.deepwiki.com/mcp',
    description: 'Ask questions about public GitHub repositories and read their generated wikis.',
    requiresAuthentication: false,
    isCustom: false,
    iconDataUrl: monogram('D', '#2563eb'),
    transport: 'streamable-http',
  },
];

/**
 * The custom headers of a server as a plain record (values are secrets: background only). A
 * header without a value (restored or synced without its secret) is not sent.
 */
export function headersOf(config: ServerConfig): Record<string, string> {
  return Object.fromEntries(
    (config.headers ?? []).filter(({ value }) => value).map(({ key, value }) => [key, value]),
  );
}
