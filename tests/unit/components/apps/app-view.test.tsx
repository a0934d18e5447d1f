// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppSnapshot, AppView, type AppViewProps } from '../../../../components/apps/AppView';
import { ToolList } from '../../../../components/servers/ToolList';
import type { AppPrompt } from '../../../../src/apps/app-prompt';

afterEach(cleanup);

function view(overrides: Partial<AppViewProps> = {}) {
  const props: AppViewProps = {
    appName: 'Chart',
    serverName: 'Charts',
    phase: 'running',
    height: 240,
    fullscreen: false,
    prompts: [],
    box: createRef<HTMLDivElement>(),
    onAnswer: vi.fn(),
    onFullscreen: vi.fn(),
    onReload: vi.fn(),
    ...overrides,
  };
  render(<AppView {...props} />);
  return props;
}

describe('an app in its card', () => {
  it('holds an empty box of the app’s height for its frame', () => {
    const box = createRef<HTMLDivElement>();
    view({ box });
    expect(box.current?.childElementCount).toBe(0);
    expect(box.current?.style.height).toBe('240px');
    expect(screen.getByRole('region', { name: 'Chart app' }).dataset.appPhase).toBe('running');
  });

  it('covers the panel in full screen, as a dialog with a way back', () => {
    const props = view({ fullscreen: true });
    const dialog = screen.getByRole('dialog', { name: 'Chart app' });
    expect(dialog.className).toContain('app-fullscreen');
    fireEvent.click(screen.getByRole('button', { name: 'Exit full screen' }));
    expect(props.onFullscreen).toHaveBeenCalledWith(false);
  });

  it('offers full screen only to apps that support it', () => {
    view({ canFullscreen: false });
    expect(screen.queryByRole('button', { name: 'Full screen' })).toBeNull();
  });

  it('says why it failed, and hides the frame', () => {
    const box = createRef<HTMLDivElement>();
    view({ phase: 'failed', error: "Charts's app did not start within 20 s.", box });
    expect(screen.getByRole('alert').textContent).toBe("Charts's app did not start within 20 s.");
    expect(box.current?.hidden).toBe(true);
    expect(screen.queryByRole('button', { name: 'Full screen' })).toBeNull();
  });

  it.each<[AppPrompt, string, string, 'allow' | 'always' | 'deny']>([
    [
      { id: 't', kind: 'tool', toolName: 'refresh_chart', args: { days: 3 }, changed: [] },
      'Let Chart run refresh_chart?',
      'Always allow this tool',
      'always',
    ],
    [
      { id: 'l', kind: 'link', url: 'https://example.com/docs' },
      'Let Chart open a page?',
      'Open page',
      'allow',
    ],
    [
      { id: 'm', kind: 'message', text: 'Why did day 3 dip?' },
      "Send Chart's message?",
      'Don’t send',
      'deny',
    ],
  ])('asks the person: %#', async (prompt, label, button, answer) => {
    const props = view({ prompts: [prompt] });
    const group = screen.getByRole('group', { name: label });
    const choice = screen.getByRole('button', { name: button }) as HTMLButtonElement;
    // A click already on its way when the question appeared does not answer it.
    fireEvent.click(choice);
    expect(props.onAnswer).not.toHaveBeenCalled();
    await waitFor(() => expect(choice.disabled).toBe(false), { timeout: 4_000 });
    fireEvent.click(choice);
    expect(props.onAnswer).toHaveBeenCalledWith(prompt.id, answer);
    expect(group.textContent).not.toContain('<');
  });

  it('says when a tool it always allowed has changed', () => {
    view({
      prompts: [
        { id: 't', kind: 'tool', toolName: 'refresh_chart', args: {}, changed: ['its inputs'] },
      ],
    });
    expect(screen.getByText(/has changed its inputs since/)).toBeTruthy();
  });

  it('shows what the app told the model', () => {
    view({ modelContext: 'The person is looking at day 3.' });
    expect(screen.getByText('The person is looking at day 3.')).toBeTruthy();
  });

  it('restored from history, runs only when reloaded', () => {
    const onReload = vi.fn();
    render(<AppSnapshot appName="Chart" onReload={onReload} />);
    expect(screen.getByRole('region', { name: 'Chart app' }).dataset.appPhase).toBe('saved');
    fireEvent.click(screen.getByRole('button', { name: 'Reload app' }));
    expect(onReload).toHaveBeenCalled();
  });
});

describe('tools with apps in the Servers view', () => {
  it('says which have an app and which are for their app only', () => {
    render(
      <ToolList
        serverName="Charts"
        tools={[
          {
            serverId: 's',
            name: 'show_chart',
            description: '',
            inputSchema: {},
            ui: { resourceUri: 'ui://charts/view.html' },
          },
          {
            serverId: 's',
            name: 'refresh_chart',
            description: '',
            inputSchema: {},
            ui: { resourceUri: 'ui://charts/view.html', visibility: ['app'] },
          },
        ]}
        disabled={[]}
        readOnlyWithoutAsking={false}
        onDisabledChange={vi.fn()}
        onReadOnlyWithoutAskingChange={vi.fn()}
      />,
    );
    const row = (name: string) => document.querySelector(`[data-tool="${name}"]`)?.textContent;
    expect(row('show_chart')).toContain('has an app');
    expect(row('show_chart')).not.toContain('for its app only');
    expect(row('refresh_chart')).toContain('for its app only');
  });
});
