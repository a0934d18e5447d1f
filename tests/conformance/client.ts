/**
 * The client the official MCP conformance suite drives: Patchbay's real connection core (the
 * MCP manager with its server sessions, OAuth and the SDK v2 client) on Node's in-memory ports,
 * exactly as the background worker wires it to chrome.*. The suite passes the scenario
 * server's URL as the last argument, the scenario's name in MCP_CONFORMANCE_SCENARIO and
 * scenario data (pre-registered clients, tool calls to make) in MCP_CONFORMANCE_CONTEXT.
 *
 * It adds the URL as a custom server, switches it on (signing in through the scenario's
 * authorization server when asked), lists the tools, makes the calls the scenario names (or
 * calls each tool once), and exits 0 when everything it tried worked. What the server asks
 * during a call is answered as a person would in the panel: Accept on a form as it opened
 * (with the defaults the form fills in), agreeing to open a page, approving a model run.
 */
import { createMcpManager } from '../../src/mcp/manager';
import type { ServerStatus } from '../../src/messaging/contract';
import {
  createCountingKeepAlive,
  createMemoryStore,
  createRecordingBroadcaster,
  createTimerAlarms,
} from '../../src/platform/memory';
import { createNodeIdentity } from '../helpers/node-identity';

interface ScenarioContext {
  client_id?: string;
  client_secret?: string;
  /** 2026 scenarios: the tool calls to make, in order. */
  toolCalls?: { name: string; arguments?: Record<string, unknown> }[];
  /** Headers the scenario expects the client to send. */
  headers?: Record<string, string>;
}

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as ScenarioContext;

function log(message: string): void {
  process.stderr.write(`[patchbay-conformance] ${scenario}: ${message}\n`);
}

async function main(): Promise<number> {
  if (!url) throw new Error('The scenario server URL is missing.');
  const broadcaster = createRecordingBroadcaster();
  const alarms = createTimerAlarms();
  const manager = createMcpManager({
    catalog: [],
    store: createMemoryStore(),
    broadcaster,
    keepAlive: createCountingKeepAlive(),
    identity: createNodeIdentity(),
    alarms,
    retryPolicy: { maxRetries: 0, initialDelay: 10, maxDelay: 10, backoffMultiplier: 2 },
    connectTimeoutMs: 10_000,
    // A deployment that publishes Patchbay's Client ID Metadata Document; the suite's
    // authorization servers take this URL as the client id (they do not fetch it).
    clientMetadataUrl: 'https://conformance-test.local/client-metadata.json',
  });
  const answered = new Set<string>();
  broadcaster.listen((message) => {
    if (message.type === 'mcp/status/changed')
      log(`status ${message.payload.status.state} ${message.payload.status.error ?? ''}`);
    if (message.type !== 'mcp/asks/changed') return;
    for (const ask of message.payload.asks) {
      if (answered.has(ask.id)) continue;
      answered.add(ask.id);
      log(`answering ${ask.kind} from ${ask.serverName}`);
      void manager.answerAsk(
        ask.id,
        ask.kind === 'sampling'
          ? { action: 'sampled', text: 'Conformance answer', model: 'conformance-model' }
          : { action: 'accept', ...(ask.kind === 'elicitation-form' ? { content: {} } : {}) },
      );
    }
  });
  /** Resolves with the server's status once it stops moving (connected, or stuck on an error). */
  function settle(serverId: string, current: ServerStatus): Promise<ServerStatus> {
    if (isSettled(current.state)) return Promise.resolve(current);
    return new Promise((resolve) => {
      const finish = (status: ServerStatus) => {
        stop();
        resolve(status);
      };
      const stop = broadcaster.listen((message) => {
        if (message.type === 'mcp/status/changed' && isSettled(message.payload.status.state))
          finish(message.payload.status);
      });
      // It may have settled before the listener was in place.
      void manager.getStatus(serverId).then((status) => {
        if (isSettled(status.state)) finish(status);
      });
    });
  }

  try {
    const server = await manager.addServer({
      name: 'Conformance',
      url,
      headers: Object.entries(context.headers ?? {}).map(([key, value]) => ({ key, value })),
      ...(context.client_id
        ? {
            oauth: {
              clientId: context.client_id,
              ...(context.client_secret ? { clientSecret: context.client_secret } : {}),
            },
          }
        : {}),
    });
    let status = await settle(server.id, await manager.enable(server.id));
    // A person who sees "Sign in" (a refused or migrated sign-in) clicks it once.
    if (status.state === 'needs-auth' || status.state === 'invalid-token') {
      log('signing in again, as a person clicking Sign in would');
      status = await settle(server.id, await manager.startSignIn(server.id));
    }
    if (status.state !== 'connected') {
      log(`not connected: ${status.state} ${status.error ?? ''}`);
      return 1;
    }
    const tools = await manager.listEnabledTools();
    log(`tools: ${tools.map((tool) => tool.name).join(', ')}`);
    // Scenarios that name no calls get each of their tools called once, in the order listed
    // (the MRTR scenario's checks need a call between two rounds of another tool's flow).
    const calls =
      context.toolCalls ??
      tools.map((tool) => ({ name: tool.name, arguments: sampleArguments(tool.inputSchema) }));
    let failed = false;
    for (const call of calls) {
      try {
        const result = await manager.callTool(server.id, {
          name: call.name,
          arguments: call.arguments ?? {},
        });
        log(`called ${call.name}: ${JSON.stringify(result).slice(0, 200)}`);
      } catch (error) {
        failed = true;
        log(`call ${call.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return failed ? 1 : 0;
  } finally {
    await manager.closeAll();
    for (const name of alarms.scheduled().keys()) await alarms.clear(name);
  }
}

function isSettled(state: string): boolean {
  return ['connected', 'error', 'needs-auth', 'invalid-token', 'cloudflare-error'].includes(state);
}

/** Arguments for a tool the scenario did not describe: numbers for numbers, text otherwise. */
function sampleArguments(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, { type?: string }>;
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      property.type === 'number' || property.type === 'integer' ? 1 : 'conformance',
    ]),
  );
}

// The suite's own timeout cannot stop this process (it kills only the shell around it): give up
// here first, so a hung scenario fails fast instead of stalling the run.
setTimeout(() => {
  log('gave up after 25 s');
  process.exit(1);
}, 25_000).unref();

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
