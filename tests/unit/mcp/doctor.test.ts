/**
 * The connection doctor's parts that need no real server: the report's redaction, the ports
 * Chrome refuses, how a stream's timing reads, and a whole run against a stand-in server that
 * echoes every secret it is sent (or holds) back into the places the report is built from.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../src/mcp/catalog';
import { isUnsafePort } from '../../../src/mcp/doctor/unsafe-ports';
import { redactUrl, reportText, scrubbed, step } from '../../../src/mcp/doctor/steps';
import { streamStep } from '../../../src/mcp/doctor/stream-step';
import type { FetchLike } from '../../../src/net/fetch-like';
import { storageKeys } from '../../../src/mcp/storage-keys';
import { createHarness } from '../../helpers/manager-harness';

describe('redactUrl', () => {
  it.each([
    ['https://mcp.example.com/mcp', 'https://mcp.example.com/mcp'],
    ['https://user:pw@mcp.example.com:8443/mcp#frag', 'https://mcp.example.com:8443/mcp'],
    [
      'https://as.example.com/cb?code=abc123&state=xyz&code=again',
      'https://as.example.com/cb?code=…&state=…',
    ],
    [
      'https://mcp.example.com/mcp?api_key=sk-live-1&team=blue',
      'https://mcp.example.com/mcp?api_key=…&team=…',
    ],
    ['not a url', '(not a URL)'],
  ])('shows %s as %s', (address, shown) => {
    expect(redactUrl(address)).toBe(shown);
  });

  it('is applied to every step’s URL', () => {
    expect(
      step({ name: 'Reach', url: 'https://h/mcp?token=t0k3n', verdict: 'ok', sentence: 'Fine.' }),
    ).toEqual({ name: 'Reach', url: 'https://h/mcp?token=…', verdict: 'ok', sentence: 'Fine.' });
  });
});

describe('isUnsafePort', () => {
  it.each([
    'http://h:1/',
    'http://h:0/',
    'http://h:6000/',
    'http://h:6666/',
    'http://h:6697/',
    'https://h:10080/',
    'http://h:5060/',
  ])('refuses %s as Chrome does', (address) => expect(isUnsafePort(new URL(address))).toBe(true));

  it.each([
    'http://h/',
    'https://h/',
    'http://h:8080/',
    'http://h:3000/',
    'http://h:6670/',
    'https://h:8443/',
  ])('lets %s through', (address) => expect(isUnsafePort(new URL(address))).toBe(false));
});

describe('streamStep', () => {
  it('warns when the first byte comes late, together with the last', () => {
    const row = streamStep({ headersMs: 20, firstByteMs: 1520, endMs: 1530 }, false);
    expect(row).toMatchObject({ verdict: 'warn', ms: 1530 });
    expect(row.sentence).toBe(
      'A proxy seems to buffer the stream: its first byte came 1500 ms after the headers, with the last.',
    );
    expect(row.fix).toContain('X-Accel-Buffering: no');
  });

  it('passes a stream whose bytes come over time', () => {
    expect(streamStep({ headersMs: 20, firstByteMs: 25, endMs: 400 }, false)).toMatchObject({
      verdict: 'ok',
      sentence: 'It streams: first byte after 25 ms, the last after 400 ms.',
    });
  });

  it('says it cannot tell from one quick event, a JSON answer or HTTP+SSE', () => {
    expect(streamStep({ headersMs: 5, firstByteMs: 6, endMs: 7 }, false).verdict).toBe('skip');
    expect(streamStep(undefined, false).sentence).toBe('JSON answers: no stream to time.');
    expect(streamStep(undefined, true).sentence).toBe('HTTP+SSE: its long stream is not timed.');
  });
});

describe('the report', () => {
  it('has one paragraph per step: verdict, name, sentence, what was seen, the fix', () => {
    const steps = [
      step({ name: 'Address', url: 'https://h/mcp', verdict: 'ok', sentence: 'Fine.' }),
      step({
        name: 'Reach',
        url: 'https://h/mcp',
        status: 404,
        contentType: 'text/html',
        ms: 12,
        verdict: 'fail',
        sentence: 'No MCP endpoint.',
        fix: 'Give its URL.',
      }),
    ];
    expect(reportText({ name: 'Docs', url: 'https://h/mcp?key=s3cr3t' }, steps, new Date(0))).toBe(
      [
        'Patchbay connection report: Docs',
        'Server: https://h/mcp?key=…',
        'Checked: 1970-01-01T00:00:00.000Z',
        '',
        '[ok] Address: Fine.',
        '  https://h/mcp',
        '',
        '[fail] Reach: No MCP endpoint.',
        '  https://h/mcp · HTTP 404 · text/html · 12 ms',
        '  Fix: Give its URL.',
      ].join('\n'),
    );
  });

  it('scrubs a secret wherever it appears, and leaves short values alone', () => {
    const [row] = scrubbed(
      [
        step({
          name: 'Issuer',
          verdict: 'fail',
          sentence: 'It says tok-123 and abc.',
          fix: 'tok-123',
        }),
      ],
      ['tok-123', 'abc'],
    );
    expect(row).toEqual({
      name: 'Issuer',
      verdict: 'fail',
      sentence: 'It says [redacted] and abc.',
      fix: '[redacted]',
    });
  });
});

describe('a report of a server with a secret header and a sign-in', () => {
  const HEADER_SECRET = 'hdr-secret-9f2c';
  const ACCESS = 'access-token-77ab';
  const REFRESH = 'refresh-token-31cd';
  const CLIENT_SECRET = 'client-secret-5e6f';
  const config: ServerConfig = {
    id: 'echo',
    name: 'Echo',
    url: 'https://mcp.example.com/mcp',
    description: 'Echoes what it is sent.',
    requiresAuthentication: true,
    isCustom: true,
    headers: [{ key: 'X-Api-Key', value: HEADER_SECRET }],
    oauth: { clientId: 'patchbay', clientSecret: CLIENT_SECRET },
  };
  let dispose: (() => Promise<void>) | undefined;
  afterEach(async () => dispose?.());

  it('contains none of them, though the server put each one where the report reads', async () => {
    const seen: { url: string; authorization: string | null; key: string | null }[] = [];
    // A server that answers with everything it holds: the token in its challenge's scope, the
    // refresh token in its metadata URL, the header in its resource, the secret in its issuer.
    const echo: FetchLike = async (input, init) => {
      const url = new URL(String(input));
      const headers = new Headers(init?.headers);
      seen.push({
        url: url.href,
        authorization: headers.get('authorization'),
        key: headers.get('x-api-key'),
      });
      if (url.pathname === '/mcp')
        return new Response(
          `{"error":"${headers.get('authorization')} ${headers.get('x-api-key')}"}`,
          {
            status: 401,
            headers: {
              'content-type': 'application/json',
              'www-authenticate': `Bearer scope="${ACCESS}", resource_metadata="https://mcp.example.com/prm?token=${REFRESH}"`,
            },
          },
        );
      if (url.pathname === '/prm')
        return Response.json({
          resource: `https://elsewhere.example/${HEADER_SECRET}`,
          authorization_servers: [`https://as.example.com/${CLIENT_SECRET}`],
        });
      if (url.pathname.includes('.well-known/'))
        return Response.json({ issuer: `https://as.example.com/${ACCESS}/${REFRESH}` });
      return new Response('not here', { status: 404 });
    };
    const harness = createHarness({
      catalog: [config],
      fetch: echo,
      initial: {
        [storageKeys.tokens('echo')]: {
          access_token: ACCESS,
          refresh_token: REFRESH,
          token_type: 'Bearer',
        },
      },
    });
    dispose = harness.dispose;

    const health = await harness.manager.healthCheck('echo');

    // They went where they belong, and came back in the answers.
    const toServer = seen.filter((request) => request.url === config.url);
    expect(toServer[0]).toMatchObject({ authorization: `Bearer ${ACCESS}`, key: HEADER_SECRET });
    expect(seen.some((request) => request.url.includes(CLIENT_SECRET))).toBe(true);
    expect(health.report).toContain('[redacted]');
    expect(health.steps.map((each) => each.name)).toEqual(
      expect.arrayContaining(['Reach', 'Sign-in challenge', 'Resource', 'Issuer', 'Refresh']),
    );
    const everything = `${JSON.stringify(health)}\n${health.report}`;
    for (const secret of [HEADER_SECRET, ACCESS, REFRESH, CLIENT_SECRET])
      expect(everything, secret).not.toContain(secret);
  });
});
