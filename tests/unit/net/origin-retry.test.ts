import { describe, expect, it } from 'vitest';
import { retryWithoutOrigin } from '../../../src/net/origin-retry';
import type { OwnRequestOrigins } from '../../../src/platform/ports';

/** The rule's hosts as Chrome would hold them, and what was asked of it. */
function fakeOrigins(options: { refuses?: boolean } = {}) {
  const held = new Map<string, number>();
  const calls: string[] = [];
  const origins: OwnRequestOrigins = {
    async dropOrigin(host) {
      calls.push(`drop ${host}`);
      if (options.refuses) return undefined;
      await Promise.resolve();
      if (!held.has(host)) held.set(host, performance.now());
      return held.get(host);
    },
    async restoreOrigin(host) {
      calls.push(`restore ${host}`);
      held.delete(host);
    },
    async keepOnly(hosts) {
      for (const host of held.keys()) if (!hosts.has(host)) held.delete(host);
    },
  };
  return { origins, held, calls };
}

type Judge = (request: { origin: boolean; body: string }) => Response;

/** A server behind `fetch`: each request carries Origin unless the rule held its host then. */
function fakeServer(held: Map<string, number>, judge: Judge) {
  const seen: { origin: boolean; body: string }[] = [];
  const fetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
    const request = { origin: !held.has(new URL(url).hostname), body: String(init?.body ?? '') };
    seen.push(request);
    await Promise.resolve();
    return judge(request);
  };
  return { fetch, seen };
}

const refusesOrigin: Judge = ({ origin }) =>
  origin ? new Response('Invalid Origin header', { status: 403 }) : Response.json({ ok: true });

const URL_A = 'http://127.0.0.1:4000/mcp';

describe('retryWithoutOrigin', () => {
  it('sends a request refused for its Origin once more without it, and every later one without', async () => {
    const { origins, held, calls } = fakeOrigins();
    const server = fakeServer(held, refusesOrigin);
    const fetch = retryWithoutOrigin(server.fetch, origins);

    const first = await fetch(URL_A, { method: 'POST', body: 'initialize' });
    expect(first.status).toBe(200);
    const second = await fetch(URL_A, { method: 'POST', body: 'tools/list' });
    expect(second.status).toBe(200);
    expect(server.seen).toEqual([
      { origin: true, body: 'initialize' },
      { origin: false, body: 'initialize' },
      { origin: false, body: 'tools/list' },
    ]);
    expect(calls).toEqual(['drop 127.0.0.1']);
  });

  it('leaves the Origin on where the server serves it, and asks nothing of Chrome', async () => {
    const { origins, held, calls } = fakeOrigins();
    const server = fakeServer(held, () => Response.json({ ok: true }));
    const fetch = retryWithoutOrigin(server.fetch, origins);
    expect((await fetch(URL_A, { method: 'POST', body: 'x' })).status).toBe(200);
    expect(calls).toEqual([]);
    expect(held.size).toBe(0);
  });

  it('hands back a token’s refusal (a Bearer challenge) as it came: that is no Origin check', async () => {
    const { origins, held, calls } = fakeOrigins();
    const server = fakeServer(
      held,
      () =>
        new Response(null, {
          status: 403,
          headers: { 'www-authenticate': 'Bearer error="insufficient_scope", scope="write"' },
        }),
    );
    const fetch = retryWithoutOrigin(server.fetch, origins);
    const response = await fetch(URL_A, { method: 'POST', body: 'x' });
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toContain('insufficient_scope');
    expect(server.seen).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('gives the Origin back to a host that refuses either way, and does not try it again', async () => {
    const { origins, held, calls } = fakeOrigins();
    const server = fakeServer(held, () => new Response('Forbidden', { status: 403 }));
    const fetch = retryWithoutOrigin(server.fetch, origins);
    expect((await fetch(URL_A, { method: 'POST', body: 'a' })).status).toBe(403);
    expect((await fetch(URL_A, { method: 'POST', body: 'b' })).status).toBe(403);
    expect(server.seen.map((request) => request.body)).toEqual(['a', 'a', 'b']);
    expect(calls).toEqual(['drop 127.0.0.1', 'restore 127.0.0.1']);
    expect(held.size).toBe(0);
  });

  it('keeps the host where a request without Origin was served, even if a later one is refused', async () => {
    const { origins, held, calls } = fakeOrigins();
    let forbidden = false;
    const server = fakeServer(held, (request) =>
      forbidden ? new Response('Forbidden', { status: 403 }) : refusesOrigin(request),
    );
    const fetch = retryWithoutOrigin(server.fetch, origins);
    expect((await fetch(URL_A, { method: 'POST', body: 'a' })).status).toBe(200);
    forbidden = true;
    expect((await fetch(URL_A, { method: 'POST', body: 'b' })).status).toBe(403);
    // Sent without Origin already: nothing to retry, and the host stays.
    expect(server.seen.map((request) => request.body)).toEqual(['a', 'a', 'b']);
    expect(calls).toEqual(['drop 127.0.0.1', 'drop 127.0.0.1']);
    expect([...held.keys()]).toEqual(['127.0.0.1']);
  });

  it('retries each request refused before the rule held the host, however many were in flight', async () => {
    const { origins, held } = fakeOrigins();
    const server = fakeServer(held, refusesOrigin);
    const fetch = retryWithoutOrigin(server.fetch, origins);
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((body) => fetch(URL_A, { method: 'POST', body })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(server.seen.filter((request) => request.origin).map((request) => request.body)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(server.seen.filter((request) => !request.origin)).toHaveLength(3);
  });

  it('hands the refusal back where Chrome takes no rule, or the body cannot be sent twice', async () => {
    const refused = fakeOrigins({ refuses: true });
    const server = fakeServer(refused.held, refusesOrigin);
    const fetch = retryWithoutOrigin(server.fetch, refused.origins);
    expect((await fetch(URL_A, { method: 'POST', body: 'a' })).status).toBe(403);
    expect(server.seen).toHaveLength(1);

    const { origins, held, calls } = fakeOrigins();
    const streaming = fakeServer(held, refusesOrigin);
    const body = new ReadableStream({
      start: (controller) => {
        controller.enqueue(new TextEncoder().encode('a'));
        controller.close();
      },
    });
    const response = await retryWithoutOrigin(streaming.fetch, origins)(URL_A, {
      method: 'POST',
      body,
    });
    expect(response.status).toBe(403);
    expect(streaming.seen).toHaveLength(1);
    expect(calls).toEqual([]);
  });
});
