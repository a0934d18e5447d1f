// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useServerProblems } from '../../../../components/chat/use-server-problems';
import type { PatchbayClient } from '../../../../src/messaging/client';
import type { ServerStatus, ServerView } from '../../../../src/messaging/contract';
import { serverView } from '../../../helpers/server-view';
import { withClient } from '../../../helpers/with-client';

afterEach(cleanup);

const server = (id: string, status: ServerStatus): ServerView =>
  serverView(id, `Server ${id}`, { url: `https://${id}.example/mcp`, status });

describe('the chat’s server problems', () => {
  it('stay put while the worker retries, and go once the server connects', () => {
    const down = (id: string) => server(id, { state: 'error', error: `Couldn't reach ${id}.` });
    const { result, rerender } = renderHook(
      ({ servers }) => useServerProblems({ servers, askForSites: async () => true }),
      {
        initialProps: { servers: [down('a'), down('b'), down('c')] },
        wrapper: withClient({} as PatchbayClient),
      },
    );
    const names = () => result.current.problems.map((problem) => problem.serverName);
    expect(names()).toEqual(['Server a', 'Server b', 'Server c']);
    // One retry after another: each server connecting again keeps its place.
    rerender({ servers: [server('a', { state: 'connecting' }), down('b'), down('c')] });
    expect(names()).toEqual(['Server a', 'Server b', 'Server c']);
    rerender({ servers: [down('a'), server('b', { state: 'connecting' }), down('c')] });
    expect(names()).toEqual(['Server a', 'Server b', 'Server c']);
    rerender({ servers: [down('a'), server('b', { state: 'connected' }), down('c')] });
    expect(names()).toEqual(['Server a', 'Server c']);
  });
});
