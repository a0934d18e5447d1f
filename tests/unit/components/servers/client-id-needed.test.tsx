// @vitest-environment happy-dom
/**
 * A server whose authorization server registers no apps: its card offers Enter client ID (not
 * Sign in, which would fail the same way), and the form opens at the OAuth client ID field.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerCardProps } from '../../../../components/servers/ServerCard';
import { renderServerCard } from '../../../helpers/server-card';
import { ServerForm } from '../../../../components/servers/ServerForm';
import type { ServerView } from '../../../../src/messaging/contract';

afterEach(cleanup);

const server: ServerView = {
  id: 'custom-1',
  name: 'Notes',
  url: 'https://notes.example.com/mcp',
  description: 'Custom server at notes.example.com',
  requiresAuthentication: true,
  isCustom: true,
  isEnabled: true,
  status: {
    state: 'needs-auth',
    error: "Notes's sign-in server lets no app register itself.",
    needsClientId: true,
  },
  toolCount: 0,
};

function card(overrides: Partial<ServerCardProps>) {
  return renderServerCard(server, overrides).props;
}

describe('a server that needs a client ID entered by hand', () => {
  it('offers Enter client ID instead of Sign in, which opens the form', () => {
    const onEdit = vi.fn();
    const props = card({ onEdit });
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enter client ID' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(props.onSignIn).not.toHaveBeenCalled();
  });

  it('offers Sign in where the server cannot be edited (a built-in one)', () => {
    card({});
    expect(screen.queryByRole('button', { name: 'Enter client ID' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('opens the form with the OAuth section open and the client ID field focused', () => {
    render(
      <ServerForm
        mode="edit"
        initial={{ name: 'Notes', url: server.url, headerNames: [] }}
        focusClientId
        onTest={vi.fn()}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
        readIcon={vi.fn()}
      />,
    );
    const field = screen.getByLabelText('Client ID');
    expect(document.activeElement).toBe(field);
    expect(field.closest('details')?.open).toBe(true);
  });
});
