import { render } from '@testing-library/react';
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
