import type { Client, Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { Connection } from '../../../src/mcp/connection-types';
import { ToolCache } from '../../../src/mcp/session/tool-cache';
import { taskEraFor } from '../../../src/mcp/tasks/task-call';

const research: Tool = {
  name: 'research',
  inputSchema: { type: 'object' },
  execution: { taskSupport: 'optional' },
};
const TAKES_TASKS = { tasks: { requests: { tools: { call: {} } } } };

/** A 2025-era connection whose server lists `tools` when asked, counting the asks. */
function legacyConnection(capabilities: Record<string, unknown>, tools: Tool[] = [research]) {
  const asked = { lists: 0 };
  const client = {
    listTools: async () => {
      asked.lists += 1;
      return { tools };
    },
    getServerCapabilities: () => capabilities,
    getProtocolEra: () => 'legacy',
  } as unknown as Client;
  const connection = {
    era: { kind: 'legacy' },
    capabilities,
    client,
  } as unknown as Pick<Connection, 'era' | 'capabilities' | 'client'>;
  return { connection, asked };
}

function withTools(tools: Tool[] | null) {
  const toolCache = new ToolCache();
  if (tools) toolCache.replace(tools);
  return { toolCache };
}

describe('whether a 2025-era call goes as a task', () => {
  it('goes as a task where the server takes tool calls as tasks and the tool runs as one', async () => {
    const { connection } = legacyConnection(TAKES_TASKS);
    await expect(taskEraFor(withTools([research]), connection, 'research')).resolves.toBe('legacy');
    await expect(
      taskEraFor(
        withTools([{ ...research, execution: { taskSupport: 'forbidden' } }]),
        connection,
        'research',
      ),
    ).resolves.toBeUndefined();
  });

  it('goes plainly to a server that does not say it takes tool calls as tasks', async () => {
    for (const capabilities of [{}, { tasks: { list: {} } }, { tasks: { requests: {} } }]) {
      const { connection } = legacyConnection(capabilities);
      await expect(
        taskEraFor(withTools([research]), connection, 'research'),
      ).resolves.toBeUndefined();
    }
  });

  it('asks for the tool list itself when the call opens the connection, before the list is in', async () => {
    const { connection, asked } = legacyConnection(TAKES_TASKS);
    await expect(taskEraFor(withTools(null), connection, 'research')).resolves.toBe('legacy');
    expect(asked.lists).toBe(1);
    // With the list in, nothing more is asked.
    await expect(taskEraFor(withTools([research]), connection, 'research')).resolves.toBe('legacy');
    expect(asked.lists).toBe(1);
  });
});
