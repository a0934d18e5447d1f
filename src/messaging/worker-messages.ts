import { isLinkRequestType } from './browser-link-contract';
import type { MessageSenderInfo } from './router';

/**
 * Where a message to the service worker goes: the relay link's requests are answered only when
 * the offscreen host sent them (the link lives there: src/relay-link/); everything else is the
 * router's, which answers only Patchbay's own pages.
 */
export function routeWorkerMessages<Sender extends MessageSenderInfo>(routes: {
  router: { handle(message: unknown, sender: MessageSenderInfo): Promise<unknown> };
  isLinkHost(sender: Sender): Promise<boolean>;
  linkRequest(message: unknown): Promise<unknown>;
}): (message: unknown, sender: Sender) => Promise<unknown> {
  return (message, sender) => {
    const type = (message as { type?: unknown } | null)?.type;
    if (!isLinkRequestType(type)) return routes.router.handle(message, sender);
    return routes.isLinkHost(sender).then((fromHost) =>
      fromHost
        ? routes.linkRequest(message)
        : {
            ok: false as const,
            error: {
              code: 'forbidden-sender' as const,
              message: 'Only Patchbay’s offscreen host may send the relay link’s requests.',
            },
          },
    );
  };
}
