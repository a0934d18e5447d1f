/**
 * A stand-in for a server's session in task tests that need what a real server rarely does on
 * cue (out of reach for minutes, under fake timers; a question it never should ask): each
 * request's answer comes from a script, read through the same result schemas the SDK uses.
 * Integration tests use real servers (tests/fixtures/task-tools.ts, server-everything).
 */
import { ProtocolError } from '@modelcontextprotocol/client';
import { AskBroker } from '../../src/mcp/asks/ask-broker';
import type { ServerSession } from '../../src/mcp/session/server-session';
import { createCountingKeepAlive, createRecordingBroadcaster } from '../../src/platform/memory';

/**
 * What the server answers a request: a result, a JSON-RPC error (`{ error }`), or a failure to
 * reach it (an Error, thrown as the transport would), or a promise of one.
 */
export type ScriptedAnswer =
  | Record<string, unknown>
  | { error: { code: number; message: string } }
  | Error
  | Promise<Record<string, unknown>>;

interface Request {
  method: string;
  params?: Record<string, unknown>;
}

interface Schema {
  parse(value: unknown): unknown;
}

export function createScriptedTaskServer(
  answer: (method: string, params: Record<string, unknown> | undefined) => ScriptedAnswer,
) {
  /** The methods requested, in order. */
  const requests: string[] = [];
  /** The params of each request, in order. */
  const params: (Record<string, unknown> | undefined)[] = [];
  const broadcaster = createRecordingBroadcaster();
  const asks = new AskBroker({ broadcaster, keepAlive: createCountingKeepAlive() });
  const client = {
    async request(request: Request, schema: Schema): Promise<unknown> {
      requests.push(request.method);
      params.push(request.params);
      const scripted = answer(request.method, request.params);
      if (scripted instanceof Error) throw scripted;
      const value = await scripted;
      if ('error' in value && typeof value.error === 'object' && value.error !== null) {
        const { code, message } = value.error as { code: number; message: string };
        throw new ProtocolError(code, message);
      }
      return schema.parse(value);
    },
  };
  const session = {
    id: 'research',
    config: { name: 'Research', url: 'http://127.0.0.1:9/mcp' },
    context: { asks, broadcaster },
    samplingEnabled: false,
    withConnection: <T>(operation: (connection: { client: typeof client }) => Promise<T>) =>
      operation({ client }),
  } as unknown as ServerSession;
  return { session, requests, params, asks, broadcaster };
}
