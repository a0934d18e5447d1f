import { describe, expect, it, vi } from 'vitest';
import { routeWorkerMessages } from '../../../src/messaging/worker-messages';

const host = { id: 'patchbay', url: 'chrome-extension://patchbay/offscreen.html' };
const panel = { id: 'patchbay', url: 'chrome-extension://patchbay/sidepanel.html' };
const linkMessage = { type: 'browser-link/admission', payload: {} };

function setup() {
  const router = { handle: vi.fn(async () => ({ ok: true, result: 'router' })) };
  const linkRequest = vi.fn(async () => ({ ok: true, result: 'link' }));
  const handle = routeWorkerMessages({
    router,
    isLinkHost: async (sender) => sender === host,
    linkRequest,
  });
  return { router, linkRequest, handle };
}

describe('where a message to the worker goes', () => {
  it('gives the relay link’s requests from the offscreen host to the link', async () => {
    const { router, linkRequest, handle } = setup();
    await expect(handle(linkMessage, host)).resolves.toEqual({ ok: true, result: 'link' });
    expect(linkRequest).toHaveBeenCalledWith(linkMessage);
    expect(router.handle).not.toHaveBeenCalled();
  });

  it('refuses the relay link’s requests from any other sender, the link never asked', async () => {
    const { router, linkRequest, handle } = setup();
    await expect(handle(linkMessage, panel)).resolves.toMatchObject({
      ok: false,
      error: { code: 'forbidden-sender' },
    });
    expect(linkRequest).not.toHaveBeenCalled();
    expect(router.handle).not.toHaveBeenCalled();
  });

  it('gives every other message to the router, with its sender', async () => {
    const { router, linkRequest, handle } = setup();
    const message = { type: 'mcp/servers/get' };
    await expect(handle(message, host)).resolves.toEqual({ ok: true, result: 'router' });
    await handle(null, panel);
    expect(router.handle.mock.calls).toEqual([
      [message, host],
      [null, panel],
    ]);
    expect(linkRequest).not.toHaveBeenCalled();
  });
});
