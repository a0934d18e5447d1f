/**
 * Websites' tools and the browser's own, which the router takes like a server's tools by their
 * reserved server ids; they have nothing else a server has.
 */
import { PatchbayError } from '../errors/patchbay-error';
import type { BrowserAccessService } from '../browser-access/browser-access-service';
import type { PageToolsService } from '../page-tools/page-tools-service';
import { serverRequests, type ServerAction } from './contract';
import { validate } from './route';

/**
 * Websites' tools and the browser's own are called like a server's tools and have nothing else
 * a server has; apps may not call them, and a call runs to its end (nothing to cancel).
 */
function toolsOnly(
  whose: string,
  call: (name: string, args: Record<string, unknown>, callId?: string) => Promise<unknown>,
) {
  return async (action: ServerAction, payload: unknown, type: string): Promise<unknown> => {
    if (action === 'tool/call') {
      const input = validate(serverRequests['tool/call'], payload, type);
      if (input.caller === 'app')
        throw new PatchbayError('not-allowed', `${whose} tools are not for apps to call.`);
      return call(input.name, input.arguments, input.callId);
    }
    if (action === 'tool/cancel') return { cancelled: false };
    throw new PatchbayError('not-found', `${whose} tools are all there is to them.`);
  };
}

/** Websites' tools (src/page-tools/); without the service, no website offers any. */
export function pageToolsDispatch(pageTools: PageToolsService | undefined) {
  return toolsOnly('Websites’', (name, args) => {
    if (!pageTools) throw new PatchbayError('not-found', 'No website offers tools here.');
    return pageTools.call(name, args);
  });
}

/** The browser's own tools; the call's id finds the tab its approval card pinned. */
export function browserToolsDispatch(access: () => BrowserAccessService) {
  return toolsOnly('The browser’s', (name, args, callId) =>
    access().callFromChat(name, args, callId),
  );
}
