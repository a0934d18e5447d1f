// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { DynamicToolUIPart } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderChatTool, type ChatToolContext } from '../../../../components/chat/chat-tool-slot';
import { ToolsControl } from '../../../../components/chat/ToolsControl';
import { ServersHeader } from '../../../../components/servers/ServersHeader';
import { createToolNameMap } from '../../../../src/model-tools/tool-names';
import type { ServerView, ToolView } from '../../../../src/messaging/contract';

afterEach(cleanup);

const tools: ToolView[] = [
  { serverId: 'custom-1', name: 'get_forecast', description: 'Forecast.', inputSchema: {} },
  { serverId: 'custom-1', name: 'list_alerts', description: 'Alerts.', inputSchema: {} },
];
const context = {
  tools,
  servers: [{ id: 'custom-1', name: 'Weather' } as ServerView],
  names: createToolNameMap(tools),
  progress: {},
  stoppedCalls: new Set<string>(),
  approvals: {},
  tabTargets: new Map(),
  respond: vi.fn(),
} as unknown as ChatToolContext;

const search = (state: Partial<DynamicToolUIPart>) =>
  ({
    type: 'dynamic-tool',
    toolName: 'search_tools',
    toolCallId: 'call-1',
    input: { query: 'weather forecast' },
    ...state,
  }) as DynamicToolUIPart;

describe('the tool search’s card', () => {
  it('shows the query while it searches, then the tools it loaded with their servers', () => {
    const { rerender } = render(renderChatTool(search({ state: 'input-available' }), context));
    expect(screen.getByText('weather forecast')).toBeTruthy();
    expect(screen.getByText('Searching')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();

    const output = {
      tools: [
        { name: 'custom-1__get_forecast', description: 'Forecast.' },
        { name: 'gone__tool', description: 'Old.' },
      ],
    };
    rerender(renderChatTool(search({ state: 'output-available', output }), context));
    expect(screen.getByText('Done')).toBeTruthy();
    expect(screen.getByText(/2 of 2 tools loaded for the model’s next step/)).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Tools found' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'get_forecastWeather',
      'gone__toolno longer switched on',
    ]);
  });

  it('says when nothing matched, and shows a failure', () => {
    const { rerender } = render(
      renderChatTool(search({ state: 'output-available', output: { tools: [] } }), context),
    );
    expect(screen.getByText('No switched-on tool matched.')).toBeTruthy();
    rerender(renderChatTool(search({ state: 'output-error', errorText: 'Broken.' }), context));
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('Broken.')).toBeTruthy();
  });
});

describe('the Servers view’s count of tools', () => {
  const header = (enabledToolCount: number) =>
    render(
      <ServersHeader
        listShown
        canExport={false}
        enabledToolCount={enabledToolCount}
        maxTools={128}
        onImport={vi.fn()}
        onBrowse={vi.fn()}
        onExport={vi.fn()}
        onAdd={vi.fn()}
      />,
    );

  it('says past 128 that the chat searches the tools, not that some must go', () => {
    header(1200);
    expect(
      screen.getByText(
        '1,200 tools on, more than the 128 one request can carry: the chat’s model searches them and loads the ones it needs.',
      ),
    ).toBeTruthy();
    cleanup();
    header(12);
    expect(screen.getByText('12 tools on')).toBeTruthy();
  });

  it('counts the tools that are on without a number that reads as tools available', () => {
    header(0);
    expect(screen.getByRole('status').textContent).toBe(
      'No tools on yet: switch a server on below.',
    );
    cleanup();
    header(1);
    expect(screen.getByRole('status').textContent).toBe('1 tool on');
    expect(screen.queryByText(/128/)).toBeNull();
  });
});

describe('the chat header’s tools', () => {
  it('says the model searches them when more are on than fit in one request', () => {
    const note =
      '1,200 tools are switched on, more than the 128 a request can carry: the model searches them and loads the ones it needs.';
    render(
      <ToolsControl
        counts={{ tools: 1200, servers: 12 }}
        servers={[]}
        browserOn={false}
        browserDetail="Off"
        onServerToggle={vi.fn()}
        onBrowserToggle={vi.fn()}
        searchNote={note}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Tools: 1200 tools · 12 servers/ }));
    expect(screen.getByText(note)).toBeTruthy();
  });
});
