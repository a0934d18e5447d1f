import { createMcpManager, type McpManagerOptions } from '../../src/mcp/manager';
import type { AskView } from '../../src/messaging/asks-contract';
import type { ServerState } from '../../src/messaging/contract';
import {
  createCountingKeepAlive,
  createMemoryStore,
  createRecordingBroadcaster,
  createTimerAlarms,
} from '../../src/platform/memory';
import type { Identity } from '../../src/platform/ports';
import { skillsFacade } from '../../src/skills/skills-facade';

/** For tests that never sign in: any attempt fails loudly. */
const unavailableIdentity: Identity = {
  redirectUrl: () => 'https://ochopgbekfckekcfildinaeciimoahkb.chromiumapp.org/',
  launchWebAuthFlow: () => Promise.reject(new Error('This test did not expect a sign-in window.')),
  captureRedirect: () => Promise.reject(new Error('This test did not expect a sign-in window.')),
};

/**
 * A manager wired to in-memory ports, as the background wires it to chrome.*, with the skills
 * over its sessions beside it.
 */
export function createHarness(
  overrides: Partial<Omit<McpManagerOptions, 'store'>> & {
    store?: ReturnType<typeof createMemoryStore>;
    initial?: Record<string, unknown>;
  } = {},
) {
  const store = overrides.store ?? createMemoryStore(overrides.initial);
  const broadcaster = createRecordingBroadcaster();
  const keepAlive = createCountingKeepAlive();
  const alarms = overrides.alarms ?? createTimerAlarms();
  const manager = createMcpManager({
    catalog: [],
    retryPolicy: { maxRetries: 0, initialDelay: 10, maxDelay: 10, backoffMultiplier: 2 },
    ...overrides,
    identity: overrides.identity ?? unavailableIdentity,
    store,
    broadcaster,
    keepAlive,
    alarms,
  });

  /** Resolves when the server reaches `state`; rejects with what it did reach if it never does. */
  function waitForState(serverId: string, state: ServerState, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const seen: string[] = [];
      const timer = setTimeout(() => {
        stop();
        reject(
          new Error(`${serverId} never reached ${state}; saw ${seen.join(' → ') || 'nothing'}`),
        );
      }, timeoutMs);
      const stop = broadcaster.listen((message) => {
        if (message.type !== 'mcp/status/changed' || message.payload.serverId !== serverId) return;
        seen.push(message.payload.status.state);
        if (message.payload.status.state === state) {
          clearTimeout(timer);
          stop();
          resolve();
        }
      });
      void manager.getStatus(serverId).then((status) => {
        if (status.state === state) {
          clearTimeout(timer);
          stop();
          resolve();
        }
      });
    });
  }

  /**
   * Resolves with the next question a server asks the person (one already waiting counts);
   * rejects saying so when none arrives in time.
   */
  function nextAsk(
    matches: (ask: AskView) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<AskView> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error('No server asked the person anything in time.'));
      }, timeoutMs);
      const found = (asks: AskView[]) => {
        const ask = asks.find(matches);
        if (!ask) return;
        clearTimeout(timer);
        stop();
        resolve(ask);
      };
      const stop = broadcaster.listen((message) => {
        if (message.type === 'mcp/asks/changed') found(message.payload.asks);
      });
      void manager.listAsks().then(found);
    });
  }

  /** Adds a custom server, switches it on (waiting for its first connection) and gives its id. */
  async function addAndEnable(
    url: string,
    name = 'Fixture',
    headers?: { key: string; value: string }[],
  ): Promise<string> {
    const server = await manager.addServer({ name, url, ...(headers ? { headers } : {}) });
    await manager.enable(server.id);
    return server.id;
  }

  /**
   * Starts the fixtures' `slow_count` tool (50 steps, 100 ms apart) as `callId`; `started`
   * resolves at its first progress report, when the server is surely running it.
   */
  function startSlowCall(serverId: string, callId: string) {
    const started = new Promise<void>((resolve) => {
      const stop = broadcaster.listen((message) => {
        if (message.type !== 'mcp/tool/progress' || message.payload.callId !== callId) return;
        stop();
        resolve();
      });
    });
    const call = manager.callTool(serverId, {
      name: 'slow_count',
      arguments: { steps: 50, delayMs: 100 },
      callId,
    });
    return { call, started };
  }

  /** Closes connections and clears pending alarms so nothing outlives the test. */
  async function dispose(): Promise<void> {
    await manager.closeAll();
    const scheduled =
      'scheduled' in alarms
        ? (alarms as ReturnType<typeof createTimerAlarms>).scheduled()
        : new Map();
    for (const name of scheduled.keys()) await alarms.clear(name);
  }

  return {
    manager,
    skills: skillsFacade(manager.sessionAccess),
    store,
    broadcaster,
    keepAlive,
    alarms: alarms as ReturnType<typeof createTimerAlarms>,
    waitForState,
    nextAsk,
    addAndEnable,
    startSlowCall,
    dispose,
  };
}
