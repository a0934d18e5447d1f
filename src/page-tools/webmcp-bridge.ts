/**
 * Patchbay's WebMCP bridge, run in the page's own world from the start of every page: where the
 * page has the WebMCP API (`document.modelContext`, native or polyfilled by
 * `@mcp-b/webmcp-polyfill`), it tells the proxy in the content script which tools the page
 * registered, each time they change, and runs the proxy's calls with `executeTool`. A polyfilled
 * API exists only in the page's world, which is why this part runs there.
 *
 * Our own code: MCP-B's runtime (`@mcp-b/global`) turns the API into a whole MCP server, some
 * 300 KB to put in every page; the two calls and one event used here need none of it. Kept tiny
 * (no libraries), as it runs in every page.
 */
import { WEBMCP_CHANNEL, onChannel, type ToBridge, type ToProxy } from './webmcp-channel';

/** The parts of `document.modelContext` the bridge uses (Chromium's and the polyfill's). */
interface ModelContextLike extends EventTarget {
  getTools(): Promise<RegisteredToolLike[]>;
  executeTool?(tool: RegisteredToolLike, input: unknown): Promise<string | null>;
}
interface RegisteredToolLike {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  annotations?: unknown;
}

/** How `executeTool` says it refused the arguments' form (Chromium's words, then the polyfill's). */
const INPUT_REFUSED = /invalid input object|failed to parse input arguments/i;

type Outgoing = ToProxy extends infer M
  ? M extends ToProxy
    ? Omit<M, 'channel' | 'to'>
    : never
  : never;

export function startWebMcpBridge(win: Window): void {
  const post = (message: Outgoing) => {
    try {
      win.postMessage({ channel: WEBMCP_CHANNEL, to: 'extension', ...message }, '*');
    } catch {
      // Something of the page's that cannot be cloned: the proxy hears nothing, and asks again.
    }
  };
  const usable = (): ModelContextLike | undefined => {
    const context = (win.document as Document & { modelContext?: ModelContextLike }).modelContext;
    return context &&
      typeof context.getTools === 'function' &&
      typeof context.executeTool === 'function'
      ? context
      : undefined;
  };
  const tell = async () => {
    const context = usable();
    const tools = context ? await context.getTools() : [];
    post({
      type: 'tools',
      available: Boolean(context),
      // Only what can be sent: a registered tool also carries its window.
      tools: tools.map(({ name, title, description, inputSchema, annotations }) => ({
        name,
        title,
        description,
        inputSchema,
        annotations,
      })),
    });
  };
  let watched: ModelContextLike | undefined;
  /** Starts listening to the page's API once it is there (a polyfill may come after us). */
  const watch = () => {
    const context = usable();
    if (!context || context === watched) return;
    watched = context;
    context.addEventListener('toolchange', () => void tell().catch(() => undefined));
    void tell().catch(() => undefined);
  };
  const execute = async (id: string, name: string, args: Record<string, unknown>) => {
    try {
      const context = usable();
      const tool = (await context?.getTools())?.find((each) => each.name === name);
      // A plain Error: this runs in the page, where only its message crosses (posted below).
      // eslint-disable-next-line no-restricted-syntax
      if (!context?.executeTool || !tool) throw new Error(`The page has no tool named ${name}.`);
      // The arguments' form changed with the draft: JSON text in the polyfill and Chromium before
      // 154, an object in Chromium since. Each refuses the other form before running the tool,
      // so the other form is tried on that refusal alone.
      const polyfilled = (context as { __isWebMCPPolyfill?: unknown }).__isWebMCPPolyfill === true;
      const forms = polyfilled ? [JSON.stringify(args), args] : [args, JSON.stringify(args)];
      let value: string | null;
      try {
        value = await context.executeTool(tool, forms[0]);
      } catch (error) {
        if (!INPUT_REFUSED.test(String((error as Error)?.message))) throw error;
        value = await context.executeTool(tool, forms[1]);
      }
      post({ type: 'result', id, ok: true, value });
    } catch (error) {
      post({ type: 'result', id, ok: false, value: String((error as Error)?.message ?? error) });
    }
  };
  win.addEventListener('message', (event) => {
    if (event.source !== win || !onChannel(event.data, 'page')) return;
    const message = event.data as ToBridge;
    watch();
    if (message.type === 'list') void tell().catch(() => undefined);
    else if (message.type === 'execute') void execute(message.id, message.name, message.args);
  });
  watch();
  win.document.addEventListener('DOMContentLoaded', watch, { once: true });
  win.addEventListener('load', watch, { once: true });
}
