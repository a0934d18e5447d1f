import type { ServerView } from '../../src/messaging/contract';

/** A custom server as the panel sees it: switched on and connected, unless `extra` says else. */
export function serverView(id: string, name: string, extra: Partial<ServerView> = {}): ServerView {
  return {
    id,
    name,
    url: `https://${id}.example/mcp`,
    description: '',
    requiresAuthentication: false,
    isCustom: true,
    isEnabled: true,
    status: { state: 'connected' },
    toolCount: 0,
    ...extra,
  };
}
