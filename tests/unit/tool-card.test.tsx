// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { DynamicToolUIPart } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolCard, type ToolCardProps } from '../../components/chat/ToolCard';

afterEach(cleanup);

const awaiting = {
  type: 'dynamic-tool',
  toolName: 'create_page',
  toolCallId: 'call-1',
  state: 'approval-requested',
  input: { title: 'Plan' },
  approval: { id: 'approval-1' },
} as unknown as DynamicToolUIPart;

function card(changedSinceAllowed?: string[]) {
  return render(
    <ToolCard
      part={awaiting}
      serverName="Notion"
      toolName="create_page"
      stopped={false}
      onApprove={vi.fn()}
      onDeny={vi.fn()}
      onAlwaysAllow={vi.fn()}
      {...(changedSinceAllowed ? { changedSinceAllowed } : {})}
    />,
  );
}

describe('the approval card', () => {
  it('says why it asks again when an always-allowed tool changed', () => {
    card(['its description', 'its inputs']);
    expect(
      screen.getByText(
        'You always allowed this tool, but Notion has changed its description and its inputs since, so Patchbay asks again.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('says nothing about changes for a tool that was never always allowed', () => {
    const { container } = card();
    expect(container.querySelector('.approval-changed')).toBeNull();
  });
});

const done = {
  type: 'dynamic-tool',
  toolName: 'find_docs',
  toolCallId: 'call-2',
  state: 'output-available',
  input: { query: 'guide' },
  output: {},
} as unknown as DynamicToolUIPart;

const link = { type: 'resource_link', uri: 'docs://guide.md', name: 'guide.md' };

function finished(extra: Partial<ToolCardProps> = {}) {
  return render(
    <ToolCard
      part={done}
      serverName="Docs"
      toolName="find_docs"
      stopped={false}
      onApprove={vi.fn()}
      onDeny={vi.fn()}
      onAlwaysAllow={vi.fn()}
      result={{ content: [{ type: 'text', text: 'Found it.' }, link, link] }}
      {...extra}
    />,
  );
}

describe('the result of a finished call', () => {
  it('counts the items in the collapsed result', () => {
    const { container } = finished();
    expect(container.querySelector('[data-tool-state="done"]')).toBeTruthy();
    const summaries = [...container.querySelectorAll('summary')].map((node) => node.textContent);
    expect(summaries).toContain('Result · 3 items');
  });

  it('counts the lines of a single text', () => {
    const text = Array.from({ length: 1204 }, (_, index) => `line ${index}`).join('\n');
    const { container } = finished({ result: { content: [{ type: 'text', text }] } });
    const summaries = [...container.querySelectorAll('summary')].map((node) => node.textContent);
    expect(summaries).toContain('Result · 1,204 lines');
  });

  it('opens a linked resource on the tool’s own server', () => {
    const onOpenResource = vi.fn();
    finished({ serverId: 'docs-1', onOpenResource });
    fireEvent.click(screen.getAllByRole('button', { name: 'guide.md' })[0]!);
    expect(onOpenResource).toHaveBeenCalledWith({
      serverId: 'docs-1',
      uri: 'docs://guide.md',
      name: 'guide.md',
    });
  });

  it('offers to copy the link when it does not know the server', () => {
    finished({ onOpenResource: vi.fn() });
    expect(screen.queryByRole('button', { name: 'guide.md' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Copy URI' })).toHaveLength(2);
  });
});
