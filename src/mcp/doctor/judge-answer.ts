/**
 * What the answer to the Reach request means: a redirect Patchbay does not follow, a firewall's
 * or a website's page, a sign-in, a refusal, a newer protocol, the older transport, a wrong
 * path, a failing server, or MCP (timed, when it streams).
 */
import { ConnectionError } from '../../errors/connection-error';
import { failWith, type Fail, type Judged, type Send } from './judged';
import { htmlFailure, readHead } from './page-kind';
import { refused, signInAsked } from './refusals';
import { timeAnswer } from './stream-step';

export interface Judging {
  send: Send;
  /** The card's sentence for a failure. */
  words: (error: ConnectionError) => string;
  sentAt: number;
  /** What went with the request: an access token, the server's custom headers. */
  sent: { token: boolean; headers: boolean };
  /** Patchbay's origin, which Chrome would put on its POSTs. */
  origin: string;
}

export async function judgeAnswer(response: Response, how: Judging): Promise<Judged> {
  const { status } = response;
  const type = response.headers.get('content-type') ?? '';
  const fail = failWith(how.words);
  const protocol = (words: string) => new ConnectionError('protocol', words);
  if (response.type === 'opaqueredirect' || (status >= 300 && status < 400))
    return fail(
      protocol('it redirects to another site, where Patchbay takes no headers or sign-in'),
      'Serve MCP at this address.',
    );
  const html = type.includes('text/html');
  const page = html || status === 400 ? await readHead(response) : '';
  const failure = html && htmlFailure(response, page);
  if (failure) return fail(failure.error, failure.fix);
  if (status === 401) return signInAsked(response, how.sent, fail);
  if (status === 403) return refused(response, how.origin, fail);
  if (status === 400 && /protocol version|-32022/i.test(page))
    return {
      answered: true,
      verdict: 'ok',
      sentence: 'It refused the 2025 handshake: it speaks MCP 2026-07-28 only, as Patchbay does.',
    };
  if (status === 400 || status === 404 || status === 405) return legacySse(how.send, status, fail);
  if (status >= 500) return fail(new ConnectionError('server', '', { status }), 'See its logs.');
  if (!response.ok) return fail(protocol(`it answered HTTP ${status}`));
  if (!/json|event-stream/.test(type))
    return fail(
      protocol(`it answered with ${type || 'no content type'}`),
      'Answer with application/json or text/event-stream.',
    );
  const timing = type.includes('event-stream') ? await timeAnswer(response, how.sentAt) : undefined;
  if (!timing) await response.body?.cancel();
  return {
    answered: true,
    ...(timing ? { timing } : {}),
    verdict: 'ok',
    sentence: 'It answered the MCP handshake.',
  };
}

/** 400, 404 or 405 to the POST: the older HTTP+SSE transport, as Patchbay tries next, or no MCP. */
async function legacySse(send: Send, status: number, fail: Fail): Promise<Judged> {
  try {
    const stream = await send({ method: 'GET', headers: { accept: 'text/event-stream' } });
    await stream.body?.cancel();
    if (stream.ok && (stream.headers.get('content-type') ?? '').includes('text/event-stream'))
      return {
        answered: true,
        verdict: 'ok',
        sentence: `It speaks the older HTTP+SSE (the POST got HTTP ${status}).`,
      };
  } catch {
    // Not an event stream either: said below.
  }
  return fail(new ConnectionError('not-found', '', { status }), 'Give people the endpoint’s URL.');
}
