/**
 * What a server's connection hears besides tools, through the manager: its questions carry the
 * person's sampling setting, and changes to its resource and prompt lists reach the pages.
 */
import { describe, expect, it } from 'vitest';
import { startModernServer } from '../../fixtures/modern-server';
import { cleanupsAfterEach } from '../../helpers/cleanups';
import { createHarness } from '../../helpers/manager-harness';
import type { Broadcast } from '../../../src/messaging/contract';

const cleanups = cleanupsAfterEach();

async function connected() {
  const server = await startModernServer({ legacy: 'reject', fullClient: true });
  cleanups.push(() => server.close());
  const harness = createHarness({ toolTimeoutMs: 10_000 });
  cleanups.push(() => harness.dispose());
  const id = await harness.addAndEnable(server.mcpUrl, 'Notes');
  await harness.waitForState(id, 'connected');
  return { server, harness, id };
}

/** Resolves with the next broadcast of `type`; rejects when none comes in time. */
function nextBroadcast(
  harness: ReturnType<typeof createHarness>,
  type: Broadcast['type'],
): Promise<Broadcast> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no ${type} broadcast in time`));
    }, 10_000);
    const stop = harness.broadcaster.listen((message) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      stop();
      resolve(message);
    });
  });
}

describe('what a connection hears besides tools', () => {
  it.each([true, false])(
    'asks the person about a sampling request saying whether sampling is allowed (%s)',
    async (allowed) => {
      const { harness, id } = await connected();
      await harness.manager.setSampling(id, allowed);
      const call = harness.manager.callTool(id, {
        name: 'summarize_with_model',
        arguments: { text: 'a long day' },
      });
      const ask = await harness.nextAsk();
      expect(ask).toMatchObject({ kind: 'sampling', samplingEnabled: allowed });
      await harness.manager.answerAsk(ask.id, {
        action: 'sampled',
        text: 'Short.',
        model: 'scripted-model',
      });
      expect((await call).content).toEqual([{ type: 'text', text: 'summary: Short.' }]);
    },
  );

  it.each(['resources', 'prompts'] as const)(
    'tells the pages when the server says its %s changed',
    async (kind) => {
      const { server, harness, id } = await connected();
      const heard = nextBroadcast(harness, 'mcp/features/changed');
      server.featuresChanged(kind);
      expect(await heard).toEqual({
        type: 'mcp/features/changed',
        payload: { serverId: id, kind },
      });
    },
  );
});
