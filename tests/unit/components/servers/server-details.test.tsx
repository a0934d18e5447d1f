// @vitest-environment happy-dom
import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
} from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerDetailsData } from '../../../../components/servers/details-state';
import type { ServerCardProps } from '../../../../components/servers/ServerCard';
import { openCardDetails, renderOpenServerCard } from '../../../helpers/server-card';
import {
  ServerDetails,
  type ServerDetailsProps,
} from '../../../../components/servers/ServerDetails';
import { ServersPanel } from '../../../../components/servers/ServersPanel';
import { useServerDetails } from '../../../../components/servers/use-server-details';
import { useServers } from '../../../../components/servers/use-servers';
import { createPatchbayClient } from '../../../../src/messaging/client';
import type { Broadcast, ServerView } from '../../../../src/messaging/contract';
import type { ResourceView } from '../../../../src/messaging/features-contract';
import { createMemoryStore } from '../../../../src/platform/memory';
import { createMemoryPermissions } from '../../../../src/platform/memory-permissions';
import {
  createBrowserPermissions,
  WEBSITE_TOOLS_PERMISSIONS,
  whatSiteAccessAllows,
} from '../../../../src/permissions/browser-permissions';
import { withClient } from '../../../helpers/with-client';

afterEach(cleanup);

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const SVG = 'data:image/svg+xml;base64,PHN2Zy8+';

const server: ServerView = {
  id: 'custom-1',
  name: 'Docs',
  url: 'https://docs.example.com/mcp',
  description: 'Custom server at docs.example.com',
  requiresAuthentication: false,
  isCustom: true,
  isEnabled: true,
  status: { state: 'connected' },
  toolCount: 1,
  features: { resources: true, resourceSubscriptions: false, prompts: true, completions: false },
};

const readme: ResourceView = {
  serverId: 'custom-1',
  name: 'readme',
  title: 'Read me',
  uri: 'docs://readme.md',
  mimeType: 'text/markdown',
  size: 2048,
  iconDataUrl: PNG,
};

const allSitesHeld = createBrowserPermissions(
  createMemoryPermissions(WEBSITE_TOOLS_PERMISSIONS),
  WEBSITE_TOOLS_PERMISSIONS,
  whatSiteAccessAllows,
);

function details(overrides: Partial<ServerDetailsProps> = {}) {
  const props: ServerDetailsProps = {
    server,
    data: {},
    onSamplingChange: vi.fn(),
    onLoad: vi.fn(),
    onLoadMore: vi.fn(),
    onRetry: vi.fn(),
    onOpenResource: vi.fn(),
    onClosePreview: vi.fn(),
    ...overrides,
  };
  const view = render(<ServerDetails {...props} />);
  return { props, ...view };
}

/** Opens (or closes) a `<details>` section by clicking its summary. */
function openSection(title: string) {
  const summary = screen.getByText(title, { selector: 'summary' });
  fireEvent.click(summary);
  return summary.closest('details')!;
}

describe('a connected server’s details', () => {
  it('shows the instructions as plain text, never as markup', () => {
    const { container } = details({
      server: {
        ...server,
        instructions: 'Use search first.\n<script>alert(1)</script><img src="https://x.example/p">',
      },
    });
    const section = openSection('Instructions for the model');
    expect(section.querySelector('.server-instructions')?.textContent).toBe(
      'Use search first.\n<script>alert(1)</script><img src="https://x.example/p">',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(
      screen.getByText(
        "Patchbay adds these to the model's instructions while Docs is switched on.",
      ),
    ).toBeTruthy();
  });

  it('binds the switch that lets it ask the model to write text, saying so plainly', () => {
    const label = 'Let Docs ask your model to write text';
    const off = details();
    const toggle = screen.getByRole<HTMLInputElement>('switch', { name: label });
    expect(toggle.checked).toBe(false);
    expect(screen.getByText(label)).toBeTruthy();
    // The protocol's term comes as a detail, after the plain words.
    expect(
      screen.getByText(
        'Each request still asks you first and shows you the answer before it is sent. MCP calls this sampling.',
      ),
    ).toBeTruthy();
    fireEvent.click(toggle);
    expect(off.props.onSamplingChange).toHaveBeenCalledWith(true);
    cleanup();

    const on = details({ server: { ...server, samplingEnabled: true } });
    const checked = screen.getByRole<HTMLInputElement>('switch', { name: label });
    expect(checked.checked).toBe(true);
    fireEvent.click(checked);
    expect(on.props.onSamplingChange).toHaveBeenCalledWith(false);
  });

  it('leaves out the sections of features the server lacks', () => {
    details({ server: { ...server, features: undefined } });
    expect(screen.queryByText('Resources')).toBeNull();
    expect(screen.queryByText('Prompts')).toBeNull();
    expect(screen.queryByText('Instructions for the model')).toBeNull();
    expect(screen.getByLabelText('Let Docs ask your model to write text')).toBeTruthy();
    cleanup();

    details({
      server: {
        ...server,
        features: {
          resources: false,
          resourceSubscriptions: false,
          prompts: true,
          completions: false,
        },
      },
    });
    expect(screen.queryByText('Resources')).toBeNull();
    expect(screen.getByText('Prompts', { selector: 'summary' })).toBeTruthy();
  });

  it('loads a section the first time it is opened, not before', () => {
    const { props, rerender } = details();
    expect(props.onLoad).not.toHaveBeenCalled();
    const section = openSection('Resources');
    expect(section.open).toBe(true);
    expect(props.onLoad).toHaveBeenCalledTimes(1);
    expect(props.onLoad).toHaveBeenCalledWith('resources');
    expect(screen.getByText('Loading resources…')).toBeTruthy();

    // Once loaded, closing and opening again does not ask again.
    rerender(
      <ServerDetails {...props} data={{ resources: { items: [readme], loading: false } }} />,
    );
    openSection('Resources');
    expect(section.open).toBe(false);
    expect(screen.queryByText('Read me')).toBeNull();
    openSection('Resources');
    expect(props.onLoad).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Read me')).toBeTruthy();

    openSection('Prompts');
    expect(props.onLoad).toHaveBeenLastCalledWith('prompts');
  });

  it('lists resources with "Load more" only while the server has another page', () => {
    const data: ServerDetailsData = {
      resources: { items: [readme], loading: false },
      templates: { items: [], loading: false },
    };
    const { props, rerender } = details({ data });
    openSection('Resources');
    const row = screen.getByRole('button', { name: /Read me/ });
    expect(row.textContent).toContain('docs://readme.md');
    expect(row.textContent).toContain('text/markdown · 2 KB');
    expect(row.querySelector('img')?.getAttribute('src')).toBe(PNG);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.queryByText('Templates')).toBeNull();

    rerender(
      <ServerDetails
        {...props}
        data={{ ...data, resources: { items: [readme], nextCursor: 'page-2', loading: false } }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(props.onLoadMore).toHaveBeenCalledWith('resources');
  });

  it('opens a resource, shows its preview and closes it', () => {
    const data: ServerDetailsData = { resources: { items: [readme], loading: false } };
    const { props, rerender } = details({ data });
    openSection('Resources');
    fireEvent.click(screen.getByRole('button', { name: /Read me/ }));
    expect(props.onOpenResource).toHaveBeenCalledWith('docs://readme.md');

    rerender(
      <ServerDetails {...props} data={{ ...data, preview: { uri: readme.uri, loading: true } }} />,
    );
    expect(screen.getByText('Reading Read me…')).toBeTruthy();

    rerender(
      <ServerDetails
        {...props}
        data={{
          ...data,
          preview: {
            uri: readme.uri,
            loading: false,
            contents: [{ uri: readme.uri, mimeType: 'text/plain', text: 'Hello from the docs' }],
          },
        }}
      />,
    );
    const preview = screen.getByRole('region', { name: 'Preview of Read me' });
    expect(preview.textContent).toContain('Hello from the docs');
    expect(screen.getByRole('button', { name: /Read me/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(props.onClosePreview).toHaveBeenCalled();
  });

  it('says why a list failed and retries it', () => {
    const { props } = details({
      data: {
        resources: { items: [], loading: false, error: 'Docs could not list its resources.' },
        templates: { items: [], loading: false },
      },
    });
    openSection('Resources');
    expect(screen.getByRole('alert').textContent).toContain('Docs could not list its resources.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(props.onRetry).toHaveBeenCalledWith('resources');
  });

  it('lists templates and prompts with their arguments', () => {
    const { props } = details({
      data: {
        resources: { items: [], loading: false },
        templates: {
          items: [
            {
              serverId: 'custom-1',
              name: 'page',
              uriTemplate: 'docs://pages/{slug}',
            },
          ],
          loading: false,
        },
        prompts: {
          items: [
            {
              serverId: 'custom-1',
              name: 'summarize',
              title: 'Summarize a page',
              description: 'Writes a short summary.',
              arguments: [{ name: 'page', required: true }, { name: 'tone' }],
            },
          ],
          nextCursor: 'p2',
          loading: false,
        },
      },
    });
    openSection('Resources');
    expect(screen.getByText('Templates')).toBeTruthy();
    expect(screen.getByText('docs://pages/{slug}')).toBeTruthy();
    openSection('Prompts');
    expect(screen.getByText('Type / in the chat to use one.')).toBeTruthy();
    const prompts = screen.getByRole('list', { name: 'Prompts of Docs' });
    expect(prompts.textContent).toContain('/summarize');
    expect(prompts.textContent).toContain('Summarize a page');
    expect(prompts.textContent).toContain('Writes a short summary.');
    expect(prompts.textContent).toContain('Arguments: page (required), tone');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(props.onLoadMore).toHaveBeenCalledWith('prompts');
  });
});

/** The card with its Details open. */
function card(overrides: Partial<ServerCardProps> = {}) {
  return renderOpenServerCard(server, overrides);
}

describe('server and tool icons', () => {
  it('prefers the person’s upload to the server’s own icon', async () => {
    const { container } = await card({
      server: { ...server, iconDataUrl: PNG, serverIconDataUrl: SVG },
    });
    expect(container.querySelector('.server-icon')?.getAttribute('src')).toBe(PNG);
    cleanup();

    const own = await card({ server: { ...server, serverIconDataUrl: SVG } });
    expect(own.container.querySelector('.server-icon')?.getAttribute('src')).toBe(SVG);
  });

  it('never puts anything but a data:image/ URL in an <img>, drawing letter icons instead', async () => {
    for (const value of [
      'https://tracker.example/icon.png',
      'javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
    ]) {
      const { container } = await card({
        server: { ...server, serverIconDataUrl: value },
        tools: {
          tools: [
            {
              serverId: 'custom-1',
              name: 'search',
              description: '',
              inputSchema: {},
              iconDataUrl: value,
            },
          ],
          disabled: [],
        },
      });
      expect(container.querySelector('img')).toBeNull();
      expect(container.querySelector('.server-icon.letter-icon')?.textContent).toBe('D');
      expect(container.querySelector('.tool-icon.letter-icon')?.textContent).toBe('S');
      cleanup();
    }
  });

  it('shows a tool’s icon and title beside its name', async () => {
    const { container } = await card({
      tools: {
        tools: [
          {
            serverId: 'custom-1',
            name: 'search_docs',
            title: 'Search the docs',
            description: 'Full-text search',
            inputSchema: {},
            iconDataUrl: PNG,
          },
        ],
        disabled: [],
      },
    });
    const tool = container.querySelector('[data-tool="search_docs"]')!;
    expect(tool.querySelector('img')?.getAttribute('src')).toBe(PNG);
    expect(tool.querySelector('.tool-title')?.textContent).toBe('Search the docs');
    expect(tool.querySelector('code')?.textContent).toBe('search_docs');
    expect(screen.getByRole('switch', { name: 'Use search_docs' })).toBeTruthy();
  });
});

/** A background that answers feature requests from pages and records what it was asked. */
function fakeBackground(answers: Record<string, (payload: unknown) => unknown>) {
  const requests: { type: string; payload?: unknown }[] = [];
  const listeners = new Set<(message: unknown) => void>();
  const client = createPatchbayClient({
    async send(message) {
      requests.push(message);
      const action = message.type.startsWith('mcp/custom-1/')
        ? message.type.slice('mcp/custom-1/'.length)
        : message.type;
      const answer = answers[action];
      if (!answer) return { ok: false, error: { code: 'internal', message: 'unexpected' } };
      return answer(message.payload);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  const broadcast = (message: Broadcast) =>
    act(() => listeners.forEach((listen) => listen(message)));
  return { client, requests, broadcast };
}

const page = (name: string) => ({ ...readme, name, title: undefined, uri: `docs://${name}` });

describe('the details store', () => {
  it('pages through resources with the cursor and retries the page that failed', async () => {
    let failNext = false;
    const background = fakeBackground({
      'resources/list': (payload) => {
        if (failNext) {
          failNext = false;
          return {
            ok: false,
            error: { code: 'request-failed', message: 'Docs could not list its resources.' },
          };
        }
        const cursor = (payload as { cursor?: string } | undefined)?.cursor;
        return cursor
          ? { ok: true, result: { resources: [page('b')] } }
          : { ok: true, result: { resources: [page('a')], nextCursor: 'c2' } };
      },
      'resources/templates/list': () => ({ ok: true, result: { templates: [] } }),
    });
    const { result } = renderHook(() => useServerDetails(), {
      wrapper: withClient(background.client),
    });
    act(() => result.current.loadSection('custom-1', 'resources'));
    await waitFor(
      () =>
        expect(result.current.details['custom-1']?.resources).toEqual({
          items: [page('a')],
          nextCursor: 'c2',
          loading: false,
        }),
      { timeout: 4_000 },
    );
    expect(result.current.details['custom-1']?.templates).toEqual({ items: [], loading: false });

    failNext = true;
    act(() => result.current.loadMore('custom-1', 'resources'));
    await waitFor(
      () =>
        expect(result.current.details['custom-1']?.resources?.error).toBe(
          'Docs could not list its resources.',
        ),
      { timeout: 4_000 },
    );
    expect(result.current.details['custom-1']?.resources?.items).toEqual([page('a')]);

    act(() => result.current.retry('custom-1', 'resources'));
    await waitFor(
      () =>
        expect(result.current.details['custom-1']?.resources).toEqual({
          items: [page('a'), page('b')],
          loading: false,
        }),
      { timeout: 4_000 },
    );
    expect(
      background.requests
        .filter((request) => request.type === 'mcp/custom-1/resources/list')
        .map((request) => request.payload),
    ).toEqual([undefined, { cursor: 'c2' }, { cursor: 'c2' }]);
  });

  it('reads a resource for its preview and drops it on close', async () => {
    const background = fakeBackground({
      'resources/read': (payload) => ({
        ok: true,
        result: { contents: [{ uri: (payload as { uri: string }).uri, text: 'hello' }] },
      }),
    });
    const { result } = renderHook(() => useServerDetails(), {
      wrapper: withClient(background.client),
    });
    act(() => void result.current.openResource('custom-1', 'docs://a'));
    expect(result.current.details['custom-1']?.preview).toEqual({ uri: 'docs://a', loading: true });
    await waitFor(
      () =>
        expect(result.current.details['custom-1']?.preview).toEqual({
          uri: 'docs://a',
          loading: false,
          contents: [{ uri: 'docs://a', text: 'hello' }],
        }),
      { timeout: 4_000 },
    );
    act(() => result.current.closePreview('custom-1'));
    expect(result.current.details['custom-1']?.preview).toBeUndefined();
  });

  it('reloads shown lists the server says changed and forgets a server that disconnects', async () => {
    let version = 1;
    const background = fakeBackground({
      'prompts/list': () => ({
        ok: true,
        result: {
          prompts: [{ serverId: 'custom-1', name: `p${version}`, arguments: [] }],
        },
      }),
    });
    const { result } = renderHook(() => useServerDetails(), {
      wrapper: withClient(background.client),
    });
    // Nothing loads until a section asks.
    expect(background.requests).toEqual([]);
    act(() => result.current.loadSection('custom-1', 'prompts'));
    await waitFor(
      () => expect(result.current.details['custom-1']?.prompts?.items[0]?.name).toBe('p1'),
      { timeout: 4_000 },
    );

    version = 2;
    background.broadcast({
      type: 'mcp/features/changed',
      payload: { serverId: 'custom-1', kind: 'prompts' },
    });
    await waitFor(
      () =>
        expect(result.current.details['custom-1']?.prompts?.items.map((item) => item.name)).toEqual(
          ['p2'],
        ),
      { timeout: 4_000 },
    );
    // Resources were never opened: a change to them loads nothing.
    background.broadcast({
      type: 'mcp/features/changed',
      payload: { serverId: 'custom-1', kind: 'resources' },
    });
    expect(background.requests.map((request) => request.type)).toEqual([
      'mcp/custom-1/prompts/list',
      'mcp/custom-1/prompts/list',
    ]);

    background.broadcast({
      type: 'mcp/status/changed',
      payload: { serverId: 'custom-1', status: { state: 'disconnected' } },
    });
    expect(result.current.details['custom-1']).toBeUndefined();
  });
});

describe('the card shows details', () => {
  it('only for a connected server, and only when the container gives them', async () => {
    const handlers = {
      data: {},
      onSamplingChange: vi.fn(),
      onLoad: vi.fn(),
      onLoadMore: vi.fn(),
      onRetry: vi.fn(),
      onOpenResource: vi.fn(),
      onClosePreview: vi.fn(),
    };
    const label = 'Let Docs ask your model to write text';
    await card({ details: handlers });
    expect(screen.getByLabelText(label)).toBeTruthy();
    cleanup();
    await card({ details: handlers, server: { ...server, status: { state: 'connecting' } } });
    expect(screen.queryByLabelText(label)).toBeNull();
    cleanup();
    await card({ details: handlers, server: { ...server, isEnabled: false } });
    expect(screen.queryByLabelText(label)).toBeNull();
    cleanup();
    await card();
    expect(screen.queryByLabelText(label)).toBeNull();
  });
});

function PanelUnderTest() {
  const serverState = useServers();
  return (
    <ServersPanel
      serverState={serverState}
      store={createMemoryStore()}
      askForSites={async () => true}
      websiteTools={allSitesHeld}
    />
  );
}

describe('the Servers panel', () => {
  it('loads resources only when opened, reads one, and saves the sampling switch', async () => {
    let samplingEnabled = false;
    const background = fakeBackground({
      'mcp/servers/get': () => ({
        ok: true,
        result: { servers: [{ ...server, samplingEnabled }] },
      }),
      'mcp/tools/list': () => ({ ok: true, result: { tools: [] } }),
      'tools/get': () => ({ ok: true, result: { tools: [], disabled: [] } }),
      'sampling/set': (payload) => {
        samplingEnabled = (payload as { enabled: boolean }).enabled;
        return { ok: true, result: { enabled: samplingEnabled } };
      },
      'resources/list': () => ({ ok: true, result: { resources: [readme] } }),
      'resources/templates/list': () => ({ ok: true, result: { templates: [] } }),
      'resources/read': () => ({
        ok: true,
        result: { contents: [{ uri: readme.uri, mimeType: 'text/plain', text: 'Hello' }] },
      }),
    });
    render(<PanelUnderTest />, { wrapper: withClient(background.client) });
    await screen.findByRole('button', { name: 'Details of Docs' }, { timeout: 4_000 });
    await openCardDetails('Docs');
    const box = await screen.findByLabelText<HTMLInputElement>(
      'Let Docs ask your model to write text',
    );
    const asked = () => background.requests.map((request) => request.type);
    expect(asked()).not.toContain('mcp/custom-1/resources/list');
    expect(asked()).not.toContain('mcp/custom-1/prompts/list');

    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true), { timeout: 4_000 });
    const set = background.requests.findIndex(
      (request) => request.type === 'mcp/custom-1/sampling/set',
    );
    expect(background.requests[set]?.payload).toEqual({ enabled: true });
    expect(asked().slice(set + 1)).toContain('mcp/servers/get');

    openSection('Resources');
    fireEvent.click(await screen.findByRole('button', { name: /Read me/ }, { timeout: 4_000 }));
    const preview = await screen.findByRole(
      'region',
      { name: 'Preview of Read me' },
      { timeout: 4_000 },
    );
    await waitFor(() => expect(preview.textContent).toContain('Hello'), { timeout: 4_000 });
    expect(asked()).toContain('mcp/custom-1/resources/templates/list');
    expect(asked()).not.toContain('mcp/custom-1/prompts/list');
  });
});
