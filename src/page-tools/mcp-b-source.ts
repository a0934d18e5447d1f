/**
 * A page's own MCP server (MCP-B) as a tab's tool source, over MCP-B's tab transport with the
 * hand-written channel client of mcp-b-channel.ts (which says why not the SDK's `Client`): it
 * initializes, lists the tools (following cursors), runs calls, and follows the server's
 * list-changed notifications and its stopping.
 */
import type { CallToolResult } from '@modelcontextprotocol/client';
import {
  openChannelClient,
  PAGE_PROTOCOL_VERSION,
  PageChannelError,
  type ChannelClient,
} from './mcp-b-channel';
import { oneAtATime } from './one-at-a-time';
import { listToolPages } from './tool-pages';
import type { PageToolSource, SourceTool } from './page-tool-source';

export const PROXY_INFO = { name: 'patchbay-page-tools', version: '0.1.0' };

/** Versions of MCP a page's server may answer `initialize` with (MCP-B pages run SDK 1.x). */
const PAGE_PROTOCOL_VERSIONS = new Set(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']);
/** How long a page's server has for each listing request. */
const LIST_MS = 10_000;
/** How long a tool may run in the page (the hub gives up sooner on its own clock). */
const CALL_MS = 60_000;

interface PageTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: SourceTool['inputSchema'];
  annotations?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/**
 * The tools as the hub takes them. MCP-B marks a tool to keep after its tab closes with
 * `annotations.cache`; the MCP SDKs keep only the annotations MCP defines, so pages built with
 * them say it in `_meta.cache` instead, and either counts.
 */
function toolsOf(tools: readonly PageTool[]): SourceTool[] {
  return tools.map(({ name, title, description, inputSchema, annotations, _meta }) => {
    const cache =
      (annotations as { cache?: unknown } | undefined)?.cache === true ||
      (_meta as { cache?: unknown } | undefined)?.cache === true;
    const hints =
      annotations || cache ? { ...annotations, ...(cache ? { cache: true } : {}) } : undefined;
    return {
      name,
      ...(title ? { title } : {}),
      description: description ?? '',
      inputSchema,
      ...(hints ? { annotations: hints } : {}),
    };
  });
}

const isPageTool = (tool: unknown): tool is PageTool =>
  typeof tool === 'object' &&
  tool !== null &&
  typeof (tool as { name?: unknown }).name === 'string';

/**
 * MCP's handshake with the page's server: `initialize`, refused when the server answers with a
 * version Patchbay does not speak, then `notifications/initialized`. Resolves with whether the
 * server announces changes of its tool list.
 */
async function initialize(channel: ChannelClient, timeoutMs: number): Promise<boolean> {
  const result = await channel.request(
    'initialize',
    { protocolVersion: PAGE_PROTOCOL_VERSION, capabilities: {}, clientInfo: PROXY_INFO },
    timeoutMs,
  );
  if (
    typeof result.protocolVersion !== 'string' ||
    !PAGE_PROTOCOL_VERSIONS.has(result.protocolVersion)
  )
    throw new PageChannelError(
      `The page's MCP server speaks a version Patchbay does not: ${String(result.protocolVersion).slice(0, 40)}.`,
    );
  channel.notify('notifications/initialized');
  const capabilities = result.capabilities as { tools?: { listChanged?: unknown } } | undefined;
  return capabilities?.tools?.listChanged === true;
}

/** Connects to the page's server; rejects (and lets go of the channel) when none answers. */
export async function connectMcpB(
  win: Window,
  options: { timeoutMs?: number } = {},
): Promise<PageToolSource> {
  const timeoutMs = options.timeoutMs ?? 3_000;
  let changed: (tools: SourceTool[]) => void = () => undefined;
  let closedListener: () => void = () => undefined;
  let ready: () => void = () => undefined;
  let closed = false;
  let initialized = false;

  const close = () => {
    if (closed) return;
    closed = true;
    channel.close();
    closedListener();
  };
  const listTools = async () => toolsOf((await listToolPages(channel, LIST_MS)).filter(isPageTool));
  /** Lists again on a change (one listing at a time; a change meanwhile lists once more). */
  const relist = oneAtATime(
    () =>
      listTools().then(
        (tools) => (closed ? undefined : changed(tools)),
        () => undefined,
      ),
    () => closed,
  );

  const channel = openChannelClient(win, 'patchbay-page-tools', {
    onReady: () => ready(),
    onStopped: close,
    onNotification: (method) =>
      method === 'notifications/tools/list_changed' && initialized ? relist() : undefined,
  });
  try {
    // MCP-B's client transport waits for the server's "ready" before its first message; a server
    // already running answers the check at once.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new PageChannelError('No MCP server answered in the page.')),
        timeoutMs,
      );
      ready = () => {
        clearTimeout(timer);
        resolve();
      };
      channel.checkReady();
    });
    ready = () => undefined;
    const announcesChanges = await initialize(channel, timeoutMs);
    initialized = true;
    return {
      announcesChanges,
      listTools,
      callTool: async (name, args) =>
        (await channel.request(
          'tools/call',
          { name, arguments: args },
          CALL_MS,
        )) as unknown as CallToolResult,
      onToolsChanged: (listener) => (changed = listener),
      onClose: (listener) => (closedListener = listener),
      close: async () => close(),
    };
  } catch (error) {
    // No server answered: stop listening on the page's channel.
    closed = true;
    channel.close();
    throw error;
  }
}
