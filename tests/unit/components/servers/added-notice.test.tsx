// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddedNotice, addedSentence } from '../../../../components/servers/AddedNotice';
import type { ServerView } from '../../../../src/messaging/contract';

afterEach(cleanup);

const server = (state: ServerView['status']['state'], toolCount = 0): ServerView => ({
  id: 'custom-1',
  name: 'Acme Notes',
  url: 'https://notes.example/mcp',
  description: 'Custom server at notes.example',
  requiresAuthentication: false,
  isCustom: true,
  isEnabled: true,
  status: { state },
  toolCount,
});

describe('the confirmation after a server is added by hand', () => {
  it('follows the server: connecting, then on with its tools, or what it waits for', () => {
    expect(addedSentence(server('connecting'))).toBe('Acme Notes is on: connecting…');
    expect(addedSentence(server('connected', 4))).toBe('Acme Notes is on: 4 tools.');
    expect(addedSentence(server('connected', 1))).toBe('Acme Notes is on: 1 tool.');
    expect(addedSentence(server('needs-auth'))).toBe('Acme Notes is on: sign in to use its tools.');
    expect(addedSentence(server('error'))).toBe(
      'Acme Notes is on but did not connect: its card says why.',
    );
  });

  it('is a status the person can dismiss, and nothing without a server', () => {
    const onDismiss = vi.fn();
    const { container, rerender } = render(
      <AddedNotice server={server('connected', 4)} onDismiss={onDismiss} />,
    );
    expect(screen.getByRole('status').textContent).toBe('Acme Notes is on: 4 tools. OK');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onDismiss).toHaveBeenCalledOnce();
    rerender(<AddedNotice server={undefined} onDismiss={onDismiss} />);
    expect(container.textContent).toBe('');
  });
});
