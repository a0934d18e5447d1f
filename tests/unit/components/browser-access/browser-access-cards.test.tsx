// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { DynamicToolUIPart } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientList } from '../../../../components/browser-access/ClientList';
import { ExternalApprovals } from '../../../../components/browser-access/ExternalApprovals';
import {
  MAX_TITLE_SHOWN,
  shownTitle,
  TabTargetLine,
  urlParts,
} from '../../../../components/browser-access/TabTarget';
import { ToolCard } from '../../../../components/chat/ToolCard';
import type { ApprovalView, ClientView } from '../../../../src/messaging/browser-access-contract';

afterEach(cleanup);

/** A page that titles itself as something it is not, with a direction override hidden in it. */
const SPOOF = {
  tabId: 7,
  url: 'https://evil.example/login?next=%2Fbank',
  title: 'My Bank \u2014 Sign in\u202Egnp.exe\n' + 'x'.repeat(200),
};

const approval: ApprovalView = {
  id: 'a1',
  clientId: 'c1',
  clientName: 'Claude Desktop',
  clientUser: 'alice',
  tokenHint: '5f0c2a9e',
  newClient: true,
  tool: 'read_page',
  description: 'Reads a page.',
  source: 'This browser',
  arguments: {},
  target: SPOOF,
  requestedAt: 0,
};

describe('the tab on an approval card', () => {
  it('shows the URL first, its origin apart, then the title as the page’s own words', () => {
    const { container } = render(<TabTargetLine target={SPOOF} />);
    const text = container.textContent ?? '';
    expect(text.indexOf('https://evil.example')).toBeLessThan(text.indexOf('My Bank'));
    expect(container.querySelector('.approval-origin')?.textContent).toBe('https://evil.example');
    expect(container.querySelector('.approval-path')?.textContent).toBe('/login?next=%2Fbank');
    expect(text).toContain('On tab 7');
    const title = container.querySelector('.approval-page-title')?.textContent ?? '';
    expect(title).toMatch(/^Its title, in the page’s own words: “My Bank — Sign in gnp\.exe x+…”$/);
    expect(title).not.toMatch(/[\u202E\n]/);
  });

  it('cuts a long title and path, keeps an origin whole, and says when there is no address', () => {
    expect(shownTitle('t'.repeat(500))).toBe(`${'t'.repeat(MAX_TITLE_SHOWN)}…`);
    expect(shownTitle(' \u200B ')).toBe('');
    const long = urlParts(`https://${'a'.repeat(100)}.example/${'p'.repeat(500)}`);
    expect(long.origin).toBe(`https://${'a'.repeat(100)}.example`);
    expect(long.rest.endsWith('…')).toBe(true);
    expect(urlParts('')).toEqual({ origin: '(no address)', rest: '' });
    expect(urlParts('about:blank')).toEqual({ origin: 'about:blank', rest: '' });
  });

  it('shows no title line for an untitled page', () => {
    const { container } = render(<TabTargetLine target={{ ...SPOOF, title: '' }} />);
    expect(container.querySelector('.approval-page-title')).toBeNull();
  });
});

describe('an external client’s approval card', () => {
  it('names the client with its relay user and token hint, and the tab URL before its title', () => {
    const onAnswer = vi.fn();
    render(<ExternalApprovals approvals={[approval]} onAnswer={onAnswer} />);
    const card = screen.getByRole('group', { name: 'Approve read_page?' });
    const text = card.textContent ?? '';
    expect(text).toMatch(
      /Claude Desktop \(its own name; relay user alice, token 5f0c2a9e…\) wants to run read_page from This browser\./,
    );
    expect(text.indexOf('https://evil.example')).toBeLessThan(text.indexOf('My Bank'));
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(onAnswer).toHaveBeenCalledWith('a1', 'approve');
  });

  it('shows no tab for a tool that acts on none', () => {
    const { container } = render(
      <ExternalApprovals
        approvals={[{ ...approval, tool: 'tabs_list', target: undefined }]}
        onAnswer={vi.fn()}
      />,
    );
    expect(container.querySelector('.approval-target')).toBeNull();
  });
});

describe('the client list', () => {
  it('shows each client’s token hint beside the name it gives', () => {
    const client: ClientView = {
      id: 'c1',
      name: 'Claude Desktop',
      otherNames: [],
      user: 'alice',
      tokenHint: '5f0c2a9e',
      policy: 'ask',
      alwaysAllow: [],
      firstSeen: 0,
      lastSeen: 0,
      connected: 1,
    };
    render(<ClientList clients={[client]} onPolicy={vi.fn()} onForget={vi.fn()} />);
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('token 5f0c2a9e…')).toBeTruthy();
  });
});

const awaiting = {
  type: 'dynamic-tool',
  toolName: 'browser__read_page',
  toolCallId: 'call-1',
  state: 'approval-requested',
  input: {},
  approval: { id: 'approval-1' },
} as unknown as DynamicToolUIPart;

function chatCard(tabTarget?: Parameters<typeof ToolCard>[0]['tabTarget']) {
  const onApprove = vi.fn();
  render(
    <ToolCard
      part={awaiting}
      serverName="This browser"
      toolName="read_page"
      stopped={false}
      onApprove={onApprove}
      onDeny={vi.fn()}
      onAlwaysAllow={vi.fn()}
      {...(tabTarget ? { tabTarget } : {})}
    />,
  );
  return { group: screen.getByRole('group', { name: 'Approve read_page?' }), onApprove };
}

describe('the chat’s approval card for a browser tool', () => {
  it('names the tab the call acts on, URL first', () => {
    const { group, onApprove } = chatCard({ status: 'found', target: SPOOF });
    const text = group.textContent ?? '';
    expect(text).toContain('On tab 7: https://evil.example/login?next=%2Fbank');
    expect(text.indexOf('https://evil.example')).toBeLessThan(text.indexOf('My Bank'));
    fireEvent.click(within(group).getByRole('button', { name: 'Approve' }));
    expect(onApprove).toHaveBeenCalledOnce();
  });

  it('cannot be approved before it knows the tab', () => {
    const { group, onApprove } = chatCard({ status: 'finding' });
    expect(group.textContent).toMatch(/Finding the tab this call acts on/);
    const approve = within(group).getByRole('button', { name: 'Approve' });
    expect((approve as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(approve);
    expect(onApprove).not.toHaveBeenCalled();
  });

  it.each([
    [{ status: 'missing', reason: 'No tab is active.' } as const, 'On no tab: No tab is active.'],
    [
      { status: 'failed', message: 'the worker is gone' } as const,
      'Patchbay could not tell which tab this call acts on (the worker is gone).',
    ],
  ])('says when there is no tab to name (%j)', (state, sentence) => {
    const { group } = chatCard(state);
    expect(within(group).getByText(sentence)).toBeTruthy();
  });

  it('says nothing of a tab for another server’s tool', () => {
    const { group } = chatCard();
    expect(group.querySelector('.approval-target')).toBeNull();
  });
});
