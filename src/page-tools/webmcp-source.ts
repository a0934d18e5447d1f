/**
 * The WebMCP API of a page as a tab's tool source, in the content script's world: it talks to
 * Patchbay's bridge in the page's world (webmcp-bridge.ts) over the page's window, and turns
 * what WebMCP gives (tools with a JSON Schema, or the JSON string older Chromium returns;
 * `executeTool`'s string answers) into MCP's shapes. The page is untrusted: everything is
 * checked and bounded here, and again by the hub.
 */
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { PageToolSource, SourceTool } from './page-tool-source';
import { WEBMCP_CHANNEL, onChannel, type ToBridge } from './webmcp-channel';

/** The longest answer taken from a page's tool. */
export const MAX_ANSWER_CHARS = 1_000_000;
/** How long the bridge has to answer a request for the tools. */
const LIST_TIMEOUT_MS = 2_000;
/** How long a call may run in the page before the proxy stops waiting (the hub gives up sooner). */
const CALL_TIMEOUT_MS = 60_000;

function schemaOf(value: unknown): SourceTool['inputSchema'] {
  let schema = value;
  if (typeof schema === 'string') {
    try {
      schema = JSON.parse(schema);
    } catch {
      schema = undefined;
    }
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { type: 'object', properties: {} };
  }
  return { ...(schema as object), type: 'object' } as SourceTool['inputSchema'];
}

/** The tools a bridge reported, as MCP tools; entries that are not tools are dropped. */
export function toolsFromWebMcp(tools: unknown): SourceTool[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool): SourceTool[] => {
    if (typeof tool !== 'object' || tool === null) return [];
    const { name, title, description, inputSchema, annotations } = tool as Record<string, unknown>;
    if (typeof name !== 'string' || name === '') return [];
    const readOnly = (annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true;
    return [
      {
        name,
        ...(typeof title === 'string' && title ? { title } : {}),
        description: typeof description === 'string' ? description : '',
        inputSchema: schemaOf(inputSchema),
        // WebMCP's other hint, untrustedContentHint, says nothing new: every page's answer is
        // untrusted here.
        ...(readOnly ? { annotations: { readOnlyHint: true } } : {}),
      },
    ];
  });
}

const text = (value: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: value }],
  ...(isError ? { isError: true } : {}),
});

/**
 * `executeTool`'s answer as a tool result: a tool that returned MCP's result shape keeps it;
 * anything else is the text the page gave. A tool that threw is a tool error the model sees.
 */
export function resultFromWebMcp(ok: boolean, value: unknown): CallToolResult {
  if (!ok) return text(typeof value === 'string' ? value : 'The page’s tool failed.', true);
  if (value === null || value === undefined)
    return text('The page ran the tool; it gave no answer.');
  if (typeof value !== 'string')
    return text('The page’s tool gave an answer that is not text.', true);
  if (value.length > MAX_ANSWER_CHARS) return text('The page’s answer is too large.', true);
  try {
    const parsed = JSON.parse(value) as unknown;
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      Array.isArray((parsed as { content?: unknown }).content)
    ) {
      return parsed as CallToolResult;
    }
  } catch {
    // Plain text.
  }
  return text(value);
}

/**
 * Listens for the bridge from the start of the page (the API may appear at any time) and keeps
 * whether the page has WebMCP tools; `source()` relays them.
 */
export class WebMcpLink {
  #available = false;
  #tools: SourceTool[] = [];
  #toolListeners = new Set<(tools: SourceTool[]) => void>();
  #availabilityListeners = new Set<(available: boolean) => void>();
  #calls = new Map<string, (result: CallToolResult) => void>();

  constructor(private readonly win: Window) {
    win.addEventListener('message', (event) => {
      if (event.source !== win || !onChannel(event.data, 'extension')) return;
      const message = event.data as Record<string, unknown>;
      if (message.type === 'tools') this.#onTools(message.available === true, message.tools);
      if (message.type === 'result' && typeof message.id === 'string') {
        this.#calls.get(message.id)?.(resultFromWebMcp(message.ok === true, message.value));
      }
    });
  }

  get available(): boolean {
    return this.#available;
  }

  /** Called each time the page gains or loses the WebMCP API. */
  onAvailability(listener: (available: boolean) => void): void {
    this.#availabilityListeners.add(listener);
  }

  /** Asks the bridge where things stand (its answer comes as an event). */
  ask(): void {
    this.#post({ channel: WEBMCP_CHANNEL, to: 'page', type: 'list' });
  }

  #post(message: ToBridge) {
    this.win.postMessage(message, '*');
  }

  #onTools(available: boolean, tools: unknown) {
    this.#tools = available ? toolsFromWebMcp(tools) : [];
    for (const listener of this.#toolListeners) listener(this.#tools);
    if (available !== this.#available) {
      this.#available = available;
      for (const listener of this.#availabilityListeners) listener(available);
    }
  }

  /** The page's WebMCP tools as a source for the proxy. */
  source(): PageToolSource {
    const listeners = new Set<() => void>();
    let closed = false;
    let changed: (tools: SourceTool[]) => void = () => undefined;
    const onTools = (tools: SourceTool[]) => changed(tools);
    const close = async () => {
      if (closed) return;
      closed = true;
      this.#toolListeners.delete(onTools);
      this.#availabilityListeners.delete(onAvailability);
      for (const listener of listeners) listener();
    };
    // The page lost the API (a polyfill cleaned up): its tools are gone.
    const onAvailability = (available: boolean) => (available ? undefined : void close());
    this.#toolListeners.add(onTools);
    this.#availabilityListeners.add(onAvailability);
    return {
      announcesChanges: true,
      listTools: () =>
        new Promise<SourceTool[]>((resolve, reject) => {
          const timer = setTimeout(() => {
            this.#toolListeners.delete(answer);
            reject(new Error('The page did not list its WebMCP tools.'));
          }, LIST_TIMEOUT_MS);
          const answer = (tools: SourceTool[]) => {
            clearTimeout(timer);
            this.#toolListeners.delete(answer);
            resolve(tools);
          };
          this.#toolListeners.add(answer);
          this.ask();
        }),
      callTool: (name, args) =>
        new Promise<CallToolResult>((resolve, reject) => {
          const id = crypto.randomUUID();
          const timer = setTimeout(() => {
            this.#calls.delete(id);
            reject(new Error(`The page did not answer the call to ${name}.`));
          }, CALL_TIMEOUT_MS);
          this.#calls.set(id, (result) => {
            clearTimeout(timer);
            this.#calls.delete(id);
            resolve(result);
          });
          this.#post({
            channel: WEBMCP_CHANNEL,
            to: 'page',
            type: 'execute',
            id,
            name,
            args,
          });
        }),
      onToolsChanged: (listener) => (changed = listener),
      onClose: (listener) => listeners.add(listener),
      close,
    };
  }
}
