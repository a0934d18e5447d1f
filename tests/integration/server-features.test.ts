/**
 * A server's resources, prompts and completions through the manager, at their edges: servers
 * that do not offer them or are switched off, requests the server refuses, what an answer keeps,
 * subscriptions' bookkeeping, and the pickers when some servers have nothing to give.
 */
import { describe, expect, it } from 'vitest';
import { startFixtureServer } from '../fixtures/mcp-fixture-server';
import { startModernServer } from '../fixtures/modern-server';
import { createHarness } from '../helpers/manager-harness';
import { cleanupsAfterEach } from '../helpers/cleanups';

const cleanups = cleanupsAfterEach();

type Harness = ReturnType<typeof createHarness>;

/** "Plain" offers tools only; "Notes" (a 2026 server) resources, a template, a prompt, completions. */
async function setup() {
  const harness = createHarness();
  cleanups.push(() => harness.dispose());
  const plain = await startFixtureServer();
  cleanups.push(() => plain.close());
  const notes = await startModernServer({ legacy: 'reject', fullClient: true });
  cleanups.push(() => notes.close());
  const plainId = await harness.addAndEnable(plain.mcpUrl, 'Plain');
  const notesId = await harness.addAndEnable(notes.mcpUrl, 'Notes');
  return { harness, notes, plainId, notesId };
}

const REQUESTS: [string, (harness: Harness, id: string) => Promise<unknown>, string][] = [
  ['list resources', (h, id) => h.manager.listResources(id), 'resources'],
  ['list templates', (h, id) => h.manager.listResourceTemplates(id), 'resources'],
  ['read a resource', (h, id) => h.manager.readResource(id, 'notes://today'), 'resources'],
  ['list prompts', (h, id) => h.manager.listPrompts(id), 'prompts'],
  ['get a prompt', (h, id) => h.manager.getPrompt(id, { name: 'review' }), 'prompts'],
  [
    'complete an argument',
    (h, id) =>
      h.manager.complete(id, {
        ref: { type: 'ref/prompt', name: 'review' },
        argument: { name: 'topic', value: 're' },
      }),
    'argument completions',
  ],
];

describe('what a server offers besides tools', () => {
  it.each(REQUESTS)('refuses to %s on a server that offers none', async (_name, request, what) => {
    const { harness, plainId } = await setup();
    await expect(request(harness, plainId)).rejects.toMatchObject({
      code: 'invalid-request',
      message: `Plain does not offer ${what}.`,
    });
    expect((await harness.manager.getStatus(plainId)).state).toBe('connected');
  });

  it.each(REQUESTS)('refuses to %s on a switched-off server', async (_name, request) => {
    const { harness, notes, notesId } = await setup();
    await harness.manager.disable(notesId);
    const sent = notes.requests.length;
    await expect(request(harness, notesId)).rejects.toMatchObject({
      code: 'not-enabled',
      message: 'Notes is switched off. Switch it on to use its tools.',
    });
    expect(notes.requests.length).toBe(sent);
  });

  it('says which read the server refused, and stays connected', async () => {
    const { harness, notesId } = await setup();
    await expect(harness.manager.readResource(notesId, 'notes://nowhere')).rejects.toMatchObject({
      code: 'request-failed',
      message: expect.stringMatching(/^Notes could not read notes:\/\/nowhere: \S/),
    });
    expect((await harness.manager.getStatus(notesId)).state).toBe('connected');
  });

  it('gives a prompt’s messages with the arguments filled in', async () => {
    const { harness, notesId } = await setup();
    await expect(
      harness.manager.getPrompt(notesId, { name: 'review', arguments: { topic: 'retro' } }),
    ).resolves.toStrictEqual({
      messages: [
        { role: 'user', content: { type: 'text', text: 'Review the retro in three bullets.' } },
      ],
    });
  });

  it('suggests the values the server completes, with what it says of the rest', async () => {
    const { harness, notesId } = await setup();
    const suggested = await harness.manager.complete(notesId, {
      ref: { type: 'ref/prompt', name: 'review' },
      argument: { name: 'topic', value: 're' },
    });
    expect(suggested).toStrictEqual({ values: ['release', 'retro'], total: 2, hasMore: false });
  });

  it('forgets an unsubscribe for a resource never subscribed, asking the server nothing', async () => {
    const { harness, notes, notesId } = await setup();
    const sent = notes.requests.length;
    await expect(harness.manager.unsubscribeResource(notesId, 'notes://today')).resolves.toEqual({
      subscribed: false,
    });
    expect(notes.requests.length).toBe(sent);
  });
});

describe('the pickers', () => {
  it('gather what the connected servers offer, skipping those with none or switched off', async () => {
    const { harness, notesId } = await setup();
    const off = await startModernServer({ legacy: 'reject', fullClient: true });
    cleanups.push(() => off.close());
    const offId = await harness.addAndEnable(off.mcpUrl, 'Off');
    await harness.manager.disable(offId);

    const { resources, templates } = await harness.manager.allResources();
    expect(resources.map((resource) => [resource.serverId, resource.uri])).toEqual([
      [notesId, 'notes://today'],
    ]);
    expect(templates.map((template) => [template.serverId, template.uriTemplate])).toEqual([
      [notesId, 'notes://day/{date}'],
    ]);
    const { prompts } = await harness.manager.allPrompts();
    expect(prompts.map((prompt) => [prompt.serverId, prompt.name])).toEqual([[notesId, 'review']]);
  });
});
