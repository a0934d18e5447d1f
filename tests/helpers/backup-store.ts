/**
 * A browser's storage as a person who set Patchbay up leaves it: a custom server with a secret
 * header and a pre-registered client, a tool switched off, a provider with its key, a grant, a
 * routine, settings, and a sign-in (which a backup never carries).
 */
import { createMemoryStore } from '../../src/platform/memory';
import { aRoutine } from './routines-background';

export const SECRET_HEADER = 'k-3f9a-secret-header';
export const API_KEY = 'sk-ant-secret-key-123';
export const CLIENT_SECRET = 'client-secret-456';

export const SERVER = {
  id: 'custom-ab12cd34',
  name: 'Team tools',
  url: 'https://tools.example.com/mcp',
  description: 'Custom server at tools.example.com',
  requiresAuthentication: true,
  isCustom: true,
  headers: [{ key: 'X-Key', value: SECRET_HEADER }],
  oauth: { clientId: 'team-client', clientSecret: CLIENT_SECRET },
} as const;

export function setUpStore() {
  const routine = aRoutine({ id: 'routine-9', name: 'Morning brief' });
  return createMemoryStore({
    customMcpServers: [SERVER],
    [`mcp.${SERVER.id}.enabled`]: true,
    [`mcp.${SERVER.id}.tools.disabled`]: ['delete_everything'],
    [`mcp.${SERVER.id}.sessionId`]: 'session-should-not-travel',
    [`oauth.${SERVER.id}.tokens`]: { access_token: 'token-should-not-travel' },
    'mcp.notion.enabled': true,
    'chat.models': {
      active: 'anthropic',
      providers: {
        anthropic: { provider: 'anthropic', apiKey: API_KEY, model: 'claude-sonnet-4-5' },
      },
    },
    'chat.approvals': {
      [SERVER.id]: { readOnlyWithoutAsking: true, alwaysAllow: ['search'] },
    },
    'chat.approvalSecret': 'install-bound',
    'chat.keepDays': 30,
    routines: [routine],
  });
}
