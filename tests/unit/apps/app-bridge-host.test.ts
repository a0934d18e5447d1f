/**
 * Patchbay's host side of MCP Apps against ext-apps' own `App` (the library apps are built
 * with), linked in memory: what an app may ask, and what it is refused.
 */
import { App } from '@modelcontextprotocol/ext-apps';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createAppBridge,
  linkToOpen,
  MAX_APP_TEXT,
  type AppBridge,
  type AppHostPolicy,
} from '../../../src/apps/app-bridge-host';

function policy(overrides: Partial<AppHostPolicy> = {}): AppHostPolicy {
  return {
    callTool: vi.fn(async (name: string) => ({
      content: [{ type: 'text' as const, text: `ran ${name}` }],
    })),
    readResource: vi.fn(async (uri: string) => ({ contents: [{ uri, text: 'data' }] })),
    listResources: vi.fn(async () => ({ resources: [] })),
    openLink: vi.fn(async () => true),
    sendMessage: vi.fn(async () => true),
    updateModelContext: vi.fn(),
    requestDisplayMode: vi.fn((mode) => (mode === 'pip' ? 'inline' : mode)),
    sizeChanged: vi.fn(),
    teardownRequested: vi.fn(),
    initialized: vi.fn(),
    ...overrides,
  };
}

let bridge: AppBridge | undefined;
let app: App | undefined;

afterEach(async () => {
  await app?.close();
  await bridge?.close();
});

async function connect(host: AppHostPolicy) {
  const [appSide, hostSide] = InMemoryTransport.createLinkedPair();
  bridge = createAppBridge(host, {
    hostContext: { theme: 'dark', locale: 'en-GB', displayMode: 'inline' },
    csp: { connectDomains: ['https://api.example.com'] },
  });
  await bridge.connect(hostSide);
  app = new App({ name: 'Chart', version: '1.0.0' }, {}, { autoResize: false });
  await app.connect(appSide);
  return app;
}

describe('an app talking to Patchbay', () => {
  it('gets the host context and capabilities, and Patchbay hears it is ready', async () => {
    const host = policy();
    const view = await connect(host);
    expect(view.getHostContext()).toMatchObject({ theme: 'dark', locale: 'en-GB' });
    expect(view.getHostCapabilities()).toMatchObject({
      openLinks: {},
      serverTools: {},
      message: { text: {} },
      sandbox: { csp: { connectDomains: ['https://api.example.com'] }, permissions: {} },
    });
    await vi.waitFor(() => expect(host.initialized).toHaveBeenCalled(), { timeout: 4_000 });
  });

  it('calls its server’s tools and reads its resources through the policy', async () => {
    const host = policy();
    const view = await connect(host);
    const result = await view.callServerTool({ name: 'refresh_chart', arguments: { days: 7 } });
    expect(result.content).toEqual([{ type: 'text', text: 'ran refresh_chart' }]);
    expect(host.callTool).toHaveBeenCalledWith('refresh_chart', { days: 7 });
    const read = await view.readServerResource({ uri: 'ui://charts/data' });
    expect(read.contents[0]).toMatchObject({ uri: 'ui://charts/data', text: 'data' });
  });

  it('hears a refusal as an error with the policy’s sentence', async () => {
    const view = await connect(
      policy({
        callTool: async () => {
          throw new Error('The person denied this call.');
        },
      }),
    );
    await expect(view.callServerTool({ name: 'delete_all', arguments: {} })).rejects.toThrow(
      /denied this call/,
    );
  });

  it('opens web links only, and only when the person agrees', async () => {
    const openLink = vi.fn(async (url: string) => !url.includes('declined'));
    const view = await connect(policy({ openLink }));
    expect(await view.openLink({ url: 'https://example.com/docs' })).not.toHaveProperty(
      'isError',
      true,
    );
    expect(await view.openLink({ url: 'https://example.com/declined' })).toMatchObject({
      isError: true,
    });
    expect(openLink.mock.calls.map(([url]) => url)).toEqual([
      'https://example.com/docs',
      'https://example.com/declined',
    ]);
  });

  it.each(['javascript:alert(1)', 'chrome://settings', 'file:///etc/passwd'])(
    'refuses to open %s without asking the person',
    async (url) => {
      const openLink = vi.fn(async () => true);
      const view = await connect(policy({ openLink }));
      expect(await view.openLink({ url })).toMatchObject({ isError: true });
      expect(openLink).not.toHaveBeenCalled();
    },
  );

  it('sends text messages to the chat, and refuses other content and long text', async () => {
    const host = policy();
    const view = await connect(host);
    await view.sendMessage({ role: 'user', content: [{ type: 'text', text: 'Explain the dip' }] });
    expect(host.sendMessage).toHaveBeenCalledWith('Explain the dip');
    await expect(
      view.sendMessage({
        role: 'user',
        content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }],
      }),
    ).rejects.toThrow(/only text/);
    await expect(
      view.sendMessage({
        role: 'user',
        content: [{ type: 'text', text: 'x'.repeat(MAX_APP_TEXT + 1) }],
      }),
    ).rejects.toThrow(/longer than/);
    expect(host.sendMessage).toHaveBeenCalledTimes(1);
  });

  it('updates the model’s context with text and structured content; empty clears it', async () => {
    const host = policy();
    const view = await connect(host);
    await view.updateModelContext({
      content: [{ type: 'text', text: 'Showing March' }],
      structuredContent: { month: 3 },
    });
    expect(host.updateModelContext).toHaveBeenLastCalledWith({
      text: 'Showing March\n{"month":3}',
    });
    await view.updateModelContext({ content: [] });
    expect(host.updateModelContext).toHaveBeenLastCalledWith(undefined);
  });

  it('asks for display modes and size changes, and to be closed', async () => {
    const host = policy();
    const view = await connect(host);
    expect(await view.requestDisplayMode({ mode: 'fullscreen' })).toMatchObject({
      mode: 'fullscreen',
    });
    expect(await view.requestDisplayMode({ mode: 'pip' })).toMatchObject({ mode: 'inline' });
    await view.sendSizeChanged({ height: 320 });
    await view.requestTeardown();
    await vi.waitFor(() => expect(host.teardownRequested).toHaveBeenCalled(), { timeout: 4_000 });
    expect(host.sizeChanged).toHaveBeenCalledWith({ height: 320 });
  });

  it('hears the tool’s input and result, and is asked to tear down', async () => {
    const view = await connect(policy());
    const heard: string[] = [];
    view.ontoolinput = ({ arguments: args }) => heard.push(`input ${JSON.stringify(args)}`);
    view.ontoolresult = (result) => heard.push(`result ${JSON.stringify(result.content)}`);
    view.onteardown = async () => {
      heard.push('teardown');
      return {};
    };
    await bridge?.sendToolInput({ arguments: { days: 7 } });
    await bridge?.sendToolResult({ content: [{ type: 'text', text: 'ok' }] });
    await bridge?.teardownResource({});
    expect(heard).toEqual(['input {"days":7}', 'result [{"type":"text","text":"ok"}]', 'teardown']);
  });
});

describe('links an app may ask to open', () => {
  it.each<[string, boolean]>([
    ['https://example.com/a?b=c', true],
    ['http://localhost:3000/', true],
    ['https://user:secret@example.com/', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['chrome-extension://abc/sidepanel.html', false],
    ['not a url', false],
    [`https://example.com/${'a'.repeat(2100)}`, false],
  ])('%s', (url, allowed) => {
    expect(linkToOpen(url) !== undefined).toBe(allowed);
  });
});
