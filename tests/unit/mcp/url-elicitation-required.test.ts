/**
 * A 2025-era server refusing a call until the person has been on its pages (-32042): which pages
 * Patchbay asks for, in what order, and what the call is told when the person does not go
 * through with them. The broker is the real one; the whole round trip against a server that
 * refuses for real is in tests/integration/mcp/server-asks.test.ts.
 */
import { ProtocolError, UrlElicitationRequiredError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { AskBroker, MAX_ASKS_PER_SERVER } from '../../../src/mcp/asks/ask-broker';
import {
  isUrlElicitationRequired,
  satisfyUrlElicitations,
} from '../../../src/mcp/asks/url-elicitation-required';
import { PatchbayError } from '../../../src/errors/patchbay-error';
import type { AskView } from '../../../src/messaging/asks-contract';
import { createCountingKeepAlive, createRecordingBroadcaster } from '../../../src/platform/memory';

const SERVER = { id: 'docs', name: 'Docs', url: 'https://docs.example.com/mcp' };

function page(id: string, url = `https://accounts.example.com/${id}`) {
  return { mode: 'url' as const, message: `Open ${id}`, url, elicitationId: id };
}

/** The error the SDK makes of a -32042 answer carrying these pages, unchecked. */
function refusal(elicitations: unknown): UrlElicitationRequiredError {
  const error = ProtocolError.fromError(-32042, 'URL elicitation required', { elicitations });
  if (!(error instanceof UrlElicitationRequiredError)) throw new Error('not a -32042 error');
  return error;
}

function setup(server = SERVER) {
  const asks = new AskBroker({
    broadcaster: createRecordingBroadcaster(),
    keepAlive: createCountingKeepAlive(),
    timeoutMs: 60_000,
  });
  const controller = new AbortController();
  const run = (error: UrlElicitationRequiredError) =>
    satisfyUrlElicitations(asks, server, error, 'search', controller.signal);
  /** Resolves with the next ask in `phase` once the broker lists it. */
  const next = (phase: 'asking' | 'opened' = 'asking') =>
    new Promise<AskView>((resolve) => {
      const find = () =>
        asks.list().find((ask) => ask.kind === 'elicitation-url' && ask.phase === phase);
      const found = find();
      if (found) return resolve(found);
      const stop = asks.onChange(() => {
        const ask = find();
        if (ask) {
          stop();
          resolve(ask);
        }
      });
    });
  return { asks, controller, run, next };
}

/** What a failed attempt threw, for assertions on its code and sentence. */
async function failure(attempt: Promise<void>): Promise<unknown> {
  return attempt.then(
    () => 'went through',
    (error: unknown) => error,
  );
}

function notRun(why: string) {
  return { code: 'tool-failed', message: `Docs did not run search: ${why}` };
}

describe('satisfyUrlElicitations', () => {
  it('asks for each page in turn, going on once the server says it is done', async () => {
    const { asks, run, next } = setup();
    const done = run(new UrlElicitationRequiredError([page('first'), page('second')]));
    const first = await next();
    expect(first).toMatchObject({
      kind: 'elicitation-url',
      serverId: 'docs',
      serverName: 'Docs',
      message: 'Open first',
      url: 'https://accounts.example.com/first',
    });
    expect(asks.list()).toHaveLength(1);
    asks.answer(first.id, { action: 'accept' });
    await next('opened');
    // The person's "done" on another page does not count; the server's word for this one does.
    asks.complete('docs', 'second');
    asks.complete('other-server', 'first');
    asks.complete('docs', 'first');
    const second = await next();
    expect(second).toMatchObject({
      message: 'Open second',
      url: 'https://accounts.example.com/second',
    });
    asks.answer(second.id, { action: 'accept' });
    await next('opened');
    // This server never confirms: the person says they are done.
    asks.answer(second.id, { action: 'accept' });
    await expect(done).resolves.toBeUndefined();
  });

  it('asks for at most three pages of one refusal', async () => {
    const { asks, run, next } = setup();
    const done = run(new UrlElicitationRequiredError(['a', 'b', 'c', 'd'].map((id) => page(id))));
    const seen: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const ask = await next();
      if (ask.kind === 'elicitation-url') seen.push(ask.url);
      asks.answer(ask.id, { action: 'accept' });
      await next('opened');
      asks.answer(ask.id, { action: 'accept' });
    }
    await expect(done).resolves.toBeUndefined();
    expect(seen).toEqual([
      'https://accounts.example.com/a',
      'https://accounts.example.com/b',
      'https://accounts.example.com/c',
    ]);
  });

  it.each<[string, unknown[]]>([
    ['not an object', ['https://accounts.example.com/a']],
    ['null', [null]],
    ['without a url', [{ message: 'm', elicitationId: 'x' }]],
    ['with a url that is not a string', [{ url: 1, message: 'm', elicitationId: 'x' }]],
    ['without a message', [{ url: 'https://a.example', elicitationId: 'x' }]],
    ['without an id', [{ url: 'https://a.example', message: 'm' }]],
    [
      'with an id that is not a string',
      [{ url: 'https://a.example', message: 'm', elicitationId: 7 }],
    ],
    ['with an empty id', [{ url: 'https://a.example', message: 'm', elicitationId: '' }]],
  ])('skips a page that is %s and asks for the well-formed one', async (_, malformed) => {
    const { asks, run, next } = setup();
    const done = run(refusal([...malformed, page('good')]));
    const ask = await next();
    expect(ask).toMatchObject({ url: 'https://accounts.example.com/good', message: 'Open good' });
    expect(asks.list()).toHaveLength(1);
    asks.answer(ask.id, { action: 'accept' });
    await next('opened');
    asks.complete('docs', 'good');
    await expect(done).resolves.toBeUndefined();
  });

  it.each<[string, unknown]>([
    ['no pages', []],
    ['pages that are not a list', { url: 'https://accounts.example.com/a' }],
    ['only malformed pages', [{ url: 'https://accounts.example.com/a', message: 'm' }]],
  ])('does not run the call when the server names %s', async (_, elicitations) => {
    const { asks, run } = setup();
    expect(await failure(run(refusal(elicitations)))).toMatchObject(
      notRun('it asked for a page to be opened first, but named none Patchbay can open.'),
    );
    expect(asks.list()).toEqual([]);
  });

  it.each([
    ['a plain-http page from a remote server', 'http://127.0.0.1:8080/admin', SERVER.url],
    ['a javascript: address', 'javascript:alert(1)', 'http://127.0.0.1:3000/mcp'],
    ['an address hiding its host', 'https://accounts.example.com@evil.example/', SERVER.url],
  ])('refuses without asking the person to open %s', async (_, url, serverUrl) => {
    const { asks, run } = setup({ ...SERVER, url: serverUrl });
    const error = await failure(run(new UrlElicitationRequiredError([page('x', url)])));
    expect(error).toBeInstanceOf(PatchbayError);
    expect(error).toMatchObject(notRun(`it asked to open a page Patchbay will not open (${url}).`));
    expect(asks.list()).toEqual([]);
  });

  it('cuts a long address it will not open to 200 characters in the sentence', async () => {
    const { run } = setup();
    const url = `http://example.com/${'a'.repeat(300)}`;
    expect(await failure(run(new UrlElicitationRequiredError([page('x', url)])))).toMatchObject(
      notRun(`it asked to open a page Patchbay will not open (${url.slice(0, 200)}).`),
    );
  });

  it('asks to open a plain-http local page when the server itself runs on this machine', async () => {
    const { asks, run, next } = setup({ ...SERVER, url: 'http://127.0.0.1:3000/mcp' });
    const done = run(
      new UrlElicitationRequiredError([page('local', 'http://127.0.0.1:3000/login')]),
    );
    const ask = await next();
    asks.answer(ask.id, { action: 'accept' });
    await next('opened');
    asks.complete('docs', 'local');
    await expect(done).resolves.toBeUndefined();
  });

  it.each([
    ['declines', { action: 'decline' }],
    ['cancels', { action: 'cancel' }],
  ] as const)('does not run the call when the person %s to open the page', async (_, reply) => {
    const { asks, run, next } = setup();
    const done = failure(run(new UrlElicitationRequiredError([page('a'), page('b')])));
    asks.answer((await next()).id, reply);
    expect(await done).toMatchObject(
      notRun(
        'it needs you to finish something on accounts.example.com first, and that was not done.',
      ),
    );
    // The second page is not asked for.
    expect(asks.list()).toEqual([]);
  });

  it('does not run the call when the person declines, even if an earlier page with the same id was done', async () => {
    const { asks, run, next } = setup();
    // The server reuses an id: its earlier page, confirmed done, is still listed for a moment.
    const earlier = asks.ask(
      SERVER,
      {
        kind: 'elicitation-url',
        message: 'Earlier',
        url: 'https://accounts.example.com/a',
        phase: 'asking',
      },
      { elicitationId: 'a' },
    );
    asks.answer((await next()).id, { action: 'accept' });
    await earlier;
    asks.complete('docs', 'a');
    expect(asks.list()).toMatchObject([{ phase: 'completed' }]);
    const done = failure(run(new UrlElicitationRequiredError([page('a')])));
    asks.answer((await next()).id, { action: 'decline' });
    expect(await done).toMatchObject(
      notRun(
        'it needs you to finish something on accounts.example.com first, and that was not done.',
      ),
    );
  });

  it('does not run the call when the person dismisses the page they opened', async () => {
    const { asks, run, next } = setup();
    const done = failure(
      run(
        new UrlElicitationRequiredError([page('a', 'https://login.example.org:8443/x'), page('b')]),
      ),
    );
    const ask = await next();
    asks.answer(ask.id, { action: 'accept' });
    await next('opened');
    asks.answer(ask.id, { action: 'cancel' });
    expect(await done).toMatchObject(
      notRun(
        'it needs you to finish something on login.example.org:8443 first, and that was not done.',
      ),
    );
    expect(asks.list()).toEqual([]);
  });

  it('gives up when the call is stopped while the page is open', async () => {
    const { asks, controller, run, next } = setup();
    const done = failure(run(new UrlElicitationRequiredError([page('a')])));
    asks.answer((await next()).id, { action: 'accept' });
    await next('opened');
    controller.abort();
    expect(await done).toMatchObject(
      notRun(
        'it needs you to finish something on accounts.example.com first, and that was not done.',
      ),
    );
  });

  it('does not run the call, saying why, when the server already has too many questions waiting', async () => {
    const { asks, run } = setup();
    for (let index = 0; index < MAX_ASKS_PER_SERVER; index += 1)
      void asks.ask(SERVER, { kind: 'elicitation-form', message: 'm', requestedSchema: {} });
    expect(await failure(run(new UrlElicitationRequiredError([page('a')])))).toMatchObject(
      notRun(`Docs already has ${MAX_ASKS_PER_SERVER} questions waiting for the person.`),
    );
  });
});

describe('isUrlElicitationRequired', () => {
  it.each<[string, unknown, boolean]>([
    ['the SDK’s error for -32042', new UrlElicitationRequiredError([page('a')]), true],
    ['another protocol error', new ProtocolError(-32603, 'Internal error'), false],
    ['a plain error', new Error('URL elicitation required'), false],
    ['nothing', undefined, false],
  ])('recognizes %s', (_, error, expected) => {
    expect(isUrlElicitationRequired(error)).toBe(expected);
  });
});
