// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { DynamicToolUIPart } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolCard, type ToolCardProps } from '../../../../components/chat/ToolCard';

afterEach(cleanup);

const awaiting = {
  type: 'dynamic-tool',
  toolName: 'create_page',
  toolCallId: 'call-1',
  state: 'approval-requested',
  input: { title: 'Plan' },
  approval: { id: 'approval-1' },
} as unknown as DynamicToolUIPart;

function card(changedSinceAllowed?: string[], props: Partial<ToolCardProps> = {}) {
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
      {...props}
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

describe('an asking card shows what the call would send', () => {
  const posting = {
    ...awaiting,
    toolName: 'post_message',
    input: { channel: '#team', text: 'Standup summary: SECRET-CODE-7781 was found.' },
  } as unknown as DynamicToolUIPart;
  const typed = new Set(['post', 'the', 'standup', 'summary', 'to', 'team']);

  it('without a click, with the words the person did not type marked', () => {
    const { container } = card(undefined, {
      part: posting,
      serverName: 'Team chat',
      toolName: 'post_message',
      typedWords: typed,
    });
    expect(screen.getByText('What it sends to Team chat:')).toBeTruthy();
    const rows = [...container.querySelectorAll('.call-data-row')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(rows).toEqual([
      ['channel', '#team'],
      ['text', 'Standup summary: SECRET-CODE-7781 was found.'],
    ]);
    const marked = [...container.querySelectorAll('dd mark')].map((mark) => mark.textContent);
    expect(marked).toEqual(['SECRET-CODE-7781 was found.']);
    expect(container.querySelector('details')).toBeNull();
    expect(screen.getByText(/words you did not type in this chat/)).toBeTruthy();
  });

  it('shows direction controls as what they are, so a value cannot read backwards', () => {
    const { container } = card(undefined, {
      part: { ...posting, input: { file: 'report\u202Egnp.exe' } } as unknown as DynamicToolUIPart,
    });
    expect(container.querySelector('dd')?.textContent).toBe('report⟨U+202E⟩gnp.exe');
  });

  it('cuts a long value, with a way to see all of it', () => {
    const long = `${'a'.repeat(400)}END`;
    const { container } = card(undefined, {
      part: { ...posting, input: { text: long } } as unknown as DynamicToolUIPart,
      serverName: 'Team chat',
      toolName: 'post_message',
    });
    expect(screen.queryByText(/END/)).toBeNull();
    expect(container.querySelector('dd')?.textContent).toBe(
      `${'a'.repeat(300)}… Show all 403 characters`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show all 403 characters' }));
    expect(screen.getByText(long)).toBeTruthy();
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

describe('a call of a tool its server marks destructive', () => {
  it('says what it will do, shows its data open, styles Approve as dangerous and offers no Always allow', () => {
    const deleting = {
      ...awaiting,
      toolName: 'delete_note',
      input: { id: 'note-42' },
    } as unknown as DynamicToolUIPart;
    const { container } = card(undefined, {
      part: deleting,
      toolName: 'delete_note',
      serverName: 'Acme Notes',
      destructive: 'Deletes a note',
    });
    expect(container.querySelector('.approval-destructive')?.textContent).toBe(
      'Deletes a note. Acme Notes marks this tool as one that deletes or overwrites, so Patchbay asks every time.',
    );
    expect(container.querySelector('.approval')?.textContent).toContain('note-42');
    expect(screen.getByRole('button', { name: 'Approve' }).className).toBe('primary danger');
    expect(screen.queryByRole('button', { name: 'Always allow this tool' })).toBeNull();
  });

  it('leaves an ordinary call’s card as it was', () => {
    const { container } = card();
    expect(container.querySelector('.approval-destructive')).toBeNull();
    expect(screen.getByRole('button', { name: 'Approve' }).className).toBe('primary');
    expect(screen.getByRole('button', { name: 'Always allow this tool' })).toBeTruthy();
  });
});
