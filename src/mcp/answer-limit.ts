/**
 * What is read of one server answer: capped, so a broken or hostile server cannot fill the
 * worker's memory.
 */
import { ConnectionError } from '../errors/connection-error';

/** The most one answer may carry: a tool list, a tool result, a metadata document. */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/**
 * Caps what is read of one answer, so a broken or hostile server cannot fill the worker's
 * memory. A GET's event stream is exempt (it carries many answers over time); a POST's answer,
 * JSON or a stream, and every other GET (metadata documents) are capped.
 */
export function limitAnswer(
  response: Response,
  method: string,
  remember: (error: ConnectionError) => ConnectionError,
): Response {
  const isEventStream = (response.headers.get('content-type') ?? '').includes('text/event-stream');
  if (!response.body || (method === 'GET' && isEventStream)) return response;
  const length = response.headers.get('content-length');
  const declared = length === null ? Number.NaN : Number(length);
  if (declared > MAX_ANSWER_BYTES) {
    void response.body.cancel();
    throw remember(tooLarge());
  }
  // A declared length within the cap bounds the body already (the network stack reads no more
  // than it), so the stream needs no counting stage: one stage fewer on every warm JSON answer.
  if (Number.isInteger(declared) && declared >= 0 && !response.headers.has('content-encoding'))
    return response;
  return new Response(
    capped(response.body, () => remember(tooLarge())),
    {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    },
  );
}

/**
 * `body`, failing with `tooLarge()` once more than {@link MAX_ANSWER_BYTES} have come. A stream
 * that pulls from the body's reader rather than a TransformStream piped onto it: the pipe's
 * machinery (its reads, writes and their promises, per chunk) made up most of what the cap cost
 * on every warm call answered with an event stream.
 */
function capped(
  body: ReadableStream<Uint8Array>,
  tooLarge: () => ConnectionError,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let received = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      received += value.byteLength;
      if (received <= MAX_ANSWER_BYTES) return controller.enqueue(value);
      controller.error(tooLarge());
      await reader.cancel().catch(() => undefined);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

function tooLarge(): ConnectionError {
  return new ConnectionError(
    'protocol',
    `it sent more than ${MAX_ANSWER_BYTES / 1024 / 1024} MB in one answer`,
  );
}
