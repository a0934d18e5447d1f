// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { DynamicToolUIPart } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolCard } from '../../components/chat/ToolCard';

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
