import { said, step, type DoctorStep } from './steps';

/** When an event-stream answer arrived: its headers, its first byte, and its end (ms). */
export interface StreamTiming {
  headersMs: number;
  firstByteMs: number;
  endMs: number;
}

/** Reads an answer to its end (or its first whole JSON-RPC event), timing its bytes. */
export async function timeAnswer(response: Response, sentAt: number): Promise<StreamTiming> {
  const since = () => Math.round(performance.now() - sentAt);
  const headersMs = since();
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let firstByteMs: number | undefined;
  let text = '';
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    // Each read is timed as it arrives: the time spent reading it is Patchbay's, not the
    // server's (a busy machine could otherwise spread one read over 50 ms and call it a stream).
    const arrivedMs = since();
    firstByteMs ??= arrivedMs;
    text += decoder.decode(value, { stream: true });
    // A stream may stay open after its answer; the answer's event ends what is timed (taken
    // before the cancel, whose own time is not the server's).
    if ((/"(result|error)"/.test(text) && /\n\n$/.test(text)) || text.length > 65_536) {
      await reader.cancel().catch(() => undefined);
      return { headersMs, firstByteMs, endMs: arrivedMs };
    }
  }
  const endMs = since();
  return { headersMs, firstByteMs: firstByteMs ?? endMs, endMs };
}

/**
 * Whether a proxy holds the event stream back: its first byte then comes only with its last,
 * well after the headers. A short answer that arrives at once cannot tell, and says so.
 */
export function streamStep(timing: StreamTiming | undefined, legacySse: boolean): DoctorStep {
  const name = 'Stream';
  if (!timing)
    return said(
      name,
      'skip',
      legacySse ? 'HTTP+SSE: its long stream is not timed.' : 'JSON answers: no stream to time.',
    );
  const { headersMs, firstByteMs, endMs } = timing;
  const row = (verdict: DoctorStep['verdict'], sentence: string, fix?: string) =>
    step({ name, ms: endMs, verdict, sentence, ...(fix ? { fix } : {}) });
  if (firstByteMs - headersMs >= 1000 && endMs - firstByteMs < 50)
    return row(
      'warn',
      `A proxy seems to buffer the stream: its first byte came ${firstByteMs - headersMs} ms after the headers, with the last.`,
      'Turn buffering off for this path (nginx: proxy_buffering off, or X-Accel-Buffering: no).',
    );
  return endMs - firstByteMs >= 50
    ? row('ok', `It streams: first byte after ${firstByteMs} ms, the last after ${endMs} ms.`)
    : row('skip', `One event, whole after ${endMs} ms: too short to tell whether a proxy buffers.`);
}
