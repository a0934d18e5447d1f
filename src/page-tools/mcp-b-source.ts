/**
 * A page's own MCP server (MCP-B) as a tab's tool source: an SDK client over `@mcp-b/transports`'
 * tab transport, its requests kept apart from other clients on the page's channel.
 */
import {
  Client,
  type JSONRPCMessage,
  type Tool,
  type Transport,
} from '@modelcontextprotocol/client';
import type { PageToolSource, SourceTool } from './page-tool-source';

export const PROXY_INFO = { name: 'patchbay-page-tools', version: '0.1.0' };

/**
 * Keeps this client's requests apart from any other client on the page's channel (the page's
 * own, or another extension's): the tab transport delivers every answer to every client, and
 * SDK clients number requests from 0, so ids would collide. Outgoing ids become unique strings;
 * answers to ids this client did not send are dropped.
 */
export function isolateRequestIds(
  inner: Transport,
  prefix: string = crypto.randomUUID(),
): Transport {
  const sent = new Map<string, string | number>();
  const wrapper: Transport = {
    start: () => inner.start(),
    close: () => inner.close(),
    async send(message, options) {
      if ('id' in message && 'method' in message) {
        const id = `${prefix}:${String(message.id)}`;
        sent.set(id, message.id);
        return inner.send({ ...message, id } as JSONRPCMessage, options);
      }
      return inner.send(message, options);
    },
  };
  inner.onclose = () => wrapper.onclose?.();
  inner.onerror = (error) => wrapper.onerror?.(error);
  inner.onmessage = (message, extra) => {
    if ('id' in message && !('method' in message)) {
      const original = sent.get(String(message.id));
      if (original === undefined) return; // another client's answer
      sent.delete(String(message.id));
      wrapper.onmessage?.({ ...message, id: original } as JSONRPCMessage, extra);
      return;
    }
    wrapper.onmessage?.(message, extra);
  };
  return wrapper;
}

/**
 * The tools as the hub takes them. MCP-B marks a tool to keep after its tab closes with
 * `annotations.cache`; the MCP SDKs keep only the annotations MCP defines, so pages built with
 * them say it in `_meta.cache` instead, and either counts.
 */
function toolsOf(tools: readonly Tool[]): SourceTool[] {
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

/** Connects to the page's server; rejects (and lets go of the channel) when none answers. */
export async function connectMcpB(
  transport: Transport,
  options: { timeoutMs?: number } = {},
): Promise<PageToolSource> {
  let changed: (tools: SourceTool[]) => void = () => undefined;
  const client = new Client(PROXY_INFO, {
    listChanged: {
      tools: {
        debounceMs: 0,
        onChanged: (error, tools) => (!error && tools ? changed(toolsOf(tools)) : undefined),
      },
    },
  });
  try {
    await client.connect(isolateRequestIds(transport), { timeout: options.timeoutMs ?? 3_000 });
  } catch (error) {
    // No server answered: stop listening on the page's channel.
    await transport.close().catch(() => undefined);
    throw error;
  }
  return {
    announcesChanges: Boolean(client.getServerCapabilities()?.tools?.listChanged),
    listTools: async () => toolsOf((await client.listTools()).tools),
    callTool: async (name, args) =>
      (await client.callTool({ name, arguments: args })) as Awaited<
        ReturnType<PageToolSource['callTool']>
      >,
    onToolsChanged: (listener) => (changed = listener),
    onClose: (listener) => (client.onclose = listener),
    close: () => client.close(),
  };
}
