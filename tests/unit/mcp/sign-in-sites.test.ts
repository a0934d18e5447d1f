/**
 * The sites a sign-in reaches besides the server's, read from its protected-resource metadata
 * when it asks for a sign-in: what the Sign in click then asks Chrome for.
 */
import { describe, expect, it } from 'vitest';
import { learnSignInSites } from '../../../src/mcp/session/sign-in-sites';
import type { SessionState } from '../../../src/mcp/session/session-state';
import type { ServerStatus } from '../../../src/messaging/contract';

function sessionWith(metadata: unknown, status = 200) {
  const requests: { url: string; headers: Headers }[] = [];
  const announced: ServerStatus[] = [];
  const session = {
    config: {
      id: 'custom-1',
      name: 'Docs',
      url: 'https://mcp.docs.example/mcp',
      headers: [{ key: 'X-Team', value: 'blue' }],
    },
    context: {
      fetch: async (url: string | URL, init?: RequestInit) => {
        requests.push({ url: String(url), headers: new Headers(init?.headers) });
        return new Response(JSON.stringify(metadata), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      },
    },
    lastChallenge: undefined,
    signInSites: undefined as string[] | undefined,
    status: { state: 'needs-auth' } as ServerStatus,
    setStatus(next: ServerStatus) {
      announced.push(next);
    },
  };
  return { session, requests, announced };
}

describe('the sites a sign-in reaches', () => {
  it('are the authorization servers the server names, besides its own site', async () => {
    const { session, requests, announced } = sessionWith({
      resource: 'https://mcp.docs.example/mcp',
      authorization_servers: ['https://auth.docs.example/tenant', 'https://mcp.docs.example'],
    });
    await learnSignInSites(session as unknown as SessionState);
    expect(session.signInSites).toEqual(['https://auth.docs.example/*']);
    expect(announced).toHaveLength(1);
    // Asked at the server's own site, with its headers, as every request there is.
    expect(requests[0]?.url).toMatch(/^https:\/\/mcp\.docs\.example\/\.well-known\//);
    expect(requests[0]?.headers.get('x-team')).toBe('blue');
  });

  it('stay unknown, quietly, for a server without that metadata', async () => {
    const { session, announced } = sessionWith({ error: 'not found' }, 404);
    await learnSignInSites(session as unknown as SessionState);
    expect(session.signInSites).toBeUndefined();
    expect(announced).toEqual([]);
  });
});
