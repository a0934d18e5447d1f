import { describe, expect, it, vi } from 'vitest';
import { CATALOG } from '../../../src/mcp/catalog';
import { createRouter } from '../../../src/messaging/router';
import { createHarness } from '../../helpers/manager-harness';
import { createMemoryStore } from '../../../src/platform/memory';
import type { SkillsService } from '../../../src/skills/skills-facade';

const EXTENSION_ID = 'ochopgbekfckekcfildinaeciimoahkb';
const ownPage = {
  id: EXTENSION_ID,
  url: `chrome-extension://${EXTENSION_ID}/sidepanel.html`,
  origin: `chrome-extension://${EXTENSION_ID}`,
};

function setup() {
  const harness = createHarness();
  return {
    ...harness,
    router: createRouter({ manager: harness.manager, extensionId: EXTENSION_ID }),
  };
}

describe('router', () => {
  it('answers the extension’s own pages', async () => {
    const { router } = setup();
    await expect(router.handle({ type: 'mcp/servers/get' }, ownPage)).resolves.toEqual({
      ok: true,
      result: { servers: [] },
    });
  });

  it.each([
    [
      'a content script (the page’s origin)',
      { id: EXTENSION_ID, url: 'https://example.com/page', origin: 'https://example.com' },
    ],
    [
      'another extension',
      {
        id: 'aaaabbbbccccddddeeeeffffgggghhhh',
        url: 'chrome-extension://aaaabbbbccccddddeeeeffffgggghhhh/x.html',
      },
    ],
    [
      'another extension claiming Patchbay’s origin',
      { id: 'aaaabbbbccccddddeeeeffffgggghhhh', url: ownPage.url, origin: ownPage.origin },
    ],
    ['a content script without an origin', { id: EXTENSION_ID, url: 'https://example.com/page' }],
    [
      'a page of Patchbay’s id at a look-alike origin',
      {
        id: EXTENSION_ID,
        url: `${ownPage.origin}.evil.example/x`,
        origin: `${ownPage.origin}.evil.example`,
      },
    ],
    ['an unknown sender', {}],
    ['Patchbay’s id with neither origin nor address', { id: EXTENSION_ID }],
  ])('refuses %s', async (_, sender) => {
    const { router } = setup();
    await expect(router.handle({ type: 'mcp/servers/get' }, sender)).resolves.toEqual({
      ok: false,
      error: {
        code: 'forbidden-sender',
        message: 'Only Patchbay’s own pages may send it commands.',
      },
    });
  });

  it('answers its own page when the browser gives only its URL', async () => {
    const { router } = setup();
    await expect(
      router.handle({ type: 'mcp/servers/get' }, { id: EXTENSION_ID, url: ownPage.url }),
    ).resolves.toEqual({ ok: true, result: { servers: [] } });
  });

  it.each(['xmcp/fixture/status/get', 'mcp/fixture/status/get\nextra', 'mcp//status/get'])(
    'does not take %j for a server request',
    async (type) => {
      const { router } = setup();
      await expect(router.handle({ type }, ownPage)).resolves.toEqual({
        ok: false,
        error: {
          code: 'unknown-type',
          message: `Patchbay does not know the request type "${type}".`,
        },
      });
    },
  );

  it('rejects malformed envelopes, unknown types and invalid payloads with specific errors', async () => {
    const { router } = setup();
    await expect(router.handle('mcp/servers/get', ownPage)).resolves.toEqual({
      ok: false,
      error: {
        code: 'invalid-request',
        message: 'A request needs a string "type" and an optional "payload".',
      },
    });
    await expect(router.handle({ type: 'mcp/launch/rockets' }, ownPage)).resolves.toMatchObject({
      ok: false,
      error: {
        code: 'unknown-type',
        message: 'Patchbay does not know the request type "mcp/launch/rockets".',
      },
    });
    await expect(
      router.handle({ type: 'mcp/servers/add', payload: { name: 'x' } }, ownPage),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-request', field: 'url' },
    });
    await expect(
      router.handle({ type: 'mcp/servers/get', payload: { extra: 1 } }, ownPage),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-request' },
    });
  });

  it.each([
    [
      'mcp/servers/add',
      { name: 'x' },
      'url',
      'Invalid payload for mcp/servers/add: url: Invalid input: expected string, received undefined.',
    ],
    [
      'mcp/servers/add',
      { name: 'x', url: 'https://a.example/mcp', headers: [{ key: 5, value: '1' }] },
      'headers.0.key',
      'Invalid payload for mcp/servers/add: headers.0.key: Invalid input: expected string, received number.',
    ],
    [
      'mcp/servers/add',
      'x',
      'payload',
      'Invalid payload for mcp/servers/add: payload: Invalid input: expected object, received string.',
    ],
    [
      'mcp/fixture/tool/cancel',
      7,
      'payload',
      'Invalid payload for mcp/fixture/tool/cancel: payload: Invalid input: expected object, received number.',
    ],
  ])('names the field and the reason when %s gets %j', async (type, payload, field, message) => {
    const { router } = setup();
    await expect(router.handle({ type, payload }, ownPage)).resolves.toEqual({
      ok: false,
      error: { code: 'invalid-request', message, field },
    });
  });

  it('turns validation failures of custom servers into invalid-input errors naming the field', async () => {
    const { router } = setup();
    const response = await router.handle(
      { type: 'mcp/servers/add', payload: { name: 'X', url: 'ftp://files' } },
      ownPage,
    );
    expect(response).toEqual({
      ok: false,
      error: { code: 'invalid-input', field: 'url', message: 'Use an https:// URL (got ftp:).' },
    });
  });

  it('never lets a header value reach a response', async () => {
    const { router } = setup();
    const added = await router.handle(
      {
        type: 'mcp/servers/add',
        payload: {
          name: 'Keyed',
          url: 'https://mcp.example.com/mcp',
          headers: [{ key: 'Authorization', value: 'Bearer sk-top-secret' }],
        },
      },
      ownPage,
    );
    expect(added).toMatchObject({
      ok: true,
      result: { server: { headerNames: ['Authorization'] } },
    });
    expect(JSON.stringify(added)).not.toContain('sk-top-secret');
    expect(JSON.stringify(await router.handle({ type: 'mcp/servers/get' }, ownPage))).not.toContain(
      'sk-top-secret',
    );
  });

  it('answers an unexpected failure with a generic internal error that carries no internals', async () => {
    // Storage that fails the way a broken worker might: its message names internals.
    const internals =
      'Cannot read properties of undefined (reading "sk-live-1234") at registry.ts:42';
    const store = createMemoryStore();
    const harness = createHarness({
      store: { ...store, get: () => Promise.reject(new TypeError(internals)) },
    });
    const router = createRouter({ manager: harness.manager, extensionId: EXTENSION_ID });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = await router.handle({ type: 'mcp/servers/get' }, ownPage);
      expect(response).toEqual({
        ok: false,
        error: {
          code: 'internal',
          message:
            'Something went wrong inside Patchbay. Try again; if it persists, reload the extension.',
        },
      });
      expect(JSON.stringify(response)).not.toContain('sk-live-1234');
      // The worker's own log keeps the kind of failure for whoever debugs it.
      expect(logged).toHaveBeenCalledWith(
        '[patchbay] unexpected error',
        expect.stringContaining('TypeError'),
      );
    } finally {
      logged.mockRestore();
    }
  });
  it('sends skills requests to the skills beside the manager, and has none without them', async () => {
    const harness = createHarness();
    const read = { uri: 'skill://notes/SKILL.md', text: 'Take notes.' };
    const skills = {
      list: vi.fn(async () => ({ skills: [], failures: [{ serverId: 'docs', message: 'Down.' }] })),
      decide: vi.fn(),
      read: vi.fn(async () => read),
    } as unknown as SkillsService;
    const withSkills = createRouter({
      manager: harness.manager,
      skills,
      extensionId: EXTENSION_ID,
    });
    await expect(
      withSkills.handle({ type: 'mcp/skills/list', payload: { allowedOnly: true } }, ownPage),
    ).resolves.toEqual({
      ok: true,
      result: { skills: [], failures: [{ serverId: 'docs', message: 'Down.' }] },
    });
    expect(skills.list).toHaveBeenCalledWith(true);
    const readRequest = { type: 'mcp/docs/skills/read', payload: { uri: read.uri } };
    await expect(withSkills.handle(readRequest, ownPage)).resolves.toEqual({
      ok: true,
      result: read,
    });
    expect(skills.read).toHaveBeenCalledWith('docs', { uri: read.uri });

    const without = createRouter({ manager: harness.manager, extensionId: EXTENSION_ID });
    await expect(without.handle({ type: 'mcp/skills/list' }, ownPage)).resolves.toEqual({
      ok: true,
      result: { skills: [], failures: [] },
    });
    await expect(without.handle(readRequest, ownPage)).resolves.toMatchObject({
      ok: false,
      error: { code: 'not-found', message: 'Skills are not available here.' },
    });
  });

  it('answers requests for servers that do not exist with not-found', async () => {
    const { router } = setup();
    const response = await router.handle({ type: 'mcp/missing/status/get' }, ownPage);
    expect(response).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('starts the sign-in when an OAuth server is switched on, and says why it failed', async () => {
    const harness = createHarness({
      catalog: CATALOG,
      fetch: () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } })),
    });
    const router = createRouter({ manager: harness.manager, extensionId: EXTENSION_ID });
    const response = await router.handle({ type: 'mcp/notion/enable' }, ownPage);
    expect(response).toEqual({ ok: true, result: { status: { state: 'registering' } } });
    expect(harness.store.snapshot()['mcp.notion.enabled']).toBe(true);
    await harness.waitForState('notion', 'needs-auth');
    expect(await harness.manager.getStatus('notion')).toEqual({
      state: 'needs-auth',
      error:
        "Signing in to Notion failed: Couldn't reach mcp.notion.com (ENOTFOUND). Check the URL and that the server is running, then retry.",
    });
    expect(Object.keys(harness.store.snapshot()).filter((key) => key.startsWith('oauth.'))).toEqual(
      [],
    );
  });
});
