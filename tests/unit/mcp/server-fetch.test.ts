import { describe, expect, it } from 'vitest';
import { ConnectionError } from '../../../src/errors/connection-error';
import { createServerFetch, isCloudflareWorkerError } from '../../../src/mcp/server-fetch';

function recordingFetch(response: () => Response) {
  const seen: { url: string; headers: Headers }[] = [];
  const fetch = async (url: string | URL, init?: RequestInit) => {
    seen.push({ url: String(url), headers: new Headers(init?.headers) });
    return response();
  };
  return { seen, fetch };
}

describe('createServerFetch', () => {
  it('adds custom headers only to requests for the server’s own origin', async () => {
    const { seen, fetch } = recordingFetch(
      () => new Response('{}', { headers: { 'content-type': 'application/json' } }),
    );
    const serverFetch = createServerFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      headers: { 'X-Api-Key': 'secret' },
      baseFetch: fetch,
    });
    await serverFetch('https://mcp.example.com/mcp', {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
    await serverFetch('https://auth.example.com/.well-known/oauth-authorization-server');
    await serverFetch('https://mcp.example.com:8443/mcp');
    expect(seen.map((request) => [request.url, request.headers.get('x-api-key')])).toEqual([
      ['https://mcp.example.com/mcp', 'secret'],
      ['https://auth.example.com/.well-known/oauth-authorization-server', null],
      ['https://mcp.example.com:8443/mcp', null],
    ]);
    expect(seen[0]?.headers.get('accept')).toBe('application/json');
  });

  it('hands a request that carries nothing of Patchbay’s on as the transport made it', async () => {
    const passed: { url: unknown; init: unknown }[] = [];
    const serverFetch = createServerFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      headers: {},
      auth: { accessToken: () => undefined, refresh: async () => false },
      baseFetch: async (url, init) => {
        passed.push({ url, init });
        return new Response('{}', { headers: { 'content-type': 'application/json' } });
      },
    });
    const url = new URL('https://mcp.example.com/mcp');
    const init: RequestInit = { method: 'POST', headers: new Headers({ accept: '*/*' }) };
    await serverFetch(url, init);
    // Neither parsed again nor copied: the warm call's request goes out as the SDK built it.
    expect(passed[0]?.url).toBe(url);
    expect(passed[0]?.init).toBe(init);
  });

  it('reaches plain http only on this machine and at the server’s own origin', async () => {
    const { seen, fetch } = recordingFetch(
      () => new Response('{}', { headers: { 'content-type': 'application/json' } }),
    );
    const serverFetch = createServerFetch({
      serverUrl: new URL('http://homeassistant.local:8123/api/mcp'),
      headers: {},
      baseFetch: fetch,
    });
    await serverFetch('http://homeassistant.local:8123/api/mcp', { method: 'POST' });
    await serverFetch('http://127.0.0.1:8123/.well-known/oauth-authorization-server');
    for (const elsewhere of [
      'http://192.168.1.1/admin',
      'http://homeassistant.local:9000/',
      'http://example.com/.well-known/oauth-authorization-server',
    ]) {
      const error = await serverFetch(elsewhere).catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        kind: 'protocol',
        message: expect.stringContaining(`plain http to another host`),
      });
    }
    expect(seen.map((request) => request.url)).toEqual([
      'http://homeassistant.local:8123/api/mcp',
      'http://127.0.0.1:8123/.well-known/oauth-authorization-server',
    ]);
  });

  it('follows no redirect with the server’s headers or token on the request', async () => {
    const modes: (RequestRedirect | undefined)[] = [];
    const opaque = () =>
      Object.defineProperty(new Response(null), 'type', { value: 'opaqueredirect' });
    const serverFetch = createServerFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      headers: { 'X-Api-Key': 'secret' },
      baseFetch: async (_url, init) => {
        modes.push(init?.redirect);
        return opaque();
      },
    });
    const error = await serverFetch(
      'https://mcp.example.com/.well-known/oauth-protected-resource',
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      kind: 'protocol',
      message: expect.stringContaining('which Patchbay does not follow'),
    });
    // The transports ask for 'manual' themselves and read the redirect as they like.
    await expect(
      serverFetch('https://mcp.example.com/mcp', { method: 'POST', redirect: 'manual' }),
    ).resolves.toMatchObject({ type: 'opaqueredirect' });
    // Nothing of the server's goes to another origin: the browser may follow as it does.
    await serverFetch('https://auth.example.com/.well-known/openid-configuration');
    // Each same-origin redirect is looked up once with a bare GET (which here leads nowhere).
    expect(modes).toEqual(['manual', undefined, 'manual', undefined, undefined]);
  });

  it('classifies refused connections as network errors and remembers them', async () => {
    const serverFetch = createServerFetch({
      serverUrl: new URL('http://127.0.0.1:9/mcp'),
      headers: {},
      baseFetch: async () => {
        throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
      },
    });
    const error = await serverFetch('http://127.0.0.1:9/mcp').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ kind: 'network', details: { networkCode: 'ECONNREFUSED' } });
    expect(serverFetch.lastError).toBe(error);
  });

  it('turns a Cloudflare 1101 page into a cloudflare error and passes other 5xx through', async () => {
    const page =
      '<html><title>Worker threw exception | Cloudflare</title><h1>Error 1101</h1></html>';
    const cloudflare = createServerFetch({
      serverUrl: new URL('https://w.example.com/mcp'),
      headers: {},
      baseFetch: async () =>
        new Response(page, { status: 500, headers: { 'content-type': 'text/html' } }),
    });
    await expect(cloudflare('https://w.example.com/mcp', { method: 'POST' })).rejects.toMatchObject(
      { kind: 'cloudflare' },
    );
    const plain = createServerFetch({
      serverUrl: new URL('https://w.example.com/mcp'),
      headers: {},
      baseFetch: async () =>
        new Response('oops', { status: 502, headers: { 'content-type': 'text/plain' } }),
    });
    await expect(plain('https://w.example.com/mcp')).resolves.toMatchObject({ status: 502 });
  });

  it.each([
    ['Cloudflare Ray ID: 1 · Error 1101 · Worker threw exception', true],
    ['Error 1101 from some other proxy', false],
    ['Cloudflare error 1020: access denied', false],
  ])(
    'recognises Cloudflare error pages by their code, not by any 1101 in a page: %s',
    (page, expected) => {
      expect(isCloudflareWorkerError(page)).toBe(expected);
    },
  );
});

/** A server fetch over answers given in turn, recording what was sent. */
function scripted(answers: (() => Response)[], auth?: { tokens: string[]; refreshes?: boolean[] }) {
  const seen: { url: string; init: RequestInit; headers: Headers }[] = [];
  let token = 0;
  let refreshed = 0;
  const serverFetch = createServerFetch({
    serverUrl: new URL('https://mcp.example.com/mcp'),
    headers: { 'X-Api-Key': 'key-1' },
    baseFetch: async (url, init = {}) => {
      seen.push({ url: String(url), init, headers: new Headers(init.headers) });
      const answer = answers.shift();
      if (!answer) throw new Error('no answer scripted');
      return answer();
    },
    ...(auth && {
      auth: {
        accessToken: () => auth.tokens[token],
        refresh: async () => {
          const ok = auth.refreshes?.[refreshed] ?? true;
          refreshed += 1;
          if (ok) token += 1;
          return ok;
        },
      },
    }),
  });
  return { serverFetch, seen, refreshes: () => refreshed, renew: () => (token += 1) };
}

const json = (status = 200, headers: Record<string, string> = {}) =>
  new Response('{"jsonrpc":"2.0","id":1,"result":{}}', {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const bearer = (error?: string, extra = '') => `Bearer${error ? ` error="${error}"` : ''}${extra}`;

describe('a server fetch with OAuth', () => {
  it('sends the token to the server alone, refreshes once after a 401, and retries with the new one', async () => {
    const { serverFetch, seen, refreshes } = scripted(
      [
        () => json(401, { 'www-authenticate': bearer('invalid_token') }),
        () => json(),
        () => json(),
      ],
      { tokens: ['old', 'new'] },
    );
    const response = await serverFetch('https://mcp.example.com/mcp', { method: 'POST' });
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toMatchObject({ result: {} });
    expect(refreshes()).toBe(1);
    expect(seen.map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer old',
      'Bearer new',
    ]);
    expect(seen.every((request) => request.headers.get('x-api-key') === 'key-1')).toBe(true);
    expect(serverFetch.lastError).toBeUndefined();

    await serverFetch('https://auth.example.com/token', { method: 'POST' });
    expect(seen.at(-1)?.headers.get('authorization')).toBeNull();
    expect(seen.at(-1)?.headers.get('x-api-key')).toBeNull();
  });

  it('retries without refreshing when another request already renewed the token', async () => {
    const answers = [
      () => {
        fetcher.renew();
        return json(401);
      },
      () => json(),
    ];
    const fetcher = scripted(answers, { tokens: ['old', 'renewed'] });
    await expect(fetcher.serverFetch('https://mcp.example.com/mcp')).resolves.toMatchObject({
      status: 200,
    });
    expect(fetcher.refreshes()).toBe(0);
    expect(fetcher.seen.map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer old',
      'Bearer renewed',
    ]);
  });

  it.each([
    {
      case: 'a refresh that fails',
      status: 401,
      challenge: bearer('invalid_token'),
      tokens: ['old'],
      refreshes: [false],
      expected: { message: 'invalid_token', challenge: { error: 'invalid_token' } },
      refreshed: 1,
    },
    {
      case: 'a 401 with no token held',
      status: 401,
      challenge: undefined,
      tokens: [],
      refreshes: [],
      expected: { message: 'HTTP 401', challenge: {} },
      refreshed: 0,
    },
    {
      case: 'a 401 asking for more scope',
      status: 401,
      challenge: bearer('insufficient_scope', ', scope="files:write"'),
      tokens: ['old'],
      refreshes: [],
      expected: {
        message: 'insufficient_scope',
        challenge: { error: 'insufficient_scope', scope: 'files:write' },
      },
      refreshed: 0,
    },
    {
      case: 'a 403 naming its resource metadata',
      status: 403,
      challenge: bearer(
        'insufficient_scope',
        ', scope="admin", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource"',
      ),
      tokens: ['old'],
      refreshes: [],
      expected: {
        message: 'insufficient_scope',
        challenge: {
          error: 'insufficient_scope',
          scope: 'admin',
          resourceMetadataUrl: 'https://mcp.example.com/.well-known/oauth-protected-resource',
        },
      },
      refreshed: 0,
    },
    {
      case: 'a 403 without a challenge',
      status: 403,
      challenge: undefined,
      tokens: [],
      refreshes: [],
      expected: { message: 'HTTP 403', challenge: {} },
      refreshed: 0,
    },
  ])(
    'fails with an auth error after $case, sending the request once',
    async ({ status, challenge, tokens, refreshes: outcomes, expected, refreshed }) => {
      const { serverFetch, seen, refreshes } = scripted(
        [() => json(status, challenge ? { 'www-authenticate': challenge } : {})],
        { tokens, refreshes: outcomes },
      );
      const error = await serverFetch('https://mcp.example.com/mcp').then(
        () => 'no error',
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error).toMatchObject({ kind: 'auth', message: expected.message });
      expect((error as ConnectionError).details).toStrictEqual({
        status,
        challenge: expected.challenge,
      });
      expect(serverFetch.lastError).toBe(error);
      expect(seen).toHaveLength(1);
      expect(refreshes()).toBe(refreshed);
    },
  );

  it('passes a 401 or 403 from another origin on to the SDK untouched', async () => {
    const { serverFetch, refreshes } = scripted([() => json(401), () => json(403)], {
      tokens: ['old'],
    });
    await expect(serverFetch('https://auth.example.com/register')).resolves.toMatchObject({
      status: 401,
    });
    await expect(serverFetch('https://auth.example.com/token')).resolves.toMatchObject({
      status: 403,
    });
    expect(refreshes()).toBe(0);
    expect(serverFetch.lastError).toBeUndefined();
  });
});

describe('what a server fetch refuses or lets through', () => {
  it('rethrows the caller’s abort as it is, not as a network error', async () => {
    const controller = new AbortController();
    const serverFetch = createServerFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      headers: {},
      baseFetch: async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      },
    });
    const error = await serverFetch('https://mcp.example.com/mcp', {
      signal: controller.signal,
    }).then(
      () => 'no error',
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DOMException);
    expect(serverFetch.lastError).toBeUndefined();
  });

  it('names the host of a failed request, with no socket code when the browser gives none', async () => {
    const serverFetch = createServerFetch({
      serverUrl: new URL('https://mcp.example.com:8443/mcp'),
      headers: {},
      baseFetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await serverFetch('https://mcp.example.com:8443/mcp').then(
      () => 'no error',
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({
      kind: 'network',
      message: 'Network request to mcp.example.com:8443 failed',
    });
    expect((error as ConnectionError).details).not.toHaveProperty('networkCode');
    expect((error as ConnectionError).cause).toBeInstanceOf(TypeError);
  });

  it.each([
    ['POST', 200, 'refuses', 'it returned an HTML page'],
    ['GET', 200, 'refuses', 'it returned an HTML page'],
    ['DELETE', 200, 'passes', undefined],
    ['POST', 500, 'passes', undefined],
    ['POST', 404, 'passes', undefined],
  ])('%s answered %i with an HTML page: %s it', async (method, status, verdict, message) => {
    const { serverFetch } = scripted([
      () =>
        new Response('<html>Sign in</html>', {
          status,
          headers: { 'content-type': 'text/html; charset=utf-8' },
        }),
    ]);
    const result = serverFetch('https://mcp.example.com/mcp', { method });
    if (verdict === 'refuses') {
      await expect(result).rejects.toMatchObject({
        kind: 'protocol',
        message,
        details: { status },
      });
      expect(serverFetch.lastError?.message).toBe(message);
    } else {
      await expect(result).resolves.toMatchObject({ status });
    }
  });

  it('makes a failed request a network error even when the fetch rejects with nothing', async () => {
    const serverFetch = createServerFetch({
      serverUrl: new URL('https://mcp.example.com/mcp'),
      headers: {},
      // A fetch that rejects without a reason.
      baseFetch: () => Promise.reject(undefined),
    });
    await expect(serverFetch('https://mcp.example.com/mcp')).rejects.toMatchObject({
      kind: 'network',
      message: 'Network request to mcp.example.com failed',
    });
    expect(serverFetch.lastError?.kind).toBe('network');
  });

  it('refuses an answer labelled HTML that has no body at all (204), as HTML', async () => {
    const { serverFetch } = scripted([
      () => new Response(null, { status: 204, headers: { 'content-type': 'text/html' } }),
    ]);
    await expect(
      serverFetch('https://mcp.example.com/mcp', { method: 'POST' }),
    ).rejects.toMatchObject({
      kind: 'protocol',
      message: 'it returned an HTML page',
      details: { status: 204 },
    });
  });

  it.each([
    [200, 'text/html', 'refuses it as HTML'],
    [404, 'text/html', 'passes it'],
    [200, 'application/json', 'passes it'],
  ])(
    'takes a %i %s answer that mentions Cloudflare error 1101 for no worker error: %s',
    async (status, type, verdict) => {
      const page = 'Cloudflare · Error 1101 · Worker threw exception';
      const { serverFetch } = scripted([
        () => new Response(page, { status, headers: { 'content-type': type } }),
      ]);
      const result = serverFetch('https://mcp.example.com/mcp', { method: 'POST' });
      if (verdict === 'passes it') {
        const response = await result;
        expect(response.status).toBe(status);
        await expect(response.text()).resolves.toBe(page);
      } else {
        await expect(result).rejects.toMatchObject({
          kind: 'protocol',
          message: 'it returned an HTML page',
        });
      }
    },
  );

  it('passes a Cloudflare page’s status on with its error, and reads 5xx pages only when HTML', async () => {
    const page = 'Cloudflare · Error 1101 · Worker threw exception';
    const { serverFetch } = scripted([
      () => new Response(page, { status: 503, headers: { 'content-type': 'text/html' } }),
      () => new Response(page, { status: 503, headers: { 'content-type': 'text/plain' } }),
    ]);
    await expect(
      serverFetch('https://mcp.example.com/mcp', { method: 'POST' }),
    ).rejects.toMatchObject({
      kind: 'cloudflare',
      message: 'Cloudflare worker error 1101',
      details: { status: 503 },
    });
    await expect(
      serverFetch('https://mcp.example.com/mcp', { method: 'POST' }),
    ).resolves.toMatchObject({
      status: 503,
    });
  });
});

describe('the size of one answer', () => {
  const MB = 1024 * 1024;
  /** A body of `megabytes` MB sent in 1 MB chunks, without a length. */
  const stream = (megabytes: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < megabytes; index += 1) controller.enqueue(new Uint8Array(MB));
        controller.close();
      },
    });

  it('refuses an answer that declares more than 8 MB before reading it', async () => {
    const { serverFetch } = scripted([
      () =>
        new Response(stream(1), {
          headers: { 'content-type': 'application/json', 'content-length': String(8 * MB + 1) },
        }),
    ]);
    await expect(
      serverFetch('https://mcp.example.com/mcp', { method: 'POST' }),
    ).rejects.toMatchObject({
      kind: 'protocol',
      message: 'it sent more than 8 MB in one answer',
    });
    expect(serverFetch.lastError?.message).toBe('it sent more than 8 MB in one answer');
  });

  it('keeps an answer that declares exactly 8 MB, and reads all of it', async () => {
    const { serverFetch } = scripted([
      () =>
        new Response(stream(8), {
          headers: { 'content-type': 'application/json', 'content-length': String(8 * MB) },
        }),
    ]);
    const response = await serverFetch('https://mcp.example.com/mcp', { method: 'POST' });
    await expect(response.arrayBuffer()).resolves.toHaveProperty('byteLength', 8 * MB);
    expect(serverFetch.lastError).toBeUndefined();
  });

  it('hands on an answer with a declared length as it came, and caps a compressed one', async () => {
    const plain = new Response(stream(1), {
      headers: { 'content-type': 'application/json', 'content-length': String(MB) },
    });
    const compressed = new Response(stream(9), {
      headers: {
        'content-type': 'application/json',
        'content-length': String(MB),
        'content-encoding': 'gzip',
      },
    });
    const { serverFetch } = scripted([() => plain, () => compressed]);
    expect(await serverFetch('https://mcp.example.com/mcp', { method: 'POST' })).toBe(plain);
    const inflated = await serverFetch('https://mcp.example.com/mcp', { method: 'POST' });
    expect(inflated).not.toBe(compressed);
    await expect(inflated.arrayBuffer()).rejects.toMatchObject({ kind: 'protocol' });
  });

  it('stops the server’s stream once an answer passes the cap, and a reader that lets go stops it too', async () => {
    const sources: { cancelled: unknown[]; pulls: number }[] = [];
    const endless = () => {
      const source = { cancelled: [] as unknown[], pulls: 0 };
      sources.push(source);
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            source.pulls += 1;
            controller.enqueue(new Uint8Array(MB));
          },
          cancel(reason) {
            source.cancelled.push(reason);
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      );
    };
    const { serverFetch } = scripted([endless, endless]);
    const flooded = await serverFetch('https://mcp.example.com/mcp', { method: 'POST' });
    await expect(flooded.arrayBuffer()).rejects.toMatchObject({
      kind: 'protocol',
      message: 'it sent more than 8 MB in one answer',
    });
    expect(sources[0]?.cancelled).toHaveLength(1);
    expect(sources[0]?.pulls).toBeLessThanOrEqual(10);

    const readLittle = await serverFetch('https://mcp.example.com/mcp', { method: 'POST' });
    const reader = readLittle.body!.getReader();
    await reader.read();
    await reader.cancel('enough');
    expect(sources[1]?.cancelled).toEqual(['enough']);
  });

  it.each([
    ['POST', 'application/json', 9, 'refuses'],
    ['POST', 'text/event-stream', 9, 'refuses'],
    ['GET', 'application/json', 9, 'refuses'],
    ['GET', 'text/event-stream', 9, 'passes'],
    ['POST', 'application/json', 8, 'passes'],
  ])(
    '%s answered with %s of %i MB: %s it while reading',
    async (method, type, megabytes, verdict) => {
      const { serverFetch } = scripted([
        () =>
          new Response(stream(megabytes), {
            status: 202,
            statusText: 'Accepted',
            headers: { 'content-type': type, 'x-trace': 't-1' },
          }),
      ]);
      const response = await serverFetch('https://mcp.example.com/mcp', { method });
      expect(response).toMatchObject({ status: 202, statusText: 'Accepted' });
      expect(response.headers.get('x-trace')).toBe('t-1');
      const read = response.arrayBuffer();
      if (verdict === 'refuses') {
        await expect(read).rejects.toMatchObject({
          kind: 'protocol',
          message: 'it sent more than 8 MB in one answer',
        });
        expect(serverFetch.lastError?.kind).toBe('protocol');
      } else {
        await expect(read).resolves.toHaveProperty('byteLength', megabytes * MB);
        expect(serverFetch.lastError).toBeUndefined();
      }
    },
  );
});
