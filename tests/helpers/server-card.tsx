import { fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { ServerCard, type ServerCardProps } from '../../components/servers/ServerCard';
import type { ServerView } from '../../src/messaging/contract';

/** Renders one server's card with every handler a spy; returns its props and the render. */
export function renderServerCard(server: ServerView, overrides: Partial<ServerCardProps> = {}) {
  const props: ServerCardProps = {
    server,
    tools: undefined,
    busy: false,
    onToggle: vi.fn(),
    onRetry: vi.fn(),
    onSignIn: vi.fn(),
    onAllowAccess: vi.fn(),
    onSignOut: vi.fn(),
    onHealthCheck: vi.fn(),
    readOnlyWithoutAsking: false,
    onDisabledToolsChange: vi.fn(),
    onReadOnlyWithoutAskingChange: vi.fn(),
    ...overrides,
  };
  const rendered = render(
    <ul>
      <ServerCard {...props} />
    </ul>,
  );
  return { props, ...rendered };
}

/**
 * Opens the Details of the card of `name` (the only card when left out) and waits for its
 * part, which loads the first time a card is opened.
 */
export async function openCardDetails(name?: string): Promise<HTMLElement> {
  const button = screen.getByRole('button', { name: name ? `Details of ${name}` : /^Details of / });
  fireEvent.click(button);
  const id = button.getAttribute('aria-controls')!;
  const part = document.getElementById(id)!;
  await vi.waitFor(
    () => {
      if (!part.querySelector('.server-more-body')) throw new Error('Details never loaded.');
    },
    { timeout: 4_000 },
  );
  return part;
}

/** Renders one server's card and opens its Details. */
export async function renderOpenServerCard(
  server: ServerView,
  overrides: Partial<ServerCardProps> = {},
) {
  const rendered = renderServerCard(server, overrides);
  await openCardDetails(server.name);
  return rendered;
}
