// @vitest-environment happy-dom
/**
 * A server that arrived without a header's value (synced, or restored without secrets) says
 * which to enter, and its button opens the Edit form at that header's value.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerForm } from '../../../../components/servers/ServerForm';
import type { ServerView } from '../../../../src/messaging/contract';
import { renderServerCard } from '../../../helpers/server-card';

afterEach(cleanup);

const server: ServerView = {
  id: 'custom-1',
  name: 'Team tools',
  url: 'https://tools.example.com/mcp',
  description: 'Custom server at tools.example.com',
  requiresAuthentication: false,
  isCustom: true,
  isEnabled: true,
  status: { state: 'needs-auth' },
  toolCount: 0,
  headerNames: ['X-Team', 'X-Key'],
  missingHeaders: ['X-Key'],
};

describe('a server without a header’s value', () => {
  it('says what to enter and why, and opens the form at that header', () => {
    const onEdit = vi.fn();
    renderServerCard(server, { onEdit });
    expect(
      screen.getByText(/secrets are not synced or exported without a passphrase/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enter X-Key' }));
    expect(onEdit).toHaveBeenCalledWith('X-Key');
    // Its 401 is about the header: the card offers no sign-in for it.
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('says why a sign-in is asked again when sync is on', () => {
    renderServerCard({ ...server, missingHeaders: [] }, { onEdit: vi.fn(), syncOn: true });
    expect(
      screen.getByText(/Sign-ins and Always allow stay in the browser where you gave them/),
    ).toBeTruthy();
  });

  it('opens the form with that header’s value field focused', () => {
    render(
      <ServerForm
        mode="edit"
        initial={{ name: server.name, url: server.url, headerNames: ['X-Team', 'X-Key'] }}
        focusHeader="X-Key"
        onTest={vi.fn()}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
        readIcon={vi.fn()}
      />,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Header 2 value'));
  });
});
