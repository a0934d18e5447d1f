/**
 * The whole MCP client against a strict 2026-07-28 server: what it asks of the person arrives
 * as `input_required` rounds (no server-to-client requests exist in this era), and the answer
 * goes back with the request state on a retried call. Resources, prompts, completions,
 * instructions and the server's icon work as they do in the 2025 era.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXTURE_ICON,
  FIXTURE_INSTRUCTIONS,
  startModernServer,
  type ModernServer,
} from '../../fixtures/modern-server';
import { createHarness } from '../../helpers/manager-harness';

describe('a strict 2026-07-28 server with everything besides tools', () => {
  let server: ModernServer;
  const harness = createHarness();
  let serverId: string;

  beforeAll(async () => {
    server = await startModernServer({ legacy: 'reject', fullClient: true });
    serverId = (await harness.manager.addServer({ name: 'Modern', url: server.mcpUrl })).id;
    await harness.manager.enable(serverId);
  });

  afterAll(async () => {
    await harness.dispose();
    await server?.close();
  });

  it('shows its instructions, features and icon', async () => {
    const view = await harness.manager.viewOf(serverId);
    expect(view.protocolVersion).toBe('2026-07-28');
    expect(view.instructions).toBe(FIXTURE_INSTRUCTIONS);
    expect(view.features).toMatchObject({ resources: true, prompts: true, completions: true });
    // The icon is resolved after connecting; it arrives with a status broadcast.
    await expect
      .poll(async () => (await harness.manager.viewOf(serverId)).serverIconDataUrl, {
        timeout: 10_000,
      })
      .toBe(FIXTURE_ICON);
  });

  it('asks the person a form in an input_required round and retries with their answer', async () => {
    const call = harness.manager.callTool(serverId, {
      name: 'confirm_deploy',
      arguments: { env: 'staging' },
    });
    const ask = await harness.nextAsk();
    expect(ask).toMatchObject({ kind: 'elicitation-form', message: 'Deploy to staging?' });
    if (ask.kind !== 'elicitation-form') throw new Error('not a form');
    expect(Object.keys(ask.requestedSchema.properties as object)).toEqual(['confirm', 'note']);
    // The person ticks the box and leaves the note as it was: its default is filled in.
    await harness.manager.answerAsk(ask.id, { action: 'accept', content: { confirm: true } });
    expect((await call).content).toEqual([
      { type: 'text', text: 'deployed deploy:staging (ship it)' },
    ]);
    // The retry went out as a new request carrying the state the server minted.
    const retried = server.requests
      .map(
        (request) =>
          request.body as {
            method?: string;
            params?: { name?: string; arguments?: { env?: string }; requestState?: string };
          },
      )
      .filter(
        (body) =>
          body.method === 'tools/call' &&
          body.params?.name === 'confirm_deploy' &&
          body.params.arguments?.env === 'staging',
      );
    expect(retried).toHaveLength(2);
    expect(retried[1]?.params?.requestState).toBe('deploy:staging');
  });

  it('tells the server when the person cancels the form', async () => {
    const call = harness.manager.callTool(serverId, {
      name: 'confirm_deploy',
      arguments: { env: 'production' },
    });
    const ask = await harness.nextAsk();
    await harness.manager.answerAsk(ask.id, { action: 'cancel' });
    expect((await call).content).toEqual([{ type: 'text', text: 'not deployed: cancel' }]);
  });

  it('runs a sampling round with the answer the person approved', async () => {
    const call = harness.manager.callTool(serverId, {
      name: 'summarize_with_model',
      arguments: { text: 'a long day' },
    });
    const ask = await harness.nextAsk();
    expect(ask).toMatchObject({
      kind: 'sampling',
      request: { systemPrompt: 'You write one-line summaries.', maxTokens: 60 },
    });
    await harness.manager.answerAsk(ask.id, {
      action: 'sampled',
      text: 'A long day, summarized.',
      model: 'scripted-model',
    });
    expect((await call).content).toEqual([
      { type: 'text', text: 'summary: A long day, summarized.' },
    ]);
  });

  it('reads its resources and templates, and completes a template variable', async () => {
    const { resources, templates } = await harness.manager.allResources();
    expect(resources).toEqual([
      expect.objectContaining({ serverId, uri: 'notes://today', title: 'Today’s notes' }),
    ]);
    expect(templates).toEqual([expect.objectContaining({ uriTemplate: 'notes://day/{date}' })]);
    const read = await harness.manager.readResource(serverId, 'notes://today');
    expect(read.contents).toEqual([
      expect.objectContaining({
        mimeType: 'text/markdown',
        text: '# Today\n\nShipped the release.',
      }),
    ]);
    const days = await harness.manager.complete(serverId, {
      ref: { type: 'ref/resource', uri: 'notes://day/{date}' },
      argument: { name: 'date', value: '2026-11-2' },
    });
    expect(days.values).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
  });

  it('gets a prompt with a completed argument', async () => {
    const { prompts } = await harness.manager.allPrompts();
    expect(prompts).toEqual([
      expect.objectContaining({
        serverId,
        name: 'review',
        arguments: [expect.objectContaining({ name: 'topic', required: true })],
      }),
    ]);
    const topics = await harness.manager.complete(serverId, {
      ref: { type: 'ref/prompt', name: 'review' },
      argument: { name: 'topic', value: 're' },
    });
    expect(topics.values).toEqual(['release', 'retro']);
    const prompt = await harness.manager.getPrompt(serverId, {
      name: 'review',
      arguments: { topic: 'release' },
    });
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Review the release in three bullets.' } },
    ]);
  });
});
