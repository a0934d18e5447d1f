// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerCardProps } from '../../../../components/servers/ServerCard';
import { openCardDetails, renderServerCard } from '../../../helpers/server-card';
import { ServerForm } from '../../../../components/servers/ServerForm';
import { STATUS_LABELS } from '../../../../components/servers/status-labels';
import { SERVER_STATES, type ServerView } from '../../../../src/messaging/contract';

afterEach(cleanup);

const server: ServerView = {
  id: 'custom-1',
  name: 'Docs',
  url: 'https://docs.example.com/mcp',
  description: 'Custom server at docs.example.com',
  requiresAuthentication: false,
  isCustom: true,
  isEnabled: true,
  status: { state: 'connected' },
  toolCount: 2,
};

function card(overrides: Partial<ServerCardProps> = {}) {
  return renderServerCard(server, overrides).props;
}

describe('ServerCard', () => {
  it('says where to sign in while the sign-in window is open', () => {
    card({
      server: { ...server, status: { state: 'authorizing' }, signInHost: 'auth.example.com' },
    });
    expect(screen.getByText('auth.example.com').closest('p')?.textContent).toBe(
      'Sign in at auth.example.com in the window that opened.',
    );
  });

  it.each(SERVER_STATES.filter((state) => state !== 'disconnected'))(
    'shows the %s state in plain words',
    (state) => {
      card({ server: { ...server, status: { state } } });
      expect(screen.getByRole('status').textContent).toBe(STATUS_LABELS[state].label);
    },
  );

  it('says Off with its switch alone, not with a word beside it', () => {
    const props = card({
      server: { ...server, isEnabled: false, status: { state: 'disconnected' } },
    });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText('Off')).toBeNull();
    const toggle = screen.getByRole<HTMLInputElement>('switch', { name: 'Enable Docs' });
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(props.onToggle).toHaveBeenCalledWith(true);
  });

  it('offers the one next action each state calls for, and only that one', () => {
    const signIn = card({
      server: { ...server, status: { state: 'invalid-token', error: 'Your sign-in expired.' } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signIn.onSignIn).toHaveBeenCalled();
    expect(screen.getByText('Your sign-in expired.')).toBeTruthy();
    // Its switch waits in Details.
    expect(screen.queryByRole('switch')).toBeNull();
    cleanup();

    const retry = card({
      server: { ...server, status: { state: 'cloudflare-error', error: 'Worker crashed.' } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry.onRetry).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    cleanup();

    // Healthy: its switch; Sign out, Check, Edit and Remove wait in Details.
    card({ server: { ...server, isSignedIn: true }, onEdit: vi.fn(), onRemove: vi.fn() });
    expect(screen.getByRole('switch', { name: 'Enable Docs' })).toBeTruthy();
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['Details']);
  });

  it('folds to name, state, tool count and one action; Details opens the rest', async () => {
    const props = card({
      server: {
        ...server,
        isSignedIn: true,
        requiresAuthentication: true,
        transport: 'streamable-http',
        protocolVersion: '2026-07-28',
      },
      tools: {
        tools: [
          { serverId: 'custom-1', name: 'search', description: 'Search docs', inputSchema: {} },
        ],
        disabled: [],
      },
      onEdit: vi.fn(),
      onRemove: vi.fn(),
    });
    const item = screen.getByRole('listitem');
    // Its letter icon's D, its name, what it is, its state, its count and Details: nothing else.
    expect(item.textContent).toBe(
      'DDocsCustom server at docs.example.comConnected1 tool onDetails',
    );
    const details = screen.getByRole('button', { name: 'Details of Docs' });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(/Streamable HTTP/)).toBeNull();

    const part = await openCardDetails('Docs');
    expect(details.getAttribute('aria-expanded')).toBe('true');
    expect(part.hidden).toBe(false);
    expect(screen.getByText('Streamable HTTP, MCP version 2026-07-28')).toBeTruthy();
    expect(screen.getByText('Signed in with your account (OAuth)')).toBeTruthy();
    expect(screen.getByText('https://docs.example.com/mcp')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Use search' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(props.onSignOut).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check' })).toBeTruthy();

    fireEvent.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('keeps the switch of a server whose action is another step in Details', async () => {
    const props = card({ server: { ...server, status: { state: 'needs-auth' } } });
    await openCardDetails('Docs');
    fireEvent.click(screen.getByRole('switch', { name: 'Enable Docs' }));
    expect(props.onToggle).toHaveBeenCalledWith(false);
  });

  it.each([
    [{ tools: [] as string[], disabled: [] as string[] }, 'No tools'],
    [{ tools: ['a'], disabled: [] }, '1 tool on'],
    [{ tools: ['a', 'b', 'c'], disabled: [] }, '3 tools on'],
    [{ tools: ['a', 'b', 'c'], disabled: ['b'] }, '2 of 3 tools on'],
    [{ tools: ['a', 'b', 'c'], disabled: ['a', 'b', 'c'] }, 'Tools off (3 available)'],
  ])('counts the tools on in words that cannot be misread: %j', (list, words) => {
    card({
      tools: {
        tools: list.tools.map((name) => ({
          serverId: 'custom-1',
          name,
          description: '',
          inputSchema: {},
        })),
        disabled: list.disabled,
      },
    });
    expect(screen.getByText(words, { selector: '.server-tool-count' })).toBeTruthy();
  });

  it('asks before removing a server', async () => {
    const onRemove = vi.fn();
    card({ onRemove });
    await openCardDetails('Docs');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onRemove).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog', { name: 'Remove Docs?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' }).at(-1)!);
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('switches single tools and all of them', async () => {
    const props = card({
      tools: {
        tools: [
          {
            serverId: 'custom-1',
            name: 'search',
            description: 'Search docs',
            inputSchema: {},
            annotations: { readOnlyHint: true },
          },
          {
            serverId: 'custom-1',
            name: 'delete',
            description: 'Delete a page',
            inputSchema: {},
            annotations: { destructiveHint: true },
          },
        ],
        disabled: ['delete'],
      },
    });
    expect(screen.getByText('1 of 2 tools on')).toBeTruthy();
    await openCardDetails('Docs');
    expect(screen.getByText('destructive')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Use search' }));
    expect(props.onDisabledToolsChange).toHaveBeenLastCalledWith(['delete', 'search']);
    fireEvent.click(screen.getByRole('button', { name: 'All on' }));
    expect(props.onDisabledToolsChange).toHaveBeenLastCalledWith([]);
    fireEvent.click(
      screen.getByRole('switch', {
        name: 'Run tools the server says are read-only without asking',
      }),
    );
    expect(props.onReadOnlyWithoutAskingChange).toHaveBeenCalledWith(true);
  });
});

describe('ServerForm', () => {
  it('shows the background’s error next to the field it is about', async () => {
    const onSubmit = vi
      .fn()
      .mockResolvedValue({ field: 'url', error: 'Use an https:// URL (got ftp:).' });
    render(
      <ServerForm
        mode="add"
        onTest={vi.fn()}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
        readIcon={vi.fn()}
      />,
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Files' } });
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'ftp://files' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add server' }));
    await screen.findByText('Use an https:// URL (got ftp:).', {}, { timeout: 4_000 });
    expect(screen.getByLabelText('URL').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Files', url: 'ftp://files', headers: [] });
  });

  it('masks header values until revealed and sends them with the test', async () => {
    const onTest = vi
      .fn()
      .mockResolvedValue({ ok: true, transport: 'sse', toolCount: 3, latencyMs: 12 });
    render(
      <ServerForm
        mode="add"
        onTest={onTest}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
        readIcon={vi.fn()}
      />,
    );
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://a.example/sse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    fireEvent.change(screen.getByLabelText('Header 1 name'), { target: { value: 'X-Api-Key' } });
    const value = screen.getByLabelText('Header 1 value');
    fireEvent.change(value, { target: { value: 'k-1' } });
    expect(value.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(value.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await screen.findByText('Connected over HTTP+SSE: 3 tools (12 ms).', {}, { timeout: 4_000 });
    expect(onTest.mock.calls[0]![0]).toMatchObject({
      headers: [{ key: 'X-Api-Key', value: 'k-1' }],
    });
  });

  it('keeps stored header values when editing, shown as unchanged', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(
      <ServerForm
        mode="edit"
        initial={{
          name: 'Docs',
          url: 'https://docs.example.com/mcp',
          headerNames: ['Authorization'],
        }}
        onTest={vi.fn()}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
        readIcon={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Header 1 value').getAttribute('placeholder')).toBe('(unchanged)');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(
      () =>
        expect(onSubmit).toHaveBeenCalledWith({
          name: 'Docs',
          url: 'https://docs.example.com/mcp',
          headers: [{ key: 'Authorization', value: '' }],
        }),
      { timeout: 4_000 },
    );
  });

  it('shows why an icon was refused', async () => {
    const readIcon = vi.fn().mockRejectedValue(new Error('The icon is 80 KB; the limit is 64 KB.'));
    render(
      <ServerForm
        mode="add"
        onTest={vi.fn()}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
        readIcon={readIcon}
      />,
    );
    const file = new File(['x'], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Icon (PNG, JPEG or SVG, up to 64 KB)'), {
      target: { files: [file] },
    });
    await screen.findByText('The icon is 80 KB; the limit is 64 KB.', {}, { timeout: 4_000 });
  });
});
