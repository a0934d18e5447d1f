// @vitest-environment jsdom
/**
 * WebMCP tools through Patchbay's bridge, against MCP-B's real polyfill of `document.modelContext`:
 * the bridge (page world) and the link (content-script world) share this window, as they share a
 * tab's. jsdom's postMessage gives no `source`, so the window's is replaced with the browser's
 * behaviour: an asynchronous message from this window.
 */
import { cleanupWebMCPPolyfill, initializeWebMCPPolyfill } from '@mcp-b/webmcp-polyfill';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWebMcpBridge } from '../../../src/page-tools/webmcp-bridge';
import {
  MAX_ANSWER_CHARS,
  resultFromWebMcp,
  toolsFromWebMcp,
  WebMcpLink,
} from '../../../src/page-tools/webmcp-source';

interface ModelContext {
  registerTool(tool: object, options?: { signal?: AbortSignal }): Promise<void>;
}
const modelContext = () => (document as unknown as { modelContext: ModelContext }).modelContext;

beforeAll(() => {
  window.postMessage = ((data: unknown) => {
    setTimeout(() => window.dispatchEvent(new MessageEvent('message', { data, source: window })));
  }) as typeof window.postMessage;
  // As at the start of a page: the bridge runs before the page's polyfill.
  startWebMcpBridge(window);
});

afterEach(() => cleanupWebMCPPolyfill());

describe('a page’s WebMCP tools, through the bridge', () => {
  it('are found once the page’s polyfill appears, listed, kept current and run', async () => {
    const link = new WebMcpLink(window);
    link.ask();
    await vi.waitFor(() => expect(link.available).toBe(false), { timeout: 4_000 });
    initializeWebMCPPolyfill();
    const registration = new AbortController();
    await modelContext().registerTool(
      {
        name: 'find_recipe',
        description: 'Finds a recipe.',
        inputSchema: { type: 'object', properties: { dish: { type: 'string' } } },
        annotations: { readOnlyHint: true },
        execute: async ({ dish }: { dish: string }) => `A recipe for ${dish}`,
      },
      { signal: registration.signal },
    );
    link.ask();
    await vi.waitFor(() => expect(link.available).toBe(true), { timeout: 4_000 });

    const source = link.source();
    expect(source.announcesChanges).toBe(true);
    await expect(source.listTools()).resolves.toEqual([
      {
        name: 'find_recipe',
        description: 'Finds a recipe.',
        inputSchema: { type: 'object', properties: { dish: { type: 'string' } } },
        annotations: { readOnlyHint: true },
      },
    ]);
    await expect(source.callTool('find_recipe', { dish: 'soup' })).resolves.toEqual({
      content: [{ type: 'text', text: 'A recipe for soup' }],
    });

    const changes: string[][] = [];
    source.onToolsChanged((tools) => changes.push(tools.map((tool) => tool.name)));
    await modelContext().registerTool({
      name: 'plan_meal',
      description: 'Adds a dish to the plan.',
      execute: async () => ({ content: [{ type: 'text', text: 'Planned' }] }),
    });
    await vi.waitFor(() => expect(changes.at(-1)).toEqual(['find_recipe', 'plan_meal']), {
      timeout: 4_000,
    });
    await expect(source.callTool('plan_meal', {})).resolves.toEqual({
      content: [{ type: 'text', text: 'Planned' }],
    });
    registration.abort();
    await vi.waitFor(() => expect(changes.at(-1)).toEqual(['plan_meal']), { timeout: 4_000 });
    await source.close();
  });

  it('reports a tool that throws, or one the page does not have, as a tool error', async () => {
    initializeWebMCPPolyfill();
    await modelContext().registerTool({
      name: 'checkout',
      description: 'Checks out.',
      execute: async () => {
        throw new Error('Sign in first');
      },
    });
    const link = new WebMcpLink(window);
    link.ask();
    await vi.waitFor(() => expect(link.available).toBe(true), { timeout: 4_000 });
    const source = link.source();
    const failed = await source.callTool('checkout', {});
    expect(failed.isError).toBe(true);
    expect(JSON.stringify(failed.content)).toContain('Sign in first');
    await expect(source.callTool('missing', {})).resolves.toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'The page has no tool named missing.' }],
    });
    await source.close();
  });

  it('closes the source when the page loses the API', async () => {
    initializeWebMCPPolyfill();
    const link = new WebMcpLink(window);
    link.ask();
    await vi.waitFor(() => expect(link.available).toBe(true), { timeout: 4_000 });
    const source = link.source();
    const closed = vi.fn();
    source.onClose(closed);
    cleanupWebMCPPolyfill();
    link.ask();
    await vi.waitFor(() => expect(closed).toHaveBeenCalledOnce(), { timeout: 4_000 });
    expect(link.available).toBe(false);
  });
});

describe('what a page reports, checked', () => {
  it('keeps tools with a name, parses the schema older Chromium sends as JSON text', () => {
    expect(
      toolsFromWebMcp([
        { name: 'a', description: 'A', inputSchema: '{"properties":{"q":{"type":"string"}}}' },
        { name: 'b', inputSchema: 'not json', annotations: { readOnlyHint: 'yes' } },
        { name: '', description: 'nameless' },
        null,
        'a string',
      ]),
    ).toEqual([
      {
        name: 'a',
        description: 'A',
        inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
      },
      { name: 'b', description: '', inputSchema: { type: 'object', properties: {} } },
    ]);
    expect(toolsFromWebMcp({ tools: [] })).toEqual([]);
  });

  it.each([
    [
      'an MCP result, kept',
      true,
      '{"content":[{"type":"text","text":"hi"}]}',
      { content: [{ type: 'text', text: 'hi' }] },
    ],
    [
      'JSON without content, as text',
      true,
      '{"total":3}',
      { content: [{ type: 'text', text: '{"total":3}' }] },
    ],
    [
      'no answer',
      true,
      null,
      { content: [{ type: 'text', text: 'The page ran the tool; it gave no answer.' }] },
    ],
    ['an answer that is not text', true, 42, { isError: true }],
    [
      'an answer too large',
      true,
      'x'.repeat(MAX_ANSWER_CHARS + 1),
      { isError: true, content: [{ type: 'text', text: 'The page’s answer is too large.' }] },
    ],
    [
      'a failure',
      false,
      'Sign in first',
      { isError: true, content: [{ type: 'text', text: 'Sign in first' }] },
    ],
  ])('turns %s into a tool result', (_case, ok, value, expected) => {
    expect(resultFromWebMcp(ok, value)).toMatchObject(expected);
  });
});

describe('the arguments’ form executeTool takes', () => {
  /** Chromium before 154: JSON text only, refusing an object before the tool runs. */
  function olderChromium(execute: (input: Record<string, unknown>) => string) {
    const context = Object.assign(new EventTarget(), {
      getTools: async () => [{ name: 'echo', description: 'Echoes.', inputSchema: '{}' }],
      executeTool: vi.fn(async (_tool: unknown, input: unknown) => {
        if (typeof input !== 'string') throw new DOMException('Failed to parse input arguments');
        return execute(JSON.parse(input) as Record<string, unknown>);
      }),
    });
    Object.defineProperty(document, 'modelContext', { value: context, configurable: true });
    return context;
  }
  afterEach(() => {
    delete (document as unknown as { modelContext?: unknown }).modelContext;
  });

  it('is tried the other way when the browser refuses the first before running the tool', async () => {
    const context = olderChromium((input) => `echo ${String(input.word)}`);
    const link = new WebMcpLink(window);
    link.ask();
    await vi.waitFor(() => expect(link.available).toBe(true), { timeout: 4_000 });
    await expect(link.source().callTool('echo', { word: 'hi' })).resolves.toEqual({
      content: [{ type: 'text', text: 'echo hi' }],
    });
    expect(context.executeTool.mock.calls.map(([, input]) => typeof input)).toEqual([
      'object',
      'string',
    ]);
  });

  it('is not tried again when the tool itself failed', async () => {
    const context = olderChromium(() => {
      throw new DOMException('Tool was executed but the invocation failed: out of stock');
    });
    context.executeTool.mockImplementationOnce(async () => {
      throw new DOMException('Tool was executed but the invocation failed: out of stock');
    });
    const link = new WebMcpLink(window);
    link.ask();
    await vi.waitFor(() => expect(link.available).toBe(true), { timeout: 4_000 });
    await expect(link.source().callTool('echo', {})).resolves.toMatchObject({ isError: true });
    expect(context.executeTool).toHaveBeenCalledOnce();
  });
});
