import type { ServerView, ToolView } from '../../src/messaging/contract';

/**
 * The one thing a server's card offers beside its name, the obvious next step for its state:
 * its switch while it is off or works (or is on its way there), otherwise what unblocks it.
 */
export type CardAction =
  'switch' | 'allow-access' | 'enter-client-id' | 'enter-header' | 'sign-in' | 'retry';

/** The card's one action; `canEdit`: the server has an Edit form (custom servers). */
export function nextAction(server: ServerView, canEdit: boolean): CardAction {
  if (!server.isEnabled) return 'switch';
  const { status } = server;
  if (status.needsAccess?.length) return 'allow-access';
  if (status.state === 'connected') return 'switch';
  // A header without its value is what it waits for, not a sign-in.
  if (server.missingHeaders?.length && canEdit) return 'enter-header';
  if (status.needsClientId) return canEdit ? 'enter-client-id' : 'sign-in';
  switch (status.state) {
    case 'needs-auth':
    case 'invalid-token':
      return 'sign-in';
    case 'error':
    case 'cloudflare-error':
      return 'retry';
    default:
      return 'switch';
  }
}

const tools = (count: number) => `${count} ${count === 1 ? 'tool' : 'tools'}`;

/**
 * How many of a connected server's tools the chat may use, in words that cannot be read as
 * more tools than it has: "7 tools on", "6 of 7 tools on", "Tools off (7 available)". Nothing
 * for a server that is off or not connected.
 */
export function toolCountWords(
  server: ServerView,
  list: { tools: ToolView[]; disabled: string[] } | undefined,
): string | undefined {
  if (!server.isEnabled || server.status.state !== 'connected') return undefined;
  // Until its list has loaded: the count the worker keeps.
  if (!list) return server.toolCount ? tools(server.toolCount) : undefined;
  const total = list.tools.length;
  if (total === 0) return 'No tools';
  const off = new Set(list.disabled);
  const on = list.tools.filter((tool) => !off.has(tool.name)).length;
  if (on === total) return `${tools(total)} on`;
  if (on === 0) return `Tools off (${total} available)`;
  return `${on} of ${tools(total)} on`;
}
